import { expect, test } from '@playwright/test';
import { hydrated } from './support';


test.describe('a guest', () => {
  test.use({ locale: 'zh-CN' });

  test('opens / and lands on /home in Chinese', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('鞋服材料与色卡，一站找到');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    // Protected tabs are visible but disabled for guests.
    await expect(nav.getByRole('link', { name: /色彩库/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('link', { name: '登录 / 注册' })).toHaveAttribute('href', '/login?redirect=%2Fhome');
  });

  test('is sent from a protected page to login, and back there after signing in', async ({ page }) => {
    await page.goto('/sample-bag');
    await expect(page).toHaveURL('/login?redirect=%2Fsample-bag');
    await hydrated(page);
    await page.getByLabel('账号（手机号或邮箱）').fill('buyer@matlib.demo');
    await page.getByLabel('密码').fill('wrong password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('账号或密码不正确')).toBeVisible();
    await page.getByLabel('密码').fill('matlib-demo');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/sample-bag$/);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /用户菜单/ })).toContainText('Lin');
  });

  test('sees the error page for /404?message=x&code=404', async ({ page }) => {
    const response = await page.goto('/404?message=x&code=404');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await expect(main.getByText('x', { exact: true })).toBeVisible();
    await expect(main.getByText('错误码：404')).toBeVisible();
    await expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
  });

  test('gets the back-to-top button only after scrolling 300 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto('/home');
    await hydrated(page);
    const toolbar = page.getByRole('navigation', { name: '快捷工具栏' });
    await expect(toolbar.getByRole('link', { name: /样品袋/ })).toBeVisible();
    const backToTop = page.getByRole('button', { name: '回到顶部' });
    await expect(backToTop).toBeHidden();
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => window.scrollY >= 200);
    await expect(backToTop).toBeHidden();
    await page.mouse.wheel(0, 250);
    await page.waitForFunction(() => window.scrollY > 300);
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(backToTop).toBeHidden();
  });
});

test.describe('language', () => {
  test('follows an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Footwear and apparel materials and color cards, in one place');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Merchant center' })).toBeVisible();
    await context.close();
  });

  test('switches from the menu and stays switched across pages', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/home');
    await hydrated(page);
    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Footwear and apparel materials and color cards, in one place');
    await page.goto('/404?code=404');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/login');
    await expect(page.getByLabel('Password')).toBeVisible();
    // And back, with the keyboard.
    await page.goto('/home');
    await hydrated(page);
    const menuButton = page.getByRole('button', { name: /^Language/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: '中文' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('鞋服材料与色卡，一站找到');
    await context.close();
  });
});

test.describe('a signed-in buyer', () => {
  test.use({ locale: 'zh-CN' });

  test('sees the buyer menu and logs out', async ({ page }) => {
    await page.goto('/login?redirect=%2Fhome');
    await hydrated(page);
    await page.getByLabel('账号（手机号或邮箱）').fill('buyer@matlib.demo');
    await page.getByLabel('密码').fill('matlib-demo');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await hydrated(page);
    await page.getByRole('button', { name: /用户菜单/ }).click();
    const menu = page.getByRole('menu', { name: /用户菜单/ });
    await expect(menu.getByRole('menuitem', { name: '关注的商家' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '主页装修' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /色彩库/ })).not.toHaveAttribute('aria-disabled', 'true');
    await menu.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: '登录 / 注册' })).toBeVisible();
    await page.goto('/sample-bag');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('gets an error page without a line of script, whose header still searches, opens the user menu and logs out', async ({ page }) => {
    const login = await page.request.post('/api/idealab-material/passport/login/1', { data: { account: 'buyer@matlib.demo', password: 'matlib-demo' } });
    expect(login.ok()).toBe(true);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') requested.push(r.url());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    // A content page: no island, no script of any kind (the session's JSON data block is not a script).
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(await page.locator('script:not([type="application/json"])').count()).toBe(0);
    expect(requested).toEqual([]);
    await expect(page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('link', { name: /样品袋/ })).toBeVisible();

    // The user menu is a native disclosure: its links and the logout form work without script.
    const menu = page.getByRole('group').filter({ has: page.getByText('关注的商家') });
    await expect(page.getByRole('link', { name: '关注的商家' })).toBeHidden();
    const userMenu = page.locator('summary[aria-label^="用户菜单"]');
    await userMenu.click();
    await expect(menu.getByRole('link', { name: '关注的商家' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '主页装修' })).toHaveCount(0);

    // The search box is the plain GET form.
    await page.getByRole('combobox').fill('羊皮');
    await page.getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(/\/search\/materials\?keywords=%E7%BE%8A%E7%9A%AE/);

    await page.goto('/no/such/page');
    await userMenu.click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: '登录 / 注册' })).toBeVisible();
  });
});

test('pages load and hydrate under the Content-Security-Policy without a single violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  for (const path of ['/home', '/login?redirect=%2Fhome', '/404?code=404']) {
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).toContain("frame-ancestors 'self'");
    await hydrated(page);
  }
  // A disallowed inline script is refused: the policy is really enforced.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  // What remains must be nothing but the refusal of the script injected above (and the 404 page's own status).
  const unexpected = problems.filter((p) => !/inline script/i.test(p) && !p.includes('status of 404'));
  expect(unexpected).toEqual([]);
  expect(problems.filter((p) => /inline script/i.test(p))).toHaveLength(1);
});
