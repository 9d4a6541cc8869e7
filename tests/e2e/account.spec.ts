import type { Page } from '@playwright/test';
import { expect, test, type Person } from './fixtures';
import { hydrated, openUserMenu, visit } from './support';

test.describe('account settings', () => {
  test.use({ locale: 'zh-CN' });

  test('tell an uncertified buyer why they are closed and lead to certification', async ({ page, buyer, signIn }) => {
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
    await expect(main.getByText(/只对已完成实名认证的用户开放/)).toBeVisible();
    await expect(main.getByRole('link', { name: '前往实名认证' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
    await expect(main.getByLabel('当前密码')).toHaveCount(0);
    await expect(main.getByRole('button', { name: '获取验证码' })).toHaveCount(0);
  });
});

test.describe('account settings in English', () => {
  test.use({ locale: 'en-US' });

  test('explain the certification step', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get certified' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
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
