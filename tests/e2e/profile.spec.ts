import { expect, test, type Browser } from '@playwright/test';
import { hydrated } from './support';


async function signIn(browser: Browser, account: string, redirect: string) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.getByLabel('账号（手机号或邮箱）').fill(account);
  await page.getByLabel('密码').fill('matlib-demo');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(redirect);
  return { context, page };
}

test('a buyer submits a personal certification, a platform administrator approves it, the buyer is certified', async ({ browser }) => {
  const buyer = await signIn(browser, 'buyer@matlib.demo', '/profile/info?tab=cert-info');
  await expect(buyer.page.getByRole('navigation', { name: '个人中心分区' }).getByRole('link', { name: '认证信息' })).toHaveAttribute('aria-current', 'page');
  const personal = buyer.page.getByRole('region', { name: '个人认证' });
  await expect(personal.getByText('未认证', { exact: true })).toBeVisible();

  // A number whose check character is wrong comes back under its field, in the page's language.
  await personal.getByLabel('真实姓名').fill('林设计');
  await personal.getByLabel('证件类型').selectOption({ label: '居民身份证' });
  await personal.getByLabel('证件号码').fill('110105194912310021');
  await personal.getByRole('button', { name: '提交认证' }).click();
  const number = buyer.page.getByRole('region', { name: '个人认证' }).getByLabel('证件号码');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('证件号码与证件类型不符');
  await expect(personal.getByLabel('真实姓名')).toHaveValue('林设计');

  await number.fill('11010519491231002X');
  await personal.getByRole('button', { name: '提交认证' }).click();
  await expect(buyer.page).toHaveURL('/profile/info?tab=cert-info&done=submit-personal');
  await expect(buyer.page.getByRole('main').getByRole('status')).toHaveText('已提交，请等待平台审核');
  await expect(personal.getByText('审核中')).toBeVisible();
  await expect(personal.getByText('未认证', { exact: true })).toBeVisible();
  await expect(personal.getByText('110***********002X')).toBeVisible();
  await expect(personal.getByRole('button', { name: '撤回申请' })).toBeVisible();

  const admin = await signIn(browser, 'admin@matlib.demo', '/admin/certifications');
  await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('实名认证审核');
  const row = admin.page.getByRole('row').filter({ hasText: 'buyer@matlib.demo' });
  await expect(row).toContainText('11010519491231002X');
  await row.getByRole('button', { name: '通过' }).click();
  await expect(admin.page.getByRole('main').getByRole('status')).toHaveText('已通过该申请');
  await expect(admin.page.getByRole('row').filter({ hasText: 'buyer@matlib.demo' })).toHaveCount(0);
  await admin.context.close();

  await buyer.page.goto('/profile/info?tab=cert-info');
  await expect(personal.getByText('已认证', { exact: true })).toBeVisible();
  await expect(personal.getByText(/^已于 .+ 通过认证$/)).toBeVisible();
  await expect(personal.getByRole('button', { name: '提交认证' })).toHaveCount(0);
  await buyer.page.getByRole('link', { name: '基本信息' }).click();
  await expect(buyer.page.getByRole('region', { name: '基本信息' }).getByText('林设计', { exact: true })).toBeVisible();
  await buyer.context.close();
});

test('the review page is for platform administrators only', async ({ browser }) => {
  const buyer = await signIn(browser, 'buyer@matlib.demo', '/profile/info?tab=basic');
  const response = await buyer.page.goto('/admin/certifications');
  expect(response?.status()).toBe(403);
  await buyer.context.close();
});
