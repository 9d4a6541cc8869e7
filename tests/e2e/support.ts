import { expect, type Locator, type Page } from '@playwright/test';

/** Islands hydrate when the browser is idle; a person takes longer than that to reach for a menu, a test doesn't. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
}

/** Opens `path` and waits for its islands to hydrate. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Fills in the login form the browser is on (Chinese labels) and sends it: for the journeys about the form or the
 * way back from it, the others being signed in by a fixture.
 */
export async function fillSignInForm(page: Page, person: { account: string; password: string }) {
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill(person.account);
  await page.getByLabel('密码', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The words a page marks as matching a search: `<mark>`, found by its role, which Playwright's types do not list yet. */
export const highlights = (scope: Page | Locator) => scope.getByRole('mark' as Parameters<Locator['getByRole']>[0]);

/** The toolbar's way to the sample bag, described by its badge ("2 件") when the bag is not empty. */
export const sampleBagEntry = (page: Page) => page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('link', { name: '样品袋' });

/** The material tiles of a grid: list items that show a material's colors (in either language). */
export const materialTiles = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /^\d+ ([个种]颜色|colors?)$/ }) });

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

/**
 * The detail pages of the first `count` materials of the grid the browser is on, read together: the newest come
 * first, and journeys running alongside add materials, so the same position may hold another one a moment later.
 */
export async function materialLinks(page: Page, count: number): Promise<string[]> {
  const tiles = materialTiles(page);
  await expect(tiles.nth(count - 1)).toBeVisible();
  return Promise.all(Array.from({ length: count }, async (_, i) => (await tiles.nth(i).getByRole('link').first().getAttribute('href')) ?? ''));
}

/** Opens the `n`th material of the store page the browser is on and waits for the page to hydrate; its name. */
export async function openStoreMaterial(page: Page, n: number): Promise<string> {
  await materialTiles(page).nth(n).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/material\/detail\?materialId=\d+/);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  return name;
}

/** Picks a place in the address dialog's cascading selects, each enabled once the one above it is chosen. */
export async function choosePlace(dialog: Locator, places: readonly [string, string, string, string]) {
  for (const [i, label] of ['国家/地区', '省/州', '城市', '区/县'].entries()) {
    const select = dialog.getByLabel(label);
    await expect(select).toBeEnabled();
    await select.selectOption({ label: places[i] ?? '' });
  }
}

/** On the address book: adds an address through the new-address dialog. */
export async function addAddress(page: Page, address: { receiver: string; mobile: string; places: readonly [string, string, string, string]; street: string }) {
  await page.getByRole('button', { name: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill(address.receiver);
  await dialog.getByRole('textbox', { name: '手机号码' }).fill(address.mobile);
  await choosePlace(dialog, address.places);
  await dialog.getByLabel('详细地址').fill(address.street);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Opens the `n`th leather of the store, and answers its name. Leathers all come from the demo catalogue: never one
 * of the suppliers journeys make, whose pictures are plain colors and whose own materials they may not collect.
 */
export async function openDemoMaterial(page: Page, n: number): Promise<string> {
  await visit(page, '/main/material-store');
  const leather = await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '皮革', exact: true }).getAttribute('href');
  await visit(page, leather ?? '');
  return openStoreMaterial(page, n);
}
