import { devices } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillSignInForm, hydrated, visit } from './support';

// Password sign-in with a wrong then right password is covered in shell.spec.ts. Codes go to the development
// outbox, which a browser cannot read: full code-login, register and reset journeys are the API's integration tests.
test.describe('the sign-in flow', () => {
  test.use({ locale: 'zh-CN' });

  test('switches to the code tab with the keyboard and counts down after sending a code', async ({ page, buyer }) => {
    await visit(page, '/login?redirect=%2Fhome');
    const methods = page.getByRole('tablist', { name: '登录方式' });
    const passwordTab = methods.getByRole('tab', { name: '账号登录' });
    const codeTab = methods.getByRole('tab', { name: '验证码登录' });
    await expect(passwordTab).toHaveAttribute('aria-selected', 'true');
    await passwordTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(codeTab).toBeFocused();
    await expect(codeTab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL('/login?redirect=%2Fhome&tab=code');
    const panel = page.getByRole('tabpanel', { name: '验证码登录' });

    // Sending needs an account: the error goes under the account field, which gets the focus.
    await panel.getByRole('button', { name: '获取验证码' }).click();
    const account = panel.getByRole('textbox', { name: '账号（手机号或邮箱）' });
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toHaveAccessibleDescription('请输入账号');
    await expect(account).toBeFocused();

    await account.fill(buyer.account);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    const resend = panel.getByRole('button', { name: /秒后可重新获取/ });
    await expect(resend).toBeVisible();
    await expect(resend).toBeDisabled();
    await expect(panel.getByRole('status')).toContainText('验证码已发送');
    await expect(panel.getByRole('textbox', { name: '验证码' })).toBeFocused();

    // A code that is not six digits never reaches the server.
    await panel.getByRole('textbox', { name: '验证码' }).fill('12');
    await panel.getByRole('button', { name: '登录' }).click();
    await expect(panel.getByRole('textbox', { name: '验证码' })).toHaveAccessibleDescription('验证码为 6 位数字');

    // Reload keeps the tab.
    await page.reload();
    await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
  });

  test('checks the register form in the browser: passwords must match and the agreement must be accepted', async ({ page }) => {
    await visit(page, '/login?redirect=%2Fhome');
    await page.getByRole('link', { name: '注册账号' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fhome&step=register');
    const heading = page.getByRole('heading', { level: 1, name: '注册账号' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle(/^注册账号 · /);

    await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill('new.designer@example.com');
    await page.getByRole('textbox', { name: '验证码' }).fill('123456');
    await page.getByRole('textbox', { name: '姓名' }).fill('新设计师');
    await page.getByLabel('设置密码').fill('a-long-password');
    await page.getByLabel('确认密码').fill('another-password');
    await expect(page.getByRole('radio', { name: /采购商/ })).toBeChecked();
    await page.getByRole('radio', { name: /供应商/ }).check();
    const main = page.getByRole('main');
    // The policies are named, and link to their pages (which open as dialogs here, content.spec.ts).
    await expect(main.getByRole('checkbox', { name: /《用户许可协议》.*《隐私政策》/ })).toBeVisible();
    await expect(main.getByRole('link', { name: /《用户许可协议》|《隐私政策》/ })).toHaveCount(2);
    await page.getByRole('button', { name: '注册' }).click();

    const confirm = page.getByLabel('确认密码');
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('两次输入的密码不一致');
    await expect(confirm).toBeFocused();
    const agreement = page.getByRole('checkbox', { name: /我已阅读并同意/ });
    await expect(agreement).toHaveAttribute('aria-invalid', 'true');
    await expect(agreement).toHaveAccessibleDescription('请阅读并同意用户许可协议和隐私政策');

    await confirm.fill('a-long-password');
    await page.getByRole('button', { name: '注册' }).click();
    await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
    await expect(agreement).toBeFocused();

    // Back returns to the index; the account typed on the way is still there.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: '账号（手机号或邮箱）' })).toHaveValue('new.designer@example.com');
  });

  test('opens reset password from "forgot password" and comes back', async ({ page }) => {
    await visit(page, '/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL('/login?step=reset-password');
    await expect(page.getByRole('heading', { level: 1, name: '重置密码' })).toBeFocused();
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByRole('textbox', { name: '账号（手机号或邮箱）' })).toBeFocused();
    await expect(page.getByLabel('新密码', { exact: true })).toHaveAccessibleDescription(/8 到 128 个字符.*请输入密码/);
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
  });

  test('lets a supplier in two companies choose one, then goes on to the redirect', async ({ page, supplier }) => {
    // The supplier administers the company and has a personal space too; neither has been chosen yet.
    const { admin } = supplier;
    // The redirect keeps its query: landing on it proves the flow followed it rather than the /home default.
    await visit(page, '/login?redirect=%2Fhome%3Ffrom%3Dlogin');
    await fillSignInForm(page, admin);

    await expect(page).toHaveURL('/login?redirect=%2Fhome%3Ffrom%3Dlogin&step=choose-company');
    await expect(page.getByRole('heading', { level: 1, name: '选择企业' })).toBeFocused();
    const companies = page.getByRole('list').filter({ has: page.getByRole('button', { name: supplier.name }) });
    await expect(companies.getByRole('button')).toHaveCount(2);
    await expect(companies.getByRole('button', { name: admin.personal.name })).toBeVisible();

    // Reload shows the same list, now from the session.
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: supplier.name }).click();
    await expect(page).toHaveURL('/home?from=login');

    // The user menu's "switch company" link: the chosen company is marked as current.
    await visit(page, '/login?action=choose-company');
    await expect(page.getByRole('button', { name: supplier.name })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: admin.personal.name })).not.toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  });
});

test.describe('scan to sign in', () => {
  test.use({ locale: 'zh-CN' });

  test('signs the computer in once a phone where the buyer is signed in approves the code', async ({ page, buyer, signIn, newPage }) => {
    await visit(page, '/login?redirect=%2Fhome');
    // Nobody can read the QR image in a test: the scan path comes from the ticket's answer instead.
    const ticketAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/authcenter/mp/uc/wx/qrcode' && r.request().method() === 'POST');
    await page.getByRole('tab', { name: '扫码登录' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fhome&tab=qr');
    const { data } = (await (await ticketAnswer).json()) as { data: { scanPath: string } };
    const panel = page.getByRole('tabpanel', { name: '扫码登录' });
    await expect(panel.getByRole('img', { name: /^登录二维码：请用已登录本网站的手机扫描/ })).toBeVisible();
    // The two original tabs are still there, in their places.
    await expect(page.getByRole('tab')).toHaveText(['账号登录', '验证码登录', '扫码登录']);

    const mobile = await newPage(devices['Pixel 7']);
    await signIn(buyer, mobile.context());
    await mobile.goto(data.scanPath);
    await expect(page.getByRole('status').filter({ hasText: '已扫码，请在手机上确认登录。' })).toBeVisible();
    await mobile.getByRole('button', { name: '确认登录' }).click();
    await expect(mobile.getByRole('heading', { level: 1, name: '已确认' })).toBeVisible();

    // The computer notices on its next poll and goes on by itself, signed in as the buyer.
    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('button', { name: /用户菜单/ })).toContainText(buyer.nickName);
  });
});

test.describe('binding a mobile number', () => {
  test.use({ locale: 'zh-CN' });

  // A user whose login says isBind false cannot be made from the browser; the binding call is the API's test.
  test('needs a session: a guest gets the sign-in index', async ({ page }) => {
    await page.goto('/login?action=bind-mobile');
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: '手机号', exact: true })).toHaveCount(0);
  });

  test('checks the number and the code in the browser', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await visit(page, '/login?action=bind-mobile');
    await expect(page.getByRole('heading', { level: 1, name: '绑定手机号' })).toBeVisible();
    await expect(page).toHaveTitle(/^绑定手机号 · /);
    const mobile = page.getByRole('textbox', { name: '手机号', exact: true });
    const code = page.getByRole('textbox', { name: '验证码' });

    // A code needs a number to go to.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(mobile).toHaveAccessibleDescription('请输入手机号');
    await expect(mobile).toBeFocused();

    await mobile.fill('not a number');
    await page.getByRole('button', { name: '绑定并继续' }).click();
    await expect(mobile).toHaveAccessibleDescription('请输入正确的手机号');
    await expect(code).toHaveAccessibleDescription('请输入验证码');
    await expect(mobile).toBeFocused();

    await mobile.fill('13800138000');
    await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
    await code.fill('12');
    await page.getByRole('button', { name: '绑定并继续' }).click();
    await expect(code).toHaveAccessibleDescription('验证码为 6 位数字');
    await expect(code).toBeFocused();
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('renders the step the URL names', async ({ page }) => {
    await page.goto('/login?step=register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'I am a' }).getByRole('radio', { name: /Buyer/ })).toBeChecked();
    await page.goto('/login?step=reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByLabel('Confirm new password')).toBeVisible();
  });

  test('names the scan tab and its code', async ({ page }) => {
    await page.goto('/login?tab=qr');
    await expect(page.getByRole('tab', { name: 'Scan to sign in' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: /^Sign-in QR code: scan it with a phone/ })).toBeVisible();
  });
});
