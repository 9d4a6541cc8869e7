import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { CER_STATUS } from '../../src/lib/contracts/certification';
import { getDb } from '../../src/lib/server/db/client';
import { users } from '../../src/lib/server/db/schema';
import { expect, test, type Person } from './fixtures';
import { fillSignInForm, hydrated, openUserMenu, visit } from './support';

test.describe('account settings', () => {
  // The old password, tried after the change, is refused: the browser logs that answer.
  test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 422 .*\/passport\/login\// });

  test('tell an uncertified buyer that their company must be certified, and where to change the password meanwhile', async ({ page, buyer, signIn, newPage }) => {
    test.setTimeout(120_000);
    // Certified in person, which is not what a buyer needs (docs/product/companies.md#certification).
    await getDb().update(users).set({ personalCerStatus: CER_STATUS.certified }).where(eq(users.id, buyer.id));
    await signIn(buyer);
    await visit(page, '/home');
    // docs/product/routes.md#roles: the menu only offers account settings to certified users; the page says why to anyone who types the URL.
    await expect((await openUserMenu(page)).getByRole('menuitem', { name: '账号设置' })).toHaveCount(0);

    const response = await page.goto('/account-settings');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL('/account-settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '账号设置' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: '暂时不能使用账号设置' })).toBeVisible();
    await expect(main).toContainText('账号设置只对所在企业已通过企业认证的用户开放');
    await expect(main).toContainText(`你当前所在的企业「${buyer.personal.name}」还没有通过企业认证`);
    await expect(main).not.toContainText('个人实名认证');
    await expect(main.getByRole('link', { name: '前往企业认证' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
    await expect(main.getByLabel('当前密码')).toHaveCount(0);
    await expect(main.getByRole('button', { name: '获取验证码' })).toHaveCount(0);

    // The password needs no certification: the personal center changes it.
    await main.getByRole('link', { name: '去修改密码' }).click();
    await expect(page).toHaveURL('/profile/info?tab=password');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: '个人中心分区' }).getByRole('link', { name: '修改密码' })).toHaveAttribute('aria-current', 'page');
    const card = page.getByRole('region', { name: '修改密码' });
    const fresh = 'a new horse battery';
    await card.getByLabel('当前密码').fill(buyer.password);
    await card.getByLabel('新密码', { exact: true }).fill(fresh);
    await card.getByLabel('确认新密码').fill(fresh);
    await card.getByRole('button', { name: '保存新密码' }).click();
    await expect(card.getByRole('status')).toHaveText('密码已修改，其他设备上的登录已退出。');

    // The new password signs in elsewhere; the old one no longer does.
    const elsewhere = await newPage();
    await elsewhere.goto('/login');
    await hydrated(elsewhere);
    await fillSignInForm(elsewhere, { account: buyer.account, password: buyer.password });
    await expect(elsewhere.getByText('账号或密码不正确')).toBeVisible();
    await fillSignInForm(elsewhere, { account: buyer.account, password: fresh });
    await expect(elsewhere).not.toHaveURL(/\/login/);
  });

  test('tell a supplier it is their own real-name certification that is missing', async ({ page, supplier, signIn }) => {
    await signIn(supplier.member);
    await page.goto('/account-settings');
    const main = page.getByRole('main');
    await expect(main).toContainText('账号设置只对已通过个人实名认证的用户开放');
    await expect(main).not.toContainText('企业认证');
    await expect(main.getByRole('link', { name: '前往个人实名认证' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
    await expect(main.getByRole('link', { name: '去修改密码' })).toHaveAttribute('href', '/profile/info?tab=password');
  });
});

test.describe('account settings in English', () => {
  test.use({ locale: 'en-US' });

  test('explain the certification step', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Your current company, ${buyer.personal.name}, has not`);
    await expect(page.getByRole('link', { name: 'Certify the company' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
    await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/profile/info?tab=password');
  });
});

test.describe('cancelling the account', () => {
  test.use({ locale: 'zh-CN' });

  test('asks for a removal with a code, freezes the account, and the frozen page withdraws it', async ({ page, buyer, admin, signIn, newPage }) => {
    test.setTimeout(120_000);
    await signIn(buyer);
    await visit(page, '/home');
    await (await openUserMenu(page)).getByRole('menuitem', { name: '注销账号' }).click();
    await expect(page).toHaveURL('/logoff/main');
    await expect(page.getByRole('heading', { level: 1, name: '注销账号' })).toBeVisible();
    await expect(page.getByRole('region', { name: '注销须知' })).toContainText('15 天内');
    await hydrated(page);

    const form = page.getByRole('region', { name: '确认注销' });
    // The code goes to the signed-in account only: it is stated, not asked for.
    await expect(form).toContainText(`验证码将发送至你的账号 ${buyer.account}`);
    await expect(form.getByRole('textbox', { name: /账号/ })).toHaveCount(0);

    // Nothing filled in: the code and the confirmation are asked for, and the focus goes to the first.
    const submit = form.getByRole('button', { name: '申请注销' });
    await submit.click();
    const code = form.getByRole('textbox', { name: '验证码' });
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription('请输入验证码');
    await expect(code).toBeFocused();
    const confirm = form.getByRole('checkbox', { name: '我已阅读注销须知，确认注销账号' });
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('请先确认已阅读注销须知');

    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(form.getByRole('status')).toContainText('验证码已发送');
    await expect(form.getByRole('button', { name: /秒后可重新获取/ })).toBeDisabled();
    await expect(code).toBeFocused();

    // Codes never reach the browser that asked for them: a platform administrator, on a computer of their own,
    // reads the newest one sent to the account from the development outbox (newest first).
    const outbox = await newPage();
    await signIn(admin, outbox.context());
    await code.fill(await readCode(outbox, buyer));
    const reason = form.getByRole('textbox', { name: '注销原因（选填）' });
    await reason.fill('不再需要');
    await expect(reason).toHaveAccessibleDescription('已输入 4/200 字');
    await confirm.check();
    await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();

    await expect(page).toHaveURL('/logoff/cancel');
    await expect(page.getByRole('heading', { level: 1, name: '账号已冻结' })).toBeVisible();
    // While the request is pending there is nothing to ask for again.
    await page.goto('/logoff/main');
    await expect(page).toHaveURL('/logoff/cancel');
    // On a phone, in English, the longest action wraps inside the panel instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Withdraw the removal request' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().addCookies([{ name: 'lang', value: 'cn', url: page.url() }]);
    await page.reload();

    await page.getByRole('button', { name: '撤销注销申请' }).click();
    await expect(page).toHaveURL('/home');
    await page.goto('/logoff/main');
    await expect(page.getByRole('heading', { level: 1, name: '注销账号' })).toBeVisible();
  });
});

async function readCode(outbox: Page, person: Person): Promise<string> {
  await outbox.goto('/admin/outbox');
  const row = outbox
    .getByRole('row')
    .filter({ has: outbox.getByRole('cell', { name: person.account, exact: true }) })
    .first();
  const code = /验证码[：:]\s*(\d{6})/.exec((await row.textContent()) ?? '')?.[1];
  if (!code) throw new Error(`no code for ${person.account} in the outbox`);
  return code;
}
