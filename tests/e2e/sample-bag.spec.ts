import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { materialLinks, sampleBagEntry as bagEntry, visit } from './support';

/**
 * Sample bag (docs/product/sampling.md; docs/product/routes.md#header-and-navigation badge and /sample-bag, docs/product/sampling.md#calls buyer/sample/bag): a buyer adds two materials
 * from their detail pages and watches the toolbar badge count up without a reload, then on /sample-bag (where the
 * toolbar's bag entry is hidden) finds them grouped by supplier, changes a quantity and deletes one after a
 * confirmation.
 */
test.use({ locale: 'zh-CN' });

async function addFromDetail(page: Page, href: string): Promise<{ name: string; supplier: string }> {
  await visit(page, href);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const supplier = (await page.getByRole('region', { name: '供应商' }).getByRole('link').first().textContent())?.trim() ?? '';
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: '颜色' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: '样品数量' })).toHaveValue('1');
  await main.getByRole('button', { name: '加入样品袋' }).click();
  await expect(page.getByText('已加入样品袋')).toBeVisible();
  return { name, supplier };
}

test('a buyer fills the sample bag from detail pages, changes a quantity and deletes an item', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/main/material-store');
  await expect(bagEntry(page)).not.toHaveAccessibleDescription(/件/);

  // The badge follows each add on the page itself.
  const [firstHref = '', secondHref = ''] = await materialLinks(page, 2);
  const first = await addFromDetail(page, firstHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription('1 件');
  const second = await addFromDetail(page, secondHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription('2 件');
  expect(second.name).not.toBe(first.name);

  // The bag page: no bag entry in the toolbar, both items under their suppliers.
  await visit(page, '/sample-bag');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('样品袋');
  await expect(bagEntry(page)).toHaveCount(0);
  await expect(page.getByText('共 2 件')).toBeVisible();
  for (const m of [first, second]) {
    const group = page.getByRole('region', { name: m.supplier });
    await expect(group.getByRole('heading', { level: 2 })).toContainText(m.supplier);
    await expect(group.getByRole('listitem').filter({ hasText: m.name })).toBeVisible();
  }

  // Change the first item's quantity: saved, and still there after a reload.
  const firstItem = page.getByRole('listitem').filter({ hasText: first.name });
  await firstItem.getByRole('button', { name: '增加' }).click();
  await expect(page.getByText('数量已保存')).toBeVisible();
  await expect(firstItem.getByRole('textbox')).toHaveValue('2');
  await visit(page, '/sample-bag');
  await expect(page.getByRole('listitem').filter({ hasText: first.name }).getByRole('textbox')).toHaveValue('2');

  // Delete the second after the confirmation.
  const secondItem = page.getByRole('listitem').filter({ hasText: second.name });
  await secondItem.getByRole('button', { name: /^删除 / }).click();
  const dialog = page.getByRole('dialog', { name: '删除样品' });
  await expect(dialog).toContainText(second.name);
  await dialog.getByRole('button', { name: '删除', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: second.name })).toHaveCount(0);
  await expect(page.getByText('共 1 件')).toBeVisible();

  // Elsewhere the badge says 1, from the server's count.
  await visit(page, '/main/material-store');
  await expect(bagEntry(page)).toHaveAccessibleDescription('1 件');
});
