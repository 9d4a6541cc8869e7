import { expect, type Page } from '@playwright/test';

/** Islands hydrate when the browser is idle; a person takes longer than that to reach for a menu, a test doesn't. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
}

export const DEMO_PASSWORD = 'matlib-demo';

/** Signs in through the login form (Chinese labels) and waits on `redirect`, its islands hydrated. */
export async function signInAs(page: Page, account: string, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname + url.search === redirect);
  await hydrated(page);
}

/**
 * Signs in (Chinese labels) and works in the named company. The first sign-in of a fresh install asks for a
 * company; when an earlier journey already chose one, the choice is made through the user menu's switch page.
 */
export async function signInToCompany(page: Page, account: string, company: string, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await hydrated(page);
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login' || url.searchParams.get('step') === 'choose-company');
  if (new URL(page.url()).pathname !== '/login') {
    await page.goto(`/login?action=choose-company&redirect=${encodeURIComponent(redirect)}`);
    await hydrated(page);
  }
  await page.getByRole('button', { name: new RegExp(company) }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(redirect);
  await hydrated(page);
}

/**
 * Opens the header's user menu. Its button stays disabled until the island has hydrated, and a click waits for an
 * enabled button, so one press is enough.
 */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /用户菜单|User menu/ }).click();
  const menu = page.getByRole('menu', { name: /用户菜单|User menu/ });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * On a material's detail page: collects it into a folder made inside the add-to-folder dialog, and answers the
 * folder's name (unique per call).
 */
export async function collectIntoNewFolder(page: Page, prefix: string): Promise<string> {
  const collect = page.getByRole('main').getByRole('button', { name: '收藏', exact: true });
  await collect.click();
  const folders = page.getByRole('dialog', { name: '添加到收藏夹' });
  await folders.getByRole('button', { name: '新建收藏夹' }).click();
  const folderName = `${prefix}${Date.now().toString(36).slice(-6)}`;
  const newFolder = page.getByRole('dialog', { name: '新建收藏夹' });
  await newFolder.getByRole('textbox', { name: '收藏夹名称' }).fill(folderName);
  await newFolder.getByRole('button', { name: '确定', exact: true }).click();
  await expect(newFolder).toHaveCount(0);
  await expect(folders.getByRole('checkbox', { name: `${folderName}，0 个材料` })).toBeChecked();
  await folders.getByRole('button', { name: '确定', exact: true }).click();
  await expect(folders).toHaveCount(0);
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  return folderName;
}

/** Opens the `n`th material of the store page the browser is on and waits for the page to hydrate; its name. */
export async function openStoreMaterial(page: Page, n: number): Promise<string> {
  const tiles = page.getByRole('main').getByRole('listitem').filter({ has: page.locator('a[href^="/material/detail"]') });
  await tiles.nth(n).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/material\/detail\?materialId=\d+/);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  return name;
}
