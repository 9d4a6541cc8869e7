import { expect, test } from './fixtures';
import { openUserMenu, visit } from './support';

/** The back office (docs/product/routes.md#routes /admin): a platform administrator finds it from the user menu; others do not. */
// The buyer's visit to the index ends on the 403 page, which the browser logs as a failed load.
test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 403 .*\/403\?code=403/ });

test('a platform administrator reaches the back office from the user menu and each screen from its index', async ({ page, admin, buyer, signIn, newPage }) => {
  await signIn(admin);
  await visit(page, '/home');
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: '平台管理' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: '平台管理' })).toBeVisible();
  const main = page.getByRole('main');
  for (const [name, path] of [
    ['实名认证审核', '/admin/certifications'],
    ['入驻申请审核', '/admin/supplier-applications'],
    ['发件箱', '/admin/outbox'],
  ] as const) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await main.getByRole('link', { name: '实名认证审核', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '实名认证审核' })).toBeVisible();

  // A buyer has no such entry, and the index itself refuses them.
  const other = await newPage();
  await signIn(buyer, other.context());
  await visit(other, '/home');
  await expect((await openUserMenu(other)).getByRole('menuitem', { name: '平台管理' })).toHaveCount(0);
  await other.goto('/admin');
  await expect(other).toHaveURL(/\/403/);
});
