import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { fillSignInForm, hydrated, openUserMenu, visit } from './support';

test.describe('a guest', () => {
  // The wrong password is refused (422), which the browser reports.
  test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 422 .*\/passport\/login\// });

  test('opens / and lands on /home in Chinese', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('鞋服材料与色卡，一站找到');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    // Only tabs whose pages exist are shown; the color library needs an account, so a guest sees it locked.
    await expect(nav.getByRole('link')).toHaveText(['首页', '材料库', '色彩库', '商家中心', '流行趋势', '插件中心', '设计软件插件下载']);
    await expect(nav.getByRole('link', { name: '色彩库' })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: '色彩库' })).not.toHaveAttribute('href');
    await expect(page.getByRole('link', { name: '登录 / 注册' })).toHaveAttribute('href', '/login?redirect=%2Fhome');
  });

  test('is sent from a protected page to login, and back there after signing in', async ({ page, buyer }) => {
    await page.goto('/sample-bag');
    await expect(page).toHaveURL('/login?redirect=%2Fsample-bag');
    await hydrated(page);
    await fillSignInForm(page, { account: buyer.account, password: 'wrong password' });
    await expect(page.getByText('账号或密码不正确')).toBeVisible();
    await fillSignInForm(page, buyer);
    await expect(page).toHaveURL(/\/sample-bag$/);
    await page.goto('/home');
    await expect(page.getByRole('button', { name: /用户菜单/ })).toContainText(buyer.nickName);
  });
});

test.describe('a guest on the error page', () => {
  test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 404 .*\/404\?/ });

  test('sees the error page for /404?message=x&code=404', async ({ page }) => {
    const response = await page.goto('/404?message=x&code=404');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await expect(main.getByText('x', { exact: true })).toBeVisible();
    await expect(main.getByText('错误码：404')).toBeVisible();
    await expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
  });

});

test.describe('a guest scrolling', () => {
  test.use({ locale: 'zh-CN' });

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

test.describe('a guest on a computer', () => {
  test.use({ locale: 'zh-CN' });

  test('scans the toolbar’s code to open the same page on a phone', async ({ page }) => {
    await visit(page, '/main/material-store?sort=name');
    await page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('button', { name: '在手机上打开' }).click();
    const code = page.getByRole('img', { name: '本页地址的二维码' });
    await expect(code).toBeVisible();
    const { data, info } = await sharp(await code.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read?.data).toBe(page.url());
  });
});

test.describe('language', () => {
  test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 404 .*\/404\?code=404/ });

  test('follows an English browser', async ({ newPage }) => {
    const page = await newPage({ locale: 'en-US' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Footwear and apparel materials and color cards, in one place');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Merchant center' })).toBeVisible();
  });

  test('switches from the menu and stays switched across pages', async ({ page }) => {
    await visit(page, '/home');
    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Footwear and apparel materials and color cards, in one place');
    await page.goto('/404?code=404');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/login');
    await expect(page.getByLabel('Password')).toBeVisible();
    // And back, with the keyboard.
    await visit(page, '/home');
    const menuButton = page.getByRole('button', { name: /^Language/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: '中文' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('鞋服材料与色卡，一站找到');
  });
});

test.describe('a signed-in buyer', () => {
  test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 404 .*\/no\/such\/page/ });

  test('sees the buyer menu and logs out', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await visit(page, '/home');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: '关注的商家' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '主页装修' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '商家中心' })).not.toHaveAttribute('aria-disabled', 'true');
    await menu.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: '登录 / 注册' })).toBeVisible();
    await page.goto('/sample-bag');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('gets an error page without a line of script, whose header still searches, opens the user menu and logs out', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') requested.push(r.url());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    // A content page: no island, no script of any kind (the session's JSON data block is not a script).
    expect(await page.evaluate(() => document.querySelectorAll('astro-island, script:not([type="application/json"])').length)).toBe(0);
    expect(requested).toEqual([]);
    await expect(page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('link', { name: /样品袋/ })).toBeVisible();

    // The user menu is a native disclosure: its links and the logout form work without script.
    const menu = page.getByRole('group').filter({ has: page.getByText('关注的商家') });
    await expect(page.getByRole('link', { name: '关注的商家' })).toBeHidden();
    const userMenu = page.locator('summary', { hasText: /用户菜单/ });
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

test.describe(() => {
  // The script injected below is refused by the policy, and the 404 page answers with its status: the browser
  // reports both.
  test.use({ allowedConsoleErrors: /inline script|status of 404 .*\/404\?code=404/ });

  test('pages load and hydrate under the Content-Security-Policy without a single violation', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /inline script/i.test(m.text())) refusals.push(m.text());
    });
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
    // Any other console error fails the journey (the fixtures watch the console); this is the one refusal.
    expect(refusals).toHaveLength(1);
  });
});

test.describe('every link', () => {
  /** Follows the same-site links of a few pages one level deep, once per path, and answers those that lead nowhere. */
  async function deadLinks(page: Page, starts: string[]): Promise<string[]> {
    const seen = new Set<string>();
    const dead: string[] = [];
    for (const start of starts) {
      await page.goto(start);
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      for (const href of hrefs) {
        const target = href.split('#')[0] ?? '';
        if (target.startsWith('/api/') || seen.has(target.split('?')[0] ?? '')) continue;
        seen.add(target.split('?')[0] ?? '');
        const answer = await page.request.get(target, { maxRedirects: 0 });
        if (answer.status() === 404 || answer.status() >= 500) dead.push(`${answer.status()} ${target} (on ${start})`);
      }
    }
    return dead;
  }
  const STARTS = ['/home', '/main/material-store', '/merchant/home', '/sample-bag', '/profile/info', '/join-us'];

  test('leads a guest somewhere real', async ({ page }) => {
    expect(await deadLinks(page, STARTS)).toEqual([]);
  });

  test('leads a buyer and a supplier somewhere real', async ({ page, buyer, supplier, signIn }) => {
    await signIn(buyer);
    expect(await deadLinks(page, STARTS)).toEqual([]);
    await signIn(supplier.admin);
    expect(await deadLinks(page, [...STARTS, '/supplier/apply-record', '/profile/organization'])).toEqual([]);
  });
});
