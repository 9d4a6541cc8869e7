import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { materialTiles as tiles, visit } from './support';

/**
 * Actions on the store grid's tiles (docs/product/sampling.md): a buyer adds a material to the sample bag from its tile, in a
 * dialog with the color card and quantity, and the toolbar badge counts up without a reload; collects one into a
 * folder; a guest's press leads to login first; a supplier's own materials have no such buttons.
 */
test.use({ locale: 'zh-CN' });

const API = '/api/idealab-material';
const bagEntry = (page: Page) => page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('link', { name: '样品袋' });
const addButton = /^将 .+ 加入样品袋$/;

test('a buyer adds a material to the sample bag from the store grid; the badge rises without a reload', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/main/material-store');
  await expect(bagEntry(page)).not.toHaveAccessibleDescription(/件/);
  // Set on this document: still there afterwards only if the page was not loaded again.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const tile = tiles(page).nth(2);
  const add = tile.getByRole('button', { name: addButton });
  // A sibling of the tile's link: a button inside a link is invalid HTML.
  expect(await add.evaluate((button) => button.closest('a') === null)).toBe(true);
  const materialName = /^将 (.+) 加入样品袋$/.exec((await add.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  expect(materialName).not.toBe('');
  await expect(tile.getByRole('link').first()).toContainText(materialName);

  await add.press('Enter');
  const dialog = page.getByRole('dialog', { name: '加入样品袋' });
  await expect(dialog).toContainText(materialName);
  const color = dialog.getByRole('combobox', { name: '颜色' });
  await expect(color).toBeFocused();
  const options = await color.getByRole('option').allTextContents();
  expect(options.length).toBeGreaterThan(0);
  const chosenColor = options.at(-1) ?? '';
  await color.selectOption({ label: chosenColor });
  await dialog.getByRole('button', { name: '增加' }).click();
  await expect(dialog.getByRole('textbox', { name: '样品数量' })).toHaveValue('2');

  const answer = page.waitForResponse((res) => res.url().endsWith('/buyer/sample/bag/add'));
  await dialog.getByRole('button', { name: '加入样品袋' }).click();
  const added = ((await (await answer).json()) as { data: { id: number; quantity: number } }).data;
  expect(added.quantity).toBe(2);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('已加入样品袋')).toBeVisible();
  await expect(bagEntry(page)).toHaveAccessibleDescription('1 件');
  await expect(add).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The bag holds that color of that material.
  const bag = (await (await page.request.post(`${API}/buyer/sample/bag/list`, { data: {} })).json()) as { data: { groups: { items: { id: number; quantity: number; colorCard: { name: string }; material: { name: string } }[] }[] } };
  const item = bag.data.groups.flatMap((g) => g.items).find((i) => i.id === added.id);
  expect(item).toMatchObject({ quantity: 2, colorCard: { name: chosenColor } });
});

test('cancelling the dialog adds nothing', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/main/material-store');
  const add = tiles(page).nth(1).getByRole('button', { name: addButton });
  await add.click();
  const dialog = page.getByRole('dialog', { name: '加入样品袋' });
  await expect(dialog.getByRole('combobox', { name: '颜色' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
  const bag = (await (await page.request.get(`${API}/buyer/sample/bag/get/count`)).json()) as { data: { count: number } };
  expect(bag.data.count).toBe(0);
});

test('a buyer collects a material from its tile into a folder', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/main/material-store');
  const name = '网格';
  const folder = ((await (await page.request.post(`${API}/collect/folder/add`, { data: { name } })).json()) as { data: { id: number } }).data;

  const tile = tiles(page).nth(4);
  const materialId = Number(new URL((await tile.getByRole('link').first().getAttribute('href')) ?? '', page.url()).searchParams.get('materialId'));
  const collect = tile.getByRole('button', { name: /^收藏 .+/ });
  expect(await collect.evaluate((button) => button.closest('a') === null)).toBe(true);
  await expect(collect).toHaveAttribute('aria-pressed', 'false');
  await collect.click();
  const dialog = page.getByRole('dialog', { name: '添加到收藏夹' });
  const confirm = dialog.getByRole('button', { name: '确定', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('checkbox', { name: `${name}，0 个材料` }).check();
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('已更新收藏')).toBeVisible();
  await expect(collect).toBeFocused();

  const folderPage = (await (await page.request.post(`${API}/collect/list`, { data: { collectFolderId: folder.id } })).json()) as { data: { records: { id: number }[] } };
  expect(folderPage.data.records.map((r) => r.id)).toEqual([materialId]);
  // The tile now says it is collected, and still does on the next visit.
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  // Found by its material, not its place: other journeys add materials to the store meanwhile.
  await visit(page, '/main/material-store');
  const again = page.getByRole('main').locator(`[data-tile-action="collect"][data-material-id="${materialId}"]`);
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main').locator('[data-tile-action="collect"][aria-pressed="true"]')).toHaveCount(1);
});

test('a guest pressing add-to-sample-bag on a tile is sent to login', async ({ page }) => {
  await visit(page, '/main/material-store');
  const add = tiles(page).first().getByRole('button', { name: addButton });
  await expect(add).toHaveAttribute('title', '登录后加入样品袋');
  await add.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/main/material-store');
});

test('a supplier company’s member gets no tile actions on the company’s own materials', async ({ page, supplier, signIn }) => {
  await signIn(supplier.member);
  await visit(page, '/main/material-store');
  await expect(tiles(page).getByRole('button', { name: addButton }).first()).toBeVisible();
  await visit(page, `/main/material-store?orgId=${supplier.companyId}`);
  await expect(tiles(page)).toHaveCount(supplier.materials.length);
  await expect(tiles(page).getByRole('link').first()).toContainText(supplier.name);
  await expect(page.getByRole('main').getByRole('button', { name: addButton })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: /^收藏 .+/ })).toHaveCount(0);
});

test('a tile’s buttons look inert until the grid can answer them, then work', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  // The page as the server sends it: every tile button disabled, so an early press is not silently lost.
  const html = await (await page.request.get('/main/material-store')).text();
  const buttons = html.match(/<button[^>]*data-tile-action="[^"]+"[^>]*>/g) ?? [];
  expect(buttons.length).toBeGreaterThan(0);
  expect(buttons.filter((b) => !/\sdisabled(=""|\s|>)/.test(b))).toEqual([]);
  // Once the grid has hydrated, they are enabled.
  await visit(page, '/main/material-store');
  await expect(tiles(page).first().getByRole('button', { name: addButton })).toBeEnabled();
  await expect(page.locator('[data-tile-action]:disabled')).toHaveCount(0);

  // The detail page's collect and add-to-bag buttons too.
  const detail = (await tiles(page).first().getByRole('link').first().getAttribute('href')) ?? '';
  const detailHtml = await (await page.request.get(detail)).text();
  for (const label of ['加入样品袋', '收藏']) {
    const button = detailHtml.match(new RegExp(`<button[^>]*>(?:(?!</button>).)*${label}`, 's'))?.[0] ?? detailHtml.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? '';
    expect(button, label).toMatch(/\sdisabled(=""|\s|>)/);
  }
  await visit(page, detail);
  await expect(page.getByRole('main').getByRole('button', { name: '加入样品袋' })).toBeEnabled();
  await expect(page.getByRole('main').getByRole('button', { name: '收藏', exact: true })).toBeEnabled();
});
