import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

type Headers = { Authorization: string };

async function setUp(request: APIRequestContext) {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers: Headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const suffix = Math.random().toString(36).slice(2, 8);
  const student = async (name: string) => {
    const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const res = await request.post('/api/students/', { headers, data: { filial: chilonzor.id, full_name: `${name} ${suffix}`, phone, status: 'new' } });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number; full_name: string };
  };
  // A name that sorts first, so the item is on the list's first page.
  const item = await request.post('/api/shop/items/', { headers, data: { filial: chilonzor.id, name: `Aa Sovg‘a ${suffix}`, price_coins: 50, stock: 3 } });
  expect(item.status()).toBe(201);
  return { headers, chilonzor, suffix, student, item: (await item.json()) as { id: number; name: string } };
}

const coinsOf = async (request: APIRequestContext, headers: Headers, student: number) =>
  ((await (await request.get(`/api/bonus/balance/${student}/`, { headers })).json()) as { coins: number }).coins;

// The director awards coins to a student on the bonuses page, sells them two of an item in the shop: the item's
// stock and the student's coins drop. Asking for more than the stock, or for a piece another sale took meanwhile,
// shows the message.
test('the director awards coins, sells an item for them, and cannot sell more than the stock', async ({ page, request }) => {
  const { headers, student, item, suffix } = await setUp(request);
  const buyer = await student('Bonus Sinov');

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);

  // Award 200 coins with a quick reason.
  await page.goto('/control/bonuses');
  await expect(page.getByRole('heading', { level: 1, name: 'Bonuslar' })).toBeVisible();
  await page.getByTestId('award-one').click();
  const award = page.getByTestId('award-form');
  await award.getByTestId('student-search').fill(`Bonus Sinov ${suffix}`);
  await award.getByRole('option', { name: new RegExp(buyer.full_name) }).click();
  await expect(award.getByTestId('award-chosen')).toContainText(`${buyer.full_name} (0 coin)`);
  await award.getByLabel('Coin miqdori').fill('200');
  await award.getByTestId('reason-testResult').click();
  await expect(award.getByRole('textbox', { name: 'Sabab' })).toHaveValue('Test natijasi uchun');
  await award.getByTestId('award-submit').click();
  await expect(page.getByText(`${buyer.full_name} hisobiga 200 coin qo‘shildi`)).toBeVisible();
  await expect(page.getByTestId('bonus-entries-table').getByRole('row', { name: new RegExp(buyer.full_name) }).first()).toContainText('+200');
  expect(await coinsOf(request, headers, buyer.id)).toBe(200);

  // Sell two pieces at 50 coins.
  await page.goto('/control/shop');
  const row = page.getByTestId('shop-items-table').getByRole('row', { name: new RegExp(item.name) });
  await expect(row).toContainText('3 dona');
  await row.getByTestId('item-sell').click();
  const sell = page.getByTestId('sell-form');
  await sell.getByTestId('student-search').fill(`Bonus Sinov ${suffix}`);
  await sell.getByRole('option', { name: new RegExp(buyer.full_name) }).click();
  await expect(sell.getByTestId('sell-balance')).toHaveText('200');
  await sell.getByLabel('Soni').fill('2');
  await expect(sell.getByTestId('sell-total')).toHaveText('100');
  await expect(sell.getByTestId('sell-left')).toHaveText('100');
  await sell.getByTestId('sell-confirm').click();
  await expect(page.getByText(`Sotildi: ${item.name} — ${buyer.full_name}. Qolgan coinlari: 100`)).toBeVisible();
  await expect(row).toContainText('1 dona');
  expect(await coinsOf(request, headers, buyer.id)).toBe(100);
  await page.getByRole('tab', { name: 'Xaridlar' }).click();
  await expect(page.getByTestId('shop-purchases-table').getByRole('row', { name: new RegExp(buyer.full_name) })).toContainText('−100');

  // More than the stock: the dialog says so before sending.
  await page.getByRole('tab', { name: 'Mahsulotlar' }).click();
  await row.getByTestId('item-sell').click();
  await sell.getByTestId('student-search').fill(`Bonus Sinov ${suffix}`);
  await sell.getByRole('option', { name: new RegExp(buyer.full_name) }).click();
  await sell.getByLabel('Soni').fill('2');
  await expect(sell.getByText('Qoldiqda atigi 1 dona bor')).toBeVisible();
  await sell.getByTestId('sell-confirm').click();
  await expect(sell).toBeVisible();
  // The last piece goes to someone else meanwhile: the server's refusal is shown, nothing is sold.
  const other = await student('Boshqa Xaridor');
  expect((await request.post('/api/bonus/', { headers, data: { student: other.id, coins: 50, reason: 'Test natijasi uchun' } })).status()).toBe(201);
  expect((await request.post('/api/shop/purchase/', { headers, data: { item: item.id, student: other.id } })).status()).toBe(201);
  await sell.getByLabel('Soni').fill('1');
  await sell.getByTestId('sell-confirm').click();
  await expect(sell.getByTestId('form-alert')).toHaveText(`«${item.name}» qoldig‘i yetarli emas: 0 dona bor, 1 dona so‘raldi`);
  expect(await coinsOf(request, headers, buyer.id)).toBe(100);
});

test('a group’s ticked students get the same coins at once', async ({ page, request }) => {
  const { headers, chilonzor } = await setUp(request);
  const groups = (await (await request.get(`/api/bonus/groups/?filial=${chilonzor.id}`, { headers })).json()) as { id: number; name: string; students: number }[];
  const group = groups.find((g) => g.students > 1)!;
  const roster = (await (await request.get(`/api/bonus/students/?group=${group.id}`, { headers })).json()) as { id: number; coins: number }[];

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/bonuses');
  await page.getByTestId('award-group').click();
  const form = page.getByTestId('group-award-form');
  await form.getByRole('combobox').selectOption(String(group.id));
  await expect(form.getByTestId('group-roster').getByRole('checkbox')).toHaveCount(roster.length);
  // Leave the first student out.
  await form.getByTestId('group-roster').getByRole('checkbox').first().uncheck();
  await form.getByLabel('Coin miqdori').fill('7');
  await form.getByRole('textbox', { name: 'Sabab' }).fill('Olimpiada');
  await form.getByTestId('group-award-submit').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`${roster.length - 1} ta o‘quvchiga 7 coindan berildi`)).toBeVisible();
  const after = (await (await request.get(`/api/bonus/students/?group=${group.id}`, { headers })).json()) as { id: number; coins: number }[];
  const before = new Map(roster.map((s) => [s.id, s.coins]));
  // Both lists are by name: the first student was left out, everyone else got 7.
  expect(after.map((s) => s.coins - (before.get(s.id) ?? 0))).toEqual([0, ...Array(roster.length - 1).fill(7)]);
});
