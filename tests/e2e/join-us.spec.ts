import { expect, test } from './fixtures';

// The empty application is refused by the server (422), which the browser reports.
test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 422 .*\/join-us\]$/ });

test('a buyer applies to join as a supplier, the platform approves, the company becomes a supplier', async ({ page, buyer, admin, signIn, newPage }) => {
  await signIn(buyer);
  await page.goto('/join-us');
  await expect(page.getByRole('heading', { level: 1, name: '入驻成为供应商' })).toBeVisible();
  await page.getByRole('button', { name: '提交入驻申请' }).click();
  // Nothing filled in: every field says what is wrong, nothing is filed.
  await expect(page.getByLabel('联系人')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('联系人').fill('林设计');
  await page.getByLabel('联系电话').fill('13800138000');
  await page.getByLabel('主营产品').fill('头层牛皮，超纤');
  await page.getByRole('button', { name: '提交入驻申请' }).click();
  await expect(page.getByRole('status').getByRole('heading', { name: '入驻申请审核中' })).toBeVisible();

  const platform = await newPage();
  await signIn(admin, platform.context());
  await platform.goto('/admin/supplier-applications');
  await platform.getByRole('button', { name: `通过「${buyer.personal.name}」的入驻申请` }).click();
  await expect(platform.getByRole('button', { name: `通过「${buyer.personal.name}」的入驻申请` })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: '已是供应商' })).toBeVisible();
  // The supplier screens no longer send this company to join-us.
  await page.goto('/supplier/apply-record');
  await expect(page.getByRole('heading', { level: 1, name: '样品申请处理' })).toBeVisible();
});
