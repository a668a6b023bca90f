// The administrator at the door changes an order's group or date: closing the dialog without saving leaves the
// order as it was (it used to be cancelled already); saving moves it in one write, shown in the history.
import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, orderableGroup, signIn } from './helpers';

type Lead = { id: number; stage: string; order_group: { id: number } | null; first_lesson_date: string | null };

const uzDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const randomPhone = () => `+99895${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;


test('closing “change group or date” leaves the order as it was; saving moves it in one step', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.administrator)).access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers: admin })).json()) as { filial: number[] };
  const { group, days } = await orderableGroup(request, admin, me.filial[0]);
  const name = `E2E O‘zgartirish ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/lid/', { headers: admin, data: { filial: me.filial[0], full_name: name, phone: randomPhone() } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as Lead).id;
  const ordered = await request.patch(`/api/lid/${id}/create_order`, { headers: admin, data: { group: group.id, first_lesson_date: days[0] } });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const readLead = async () => (await (await request.get(`/api/lid/${id}`, { headers: admin })).json()) as Lead;

  await page.goto(`/leads/orders/info?id=${id}`);
  await signIn(page, DEMO.administrator);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('order-first-lesson')).toContainText(uzDate(days[0]));

  // Open the dialog and close it without saving: nothing changes, on the server or on the page.
  await page.getByTestId('lead-move-change').click();
  const form = page.getByTestId('lead-order-form');
  await expect(form).toBeVisible();
  await expect(form.locator('select[name=group]')).toHaveValue(String(group.id));
  await expect(form.locator('select[name=first_lesson_date]')).toHaveValue(days[0]);
  await page.getByRole('dialog').getByRole('button', { name: 'Yopish' }).click();
  await expect(form).toHaveCount(0);
  expect(await readLead()).toMatchObject({ stage: 'ORDER_CREATED', order_group: { id: group.id }, first_lesson_date: days[0] });
  await expect(page.getByTestId('lead-stage')).toHaveAttribute('data-stage', 'ORDER_CREATED');
  await expect(page.getByTestId('order-first-lesson')).toContainText(uzDate(days[0]));
  // Cancel in the dialog (the button) is the same.
  await page.getByTestId('lead-move-change').click();
  await form.getByRole('button', { name: 'Bekor qilish' }).click();
  await expect(form).toHaveCount(0);
  expect(await readLead()).toMatchObject({ stage: 'ORDER_CREATED', first_lesson_date: days[0] });

  // Another day, saved: the order moves in one step and the history says so.
  await page.getByTestId('lead-move-change').click();
  await form.locator('select[name=first_lesson_date]').selectOption(days[1]);
  await form.getByTestId('lead-order-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('order-first-lesson')).toContainText(uzDate(days[1]));
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'reorder');
  await expect(page.getByTestId('lead-history-row').first()).toContainText('Buyurtma o‘zgartirildi');
  expect(await readLead()).toMatchObject({ stage: 'ORDER_CREATED', order_group: { id: group.id }, first_lesson_date: days[1] });
});
