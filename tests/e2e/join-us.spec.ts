import { expect, test, type Browser } from '@playwright/test';
import { DEMO_PASSWORD, hydrated } from './support';

async function signedIn(browser: Browser, account: string) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fhome');
  await hydrated(page);
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
  return { context, page };
}

test('a buyer applies to join as a supplier, the platform approves, the company becomes a supplier', async ({ browser }) => {
  const buyer = await signedIn(browser, 'buyer@matlib.demo');
  await buyer.page.goto('/join-us');
  await expect(buyer.page.getByRole('heading', { level: 1, name: '入驻成为供应商' })).toBeVisible();
  await buyer.page.getByRole('button', { name: '提交入驻申请' }).click();
  // Nothing filled in: every field says what is wrong, nothing is filed.
  await expect(buyer.page.getByLabel('联系人')).toHaveAttribute('aria-invalid', 'true');
  await buyer.page.getByLabel('联系人').fill('林设计');
  await buyer.page.getByLabel('联系电话').fill('13800138000');
  await buyer.page.getByLabel('主营产品').fill('头层牛皮，超纤');
  await buyer.page.getByRole('button', { name: '提交入驻申请' }).click();
  await expect(buyer.page.getByRole('status').getByRole('heading', { name: '入驻申请审核中' })).toBeVisible();

  const admin = await signedIn(browser, 'admin@matlib.demo');
  await admin.page.goto('/admin/supplier-applications');
  await admin.page.getByRole('button', { name: /通过「林设计的个人空间」的入驻申请/ }).click();
  await expect(admin.page.getByText('没有待审核的入驻申请')).toBeVisible();

  await buyer.page.reload();
  await expect(buyer.page.getByRole('heading', { name: '已是供应商' })).toBeVisible();
  // The supplier screens no longer send this company to join-us.
  await buyer.page.goto('/supplier/home');
  expect(new URL(buyer.page.url()).pathname).toBe('/supplier/home');
  await buyer.context.close();
  await admin.context.close();
});
