// Issue 17, parents on Telegram, in the browser: the administrator makes a one-time link on the student card (a QR
// code and the link), the parent opens it in Telegram (the fake Bot API of scripts/e2e-server.mjs plays the parent),
// the bot answers, the card lists the parent's chat, and the administrator unlinks it.
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { DEMO, signIn } from './helpers';
import { chilonzor, headersOf, ownStudent, suffix } from './journeys/records';

const telegram = `http://127.0.0.1:${E2E_PORT + 1}`;

test('the administrator links a parent’s Telegram to a student and unlinks it', async ({ page, request }) => {
  const headers = await headersOf(request, DEMO.administrator);
  const student = await ownStudent(request, headers, await chilonzor(request, headers), `Telegram Sinov ${suffix()}`);

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/students/info?id=${student.id}&tab=parents`);
  const panel = page.getByTestId('parents-telegram');
  await expect(panel).toContainText('Hali hech bir ota-ona ulanmagan.');
  await panel.getByTestId('telegram-make-link').click();
  const link = panel.getByTestId('telegram-link');
  await expect(link.getByRole('img', { name: 'Telegram havolasining QR kodi' })).toBeVisible();
  const url = await link.getByTestId('telegram-link-url').textContent();
  expect(url).toMatch(/^https:\/\/t\.me\/markaz_e2e_bot\?start=[A-Za-z0-9_-]{32}$/);

  // The parent opens the link: Telegram sends the bot /start with the token.
  const chat = 8_000_000_000 + Math.floor(Math.random() * 1e6);
  const token = new URL(url!).searchParams.get('start');
  const said = await request.post(`${telegram}/__test/say`, { data: { chat_id: chat, text: `/start ${token}`, first_name: 'Malika' } });
  expect(said.ok()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`${telegram}/__test/sent`)).json()) as { chat_id: number; text: string }[]).find((m) => m.chat_id === chat)?.text, { timeout: 15_000 })
    .toContain(student.full_name);

  await page.reload();
  const chats = panel.getByTestId('telegram-chats');
  await expect(chats).toContainText('Malika');
  await chats.getByTestId('telegram-unlink').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Uzish' }).click();
  await expect(page.getByTestId('toasts').getByText('Chat uzildi')).toBeVisible();
  await expect(chats).not.toContainText('Malika');
});
