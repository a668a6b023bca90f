// Mentions in comments: an administrator writes a comment on a student of their own and mentions the director with
// the composer's MentionPicker (a chip); the director's bell shows the notification, and its link opens the
// student's comments with the comment in them.
import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

test('an administrator mentions the director in a student comment and the director’s bell links to it', async ({ page, browser, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { access_token } = await apiSignIn(request, DEMO.administrator);
  const headers = { authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', { headers, data: { filial: chilonzor.id, full_name: `Izoh Sinov ${suffix}`, phone, status: 'new' } });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number };
  const text = `Ota-onasiga qo‘ng‘iroq qiling ${suffix}`;

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/students/info?id=${student.id}&tab=comments`);
  const form = page.getByTestId('comment-form');
  await form.getByLabel('Yangi izoh').fill(text);
  const picker = form.getByTestId('mention-picker');
  await picker.getByLabel('Eslatish').selectOption({ label: 'Akmal Karimov · Direktor' });
  const chips = picker.getByTestId('mention-chips');
  await expect(chips).toContainText('@Akmal Karimov');
  // The chosen person leaves the list; removing the chip brings them back, and choosing again adds the chip.
  await expect(picker.getByLabel('Eslatish').locator('option', { hasText: 'Akmal Karimov' })).toHaveCount(0);
  await chips.getByRole('button', { name: 'Olib tashlash: Akmal Karimov' }).click();
  await expect(picker.getByTestId('mention-chips')).toHaveCount(0);
  await picker.getByLabel('Eslatish').selectOption({ label: 'Akmal Karimov · Direktor' });
  await expect(picker.getByTestId('mention-chips')).toContainText('@Akmal Karimov');
  await form.getByRole('button', { name: 'Izoh qo‘shish' }).click();
  await expect(page.getByTestId('comments-list')).toContainText(text);
  await expect(picker.getByTestId('mention-chips')).toHaveCount(0);

  const director = await browser.newContext();
  const dPage = await director.newPage();
  await dPage.goto('/login');
  await signIn(dPage, DEMO.director);
  await expect(dPage).not.toHaveURL(/\/login$/);
  await dPage.getByTestId('bell').click();
  const link = dPage.getByTestId('notification-link').filter({ hasText: suffix });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/students/info?id=${student.id}&tab=comments`);
  await link.click();
  await expect(dPage).toHaveURL(new RegExp(`/students/info\\?id=${student.id}&tab=comments$`));
  await expect(dPage.getByTestId('comments-list')).toContainText(text);
  await director.close();
});
