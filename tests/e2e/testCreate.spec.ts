import { expect, test, type Locator, type Page } from '@playwright/test';
import { sidebar, signIn } from './helpers';

// The TESTOLOG builds a placement test on the full-screen editor (/edu/test/create), in Uzbek (the default).
const TESTOLOG = { phone: '+998900000011', password: 'testolog' };

const questions = (page: Page) => page.getByTestId('question');
const optionInput = (question: Locator, letter: string) => question.getByRole('textbox', { name: `${letter} variant` });
const correctBox = (question: Locator, letter: string) => question.getByRole('checkbox', { name: `${letter} variant to‘g‘ri javob` });

async function openEditor(page: Page) {
  await page.goto('/');
  await signIn(page, TESTOLOG);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/edu/test/create');
  await expect(page.getByTestId('test-editor')).toBeVisible();
}

test('the TESTOLOG creates a test, a question without a correct answer is refused inline, and the saved test reopens by id', async ({ page }) => {
  const title = `Kirish testi ${Date.now()}`;
  await openEditor(page);

  // Full screen: no sidebar, no app header, no bell; the editor's own bar instead.
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByTestId('menu-button')).toHaveCount(0);
  await expect(page.getByTestId('bell')).toHaveCount(0);
  await expect(page.getByTestId('test-topbar')).toBeVisible();
  await expect(page.getByTestId('test-branch')).toHaveText('Yunusobod');

  await page.getByLabel('Test nomi').fill(title);
  await page.getByLabel('Fan').selectOption({ label: 'Ingliz tili' });
  await page.getByLabel('Davomiyligi, daqiqa').fill('25');

  const first = questions(page).nth(0);
  await first.getByLabel('Savol matni').fill('She ___ a teacher.');
  await optionInput(first, 'A').fill('is');
  await optionInput(first, 'B').fill('are');
  await correctBox(first, 'A').check();

  await page.getByTestId('add-question').click();
  await expect(questions(page)).toHaveCount(2);
  const second = questions(page).nth(1);
  // The new question's text has the focus: type straight away; Enter in the last option adds a third.
  await expect(second.getByLabel('Savol matni')).toBeFocused();
  await page.keyboard.type('Choose the colours.');
  await optionInput(second, 'A').fill('red');
  await optionInput(second, 'B').fill('table');
  await optionInput(second, 'B').press('Enter');
  await expect(optionInput(second, 'C')).toBeFocused();
  await page.keyboard.type('blue');

  // No correct option in question 2: the contract's rule shows under it and nothing is saved.
  await page.getByTestId('save-test').click();
  await expect(second.getByTestId('options-error')).toHaveText('Kamida bitta to‘g‘ri javobni belgilang');
  await expect(first.getByTestId('options-error')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'invalid');
  await expect(page).not.toHaveURL(/id=/);
  await expect(page.getByTestId('test-list').getByText(title)).toHaveCount(0);

  // Marking the correct answers clears the message at once; then it saves.
  await correctBox(second, 'A').check();
  await correctBox(second, 'C').check();
  await expect(second.getByTestId('options-error')).toHaveCount(0);
  await page.getByTestId('save-test').click();
  await expect(page.getByText('Test saqlandi')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(page).toHaveURL(/\/edu\/test\/create\?id=\d+$/);

  const item = page.getByTestId('test-list').getByTestId('test-list-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('2 ta savol · 25 daqiqa');

  // A fresh load of ?id= brings the questions back as saved.
  await page.reload();
  await expect(page.getByLabel('Test nomi')).toHaveValue(title);
  await expect(questions(page)).toHaveCount(2);
  const again = questions(page).nth(1);
  await expect(again.getByLabel('Savol matni')).toHaveValue('Choose the colours.');
  await expect(optionInput(again, 'C')).toHaveValue('blue');
  await expect(correctBox(again, 'A')).toBeChecked();
  await expect(correctBox(again, 'B')).not.toBeChecked();
  await expect(correctBox(again, 'C')).toBeChecked();
  await expect(correctBox(questions(page).nth(0), 'A')).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'clean');
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);

  // The list opens a new test and back this one.
  await page.getByTestId('new-test').click();
  await expect(page).toHaveURL(/\/edu\/test\/create$/);
  await expect(page.getByLabel('Test nomi')).toHaveValue('');
  await item.getByRole('link').click();
  await expect(page.getByLabel('Test nomi')).toHaveValue(title);
  await expect(item.getByRole('link')).toHaveAttribute('aria-current', 'page');

  // Archive (after confirming) moves it to the archive list; restoring brings it back.
  await item.getByRole('button', { name: `Arxivlash: ${title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Arxivlash', exact: true }).click();
  await expect(page.getByText('Test arxivlandi')).toBeVisible();
  await expect(item).toHaveCount(0);
  const list = page.getByTestId('test-list');
  await list.getByRole('button', { name: 'Arxiv', exact: true }).click();
  await list.getByRole('button', { name: `Arxivdan chiqarish: ${title}` }).click();
  await expect(page.getByText('Test arxivdan chiqarildi')).toBeVisible();
  await list.getByRole('button', { name: 'Faol', exact: true }).click();
  await expect(item).toBeVisible();
});

test('an unsaved draft survives a reload, and leaving asks first', async ({ page }) => {
  const title = `Qoralama ${Date.now()}`;
  await openEditor(page);
  await page.getByLabel('Test nomi').fill(title);
  await questions(page).nth(0).getByLabel('Savol matni').fill('2 + 2 = ?');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'dirty');

  await page.reload();
  await expect(page.getByLabel('Test nomi')).toHaveValue(title);
  await expect(questions(page).nth(0).getByLabel('Savol matni')).toHaveValue('2 + 2 = ?');
  await expect(page.getByTestId('draft-restored')).toBeVisible();

  // The back link asks; staying keeps the work, leaving drops the draft.
  await page.getByRole('link', { name: 'Orqaga' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Saqlanmagan o‘zgarishlar bor');
  await dialog.getByText('Qolish', { exact: true }).click();
  await expect(page.getByLabel('Test nomi')).toHaveValue(title);
  await page.getByRole('link', { name: 'Orqaga' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Saqlamasdan chiqish' }).click();
  await expect(page).toHaveURL(/\/students\/testing$/);
  await page.goto('/edu/test/create');
  await expect(page.getByLabel('Test nomi')).toHaveValue('');
});

test('the preview scores the answers like a student sitting', async ({ page }) => {
  await openEditor(page);
  const first = questions(page).nth(0);
  await first.getByLabel('Savol matni').fill('5 × 6 = ?');
  await optionInput(first, 'A').fill('30');
  await optionInput(first, 'B').fill('36');
  await correctBox(first, 'A').check();
  await first.getByLabel('Ball').fill('3');

  await page.getByTestId('preview-toggle').click();
  const preview = page.getByTestId('test-preview');
  await expect(preview.getByRole('radio')).toHaveCount(2);
  await preview.getByRole('radio', { name: /36/ }).check();
  await page.getByTestId('preview-check').click();
  await expect(page.getByTestId('preview-score')).toContainText('Natija: 0 / 3 ball');
  await page.getByRole('button', { name: 'Qaytadan' }).click();
  await preview.getByRole('radio', { name: /30/ }).check();
  await page.getByTestId('preview-check').click();
  await expect(page.getByTestId('preview-score')).toContainText('Natija: 3 / 3 ball');

  // Back to editing: the draft is as it was.
  await page.getByTestId('preview-toggle').click();
  await expect(questions(page).nth(0).getByLabel('Savol matni')).toHaveValue('5 × 6 = ?');
});

test('questions move with the arrows and by dragging with the keyboard; duplicate and remove', async ({ page }) => {
  await openEditor(page);
  const texts = () => page.locator('[data-question-text]').evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
  await questions(page).nth(0).getByLabel('Savol matni').fill('birinchi');
  await page.getByTestId('add-question').click();
  await page.keyboard.type('ikkinchi');
  await questions(page).nth(0).getByRole('button', { name: 'Savoldan nusxa olish' }).click();
  await expect.poll(texts).toEqual(['birinchi', 'birinchi', 'ikkinchi']);
  await expect(questions(page).nth(1).getByLabel('Savol matni')).toBeFocused();

  await questions(page).nth(2).getByRole('button', { name: 'Yuqoriga ko‘chirish' }).click();
  await expect.poll(texts).toEqual(['birinchi', 'ikkinchi', 'birinchi']);
  await questions(page).nth(2).getByRole('button', { name: 'Savolni o‘chirish' }).click();
  await expect.poll(texts).toEqual(['birinchi', 'ikkinchi']);

  // Keyboard drag and drop on the handle: Space, arrow down, Space.
  const handle = questions(page).nth(0).getByRole('button', { name: '1-savolni sudrab ko‘chirish' });
  await handle.focus();
  // Each step waits for what a screen reader hears (in the interface language).
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The keyboard sensor listens for arrows a moment after the drag starts: wait until the question is announced
  // over its own place (the pick-up is followed at once by that).
  await expect(page.getByText('1-savol 1-o‘rin ustida.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('1-savol 2-o‘rin ustida.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('1-savol 2-o‘ringa qo‘yildi.')).toBeAttached();
  await expect.poll(texts).toEqual(['ikkinchi', 'birinchi']);
  await expect(page.getByTestId('questions-summary')).toHaveText('2 ta savol · jami 2 ball');
});
