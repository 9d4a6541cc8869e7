import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards } from '../../src/lib/server/db/schema';
import { addSampleItem } from '../../src/lib/server/sampling/add-sample-item';
import { expect, test } from './fixtures';
import { choosePlace, materialLinks, sampleBagEntry as bagEntry, visit } from './support';

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

test('a buyer with an empty address book adds an address inside the request dialog and sends the request', async ({ page, buyer, supplier, signIn }) => {
  test.setTimeout(120_000);
  const [material] = supplier.materials;
  if (!material) throw new Error('the supplier fixture publishes materials');
  const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, material.id)).limit(1);
  if (!card) throw new Error('the supplier fixture gives its materials color cards');
  await addSampleItem(buyer.id, buyer.companyId, { materialId: material.id, colorCardId: card.id, quantity: 1 });

  await signIn(buyer);
  await visit(page, '/sample-bag');
  await page.getByRole('button', { name: `向 ${supplier.name} 申请样品` }).click();
  const request = page.getByRole('dialog', { name: '提交样品申请' });
  await expect(request).toContainText('地址簿里还没有地址');
  const submit = request.getByRole('button', { name: '提交申请' });
  await expect(submit).toBeDisabled();
  // Typed before the address: it must still be there after.
  const note = request.getByRole('textbox', { name: '备注（选填）' });
  await note.fill('春夏鞋面打样');

  // The address book's form, in the dialog itself: no trip to the address book.
  await request.getByRole('button', { name: '新增地址' }).click();
  const form = request.getByRole('region', { name: '新增收货地址' });
  await expect(form.getByLabel('收货人')).toBeFocused();
  await expect(note).toBeHidden();
  // Escape leaves the address form, not the request.
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(note).toHaveValue('春夏鞋面打样');
  await expect(request.getByRole('button', { name: '新增地址' })).toBeFocused();
  await request.getByRole('button', { name: '新增地址' }).click();
  // Saving with nothing filled in is refused field by field, and the dialog stays.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByLabel('收货人')).toHaveAccessibleDescription('此项为必填');
  const receiver = '样品收件人';
  await form.getByLabel('收货人').fill(receiver);
  await form.getByRole('textbox', { name: '手机号码' }).fill('13900139000');
  await choosePlace(form, ['中国', '广东省', '东莞市', '厚街镇']);
  await form.getByLabel('详细地址').fill('河田大道 18 号');
  await form.getByRole('button', { name: '保存' }).click();

  // Back on the request: the new address is chosen and has the focus, the note is as it was.
  await expect(form).toHaveCount(0);
  await expect(request).toBeVisible();
  const chosen = request.getByRole('radio', { name: new RegExp(receiver) });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  await expect(request.getByRole('status')).toHaveText(`已添加并选中新地址：${receiver}`);
  await expect(note).toHaveValue('春夏鞋面打样');
  await expect(request.getByRole('link', { name: /地址/ })).toHaveCount(0);
  await submit.click();

  await expect(page).toHaveURL('/applyRecordBuyer');
  const sent = page.getByRole('article').filter({ hasText: '春夏鞋面打样' });
  await expect(sent).toContainText(material.name);
  await expect(sent).toContainText(receiver);
  await expect(sent).toContainText('河田大道 18 号');
});
