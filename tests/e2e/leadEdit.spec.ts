// A lead's edits and its archive. Taking a lead to an order and the order to a student are the call operator's and
// the administrator's journeys (journeys/callOperator.spec.ts, journeys/administrator.spec.ts).
import { expect, test } from '@playwright/test';
import { apiSignIn, signIn } from './helpers';
import { CALL_OPERATOR, randomLocalPhone, suffix } from './journeys/records';

test('the call operator edits a lead (bad input answered under its field), archives it with a reason and restores it', async ({ page, request }) => {
  const operator = { Authorization: `Bearer ${(await apiSignIn(request, CALL_OPERATOR)).access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers: operator })).json()) as { filial: number[] };
  const name = `E2E Tahrir ${suffix()}`;
  const created = await request.post('/api/lid/', { headers: operator, data: { filial: me.filial[0], full_name: name, phone: `+998${randomLocalPhone()}` } });
  expect(created.status()).toBe(201);
  const lead = (await created.json()) as { id: number };

  await page.goto(`/leads/lead_info?id=${lead.id}`);
  await signIn(page, CALL_OPERATOR);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A half-typed extra phone is refused in the form, under its field, before anything is sent.
  await page.getByTestId('lead-edit').click();
  const form = page.getByTestId('lead-edit-form');
  const renamed = `${name} Karimova`;
  await form.locator('input[name=full_name]').fill(renamed);
  await form.locator('input[name=extra_phone]').pressSequentially('9012');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.locator('input[name=extra_phone]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Telefon raqami +998 XX XXX XX XX ko‘rinishida bo‘lsin')).toBeVisible();

  // The server's 400 lands under the field it names.
  await form.locator('input[name=extra_phone]').fill('');
  await page.route(`**/api/lid/${lead.id}/`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ phone: ['Bu raqam boshqa lidga tegishli'] }) })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByText('Bu raqam boshqa lidga tegishli')).toBeVisible();
  await expect(form.locator('input[name=phone]')).toHaveAttribute('aria-invalid', 'true');
  await page.unroute(`**/api/lid/${lead.id}/`);
  await form.locator('input[name=phone]').press('End');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'update');

  // Archive with a reason, then restore to the same stage.
  await page.getByTestId('lead-move-archive').click();
  const archive = page.getByTestId('lead-archive-form');
  await expect(archive.getByRole('button', { name: 'Arxivlash' })).toBeDisabled();
  await archive.locator('select[name=reason]').selectOption('no_answer');
  await archive.getByRole('button', { name: 'Arxivlash' }).click();
  const stage = page.getByTestId('lead-stage');
  await expect(stage).toHaveAttribute('data-archived', 'true');
  await expect(page.getByTestId('lead-facts')).toContainText('Javob bermayapti');
  await expect(page.getByTestId('lead-history-row').first()).toContainText('Javob bermayapti');
  await expect(page.getByTestId('lead-move-order')).toHaveCount(0);
  await page.getByTestId('lead-move-restore').click();
  await expect(stage).toHaveAttribute('data-archived', 'false');
  await expect(stage).toHaveAttribute('data-stage', 'YANGI_LEAD');
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'restore');
  await expect(page.getByTestId('lead-move-wait')).toBeVisible();
});
