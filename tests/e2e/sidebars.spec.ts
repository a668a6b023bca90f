import { expect, test } from '@playwright/test';
import { DEMO, signIn, sidebar } from './helpers';

test('a teacher sees only their links, without section rows, and no branch switcher', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  const nav = sidebar(page);
  await expect(nav).toBeVisible();
  await expect(nav.locator('[data-testid^="nav-section-"]')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Guruhlar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dars jadvali' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Vazifalar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kassalar' })).toHaveCount(0);
  await expect(page.getByTestId('branch-switcher')).toHaveCount(0);
  await expect(page.getByTestId('role-label')).toHaveText('O‘qituvchi');

  // A page outside their permissions is refused, even typed into the address bar.
  await page.goto('/cashiers');
  await expect(page.getByRole('heading', { name: 'Bu sahifani ko‘rishga ruxsatingiz yo‘q.' })).toBeVisible();
});

test('a director sees every section, each toggling its children, and the branch switcher', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  const nav = sidebar(page);
  for (const key of ['leads', 'students', 'edu', 'monitoring', 'cashiers', 'tasks', 'employees', 'control']) {
    await expect(nav.getByTestId(`nav-section-${key}`)).toBeVisible();
  }
  await expect(page.getByTestId('branch-switcher')).toBeVisible();

  // A deep link opens its own section.
  await page.goto('/cashiers/archive');
  await expect(nav.getByTestId('nav-link-cashiers_archive')).toHaveAttribute('aria-current', 'page');
  await page.goto('/');

  // A section without its own link toggles its children; a child link navigates.
  await page.getByTestId('nav-section-students').click();
  await expect(nav.getByTestId('nav-link-active_students')).toBeVisible();
  await nav.getByTestId('nav-link-active_students').click();
  await expect(page).toHaveURL(/\/students\/active$/);
  await expect(page.getByRole('heading', { name: 'Faol o‘quvchilar' })).toBeVisible();
  await expect(page.getByTestId('student-list-tabs')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Joylashuv' })).toContainText('Faol o‘quvchilar');

  // A section with its own link navigates there.
  await page.getByTestId('nav-section-tasks').click();
  await expect(page).toHaveURL(/\/tasks$/);

  // Ctrl+B collapses the sidebar and the choice survives a reload (cookie).
  const before = await nav.getAttribute('data-wide');
  await page.mouse.move(800, 400);
  await page.keyboard.press('Control+b');
  await page.mouse.move(900, 500);
  await expect(nav).not.toHaveAttribute('data-wide', before ?? 'true');
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-wide', before === 'true' ? 'false' : 'true');
});

test('on a phone the menu is a drawer with an overlay that closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  const nav = sidebar(page);
  await expect(nav).toHaveAttribute('data-drawer', 'closed');
  await expect(nav).not.toBeInViewport();
  await page.getByTestId('menu-button').click();
  await expect(nav).toHaveAttribute('data-drawer', 'open');
  await expect(nav).toBeInViewport();
  await page.getByTestId('drawer-overlay').click({ position: { x: 370, y: 400 } });
  await expect(nav).toHaveAttribute('data-drawer', 'closed');
  await expect(page.getByTestId('branch-switcher')).toBeHidden();
});
