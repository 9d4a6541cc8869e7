import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAddress, collectIntoNewFolder, hydrated, materialTiles, sampleBagEntry as bagEntry, visit } from './support';

/**
 * Collecting and sampling (docs/product/sampling.md) in one journey: a buyer collects a material into a new folder, puts two of a supplier's
 * materials in the sample bag, and requests them; the supplier accepts and ships with a tracking number; the buyer
 * sees the shipment and confirms receipt. The bag badge, the request's state and its timeline are checked at every
 * step, on both sides.
 */
test.use({ locale: 'zh-CN' });

const timeline = (card: Locator) => card.getByRole('region', { name: '处理进度' }).getByRole('listitem');

async function addToBag(page: Page, href: string) {
  await visit(page, href);
  const main = page.getByRole('main');
  // The last color, picked in the gallery: the sample form's select follows it, and picking in the select brings
  // the gallery along.
  const color = main.getByRole('combobox', { name: '颜色' });
  const options = await color.getByRole('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  const swatches = main.getByRole('radio');
  await expect(swatches).toHaveCount(options.length);
  await swatches.last().click();
  await expect(color.getByRole('option', { selected: true })).toHaveText(options.at(-1) ?? '');
  await color.selectOption({ label: options[0] ?? '' });
  await expect(swatches.first()).toHaveAttribute('aria-checked', 'true');
  await swatches.last().click();
  await expect(color.getByRole('option', { selected: true })).toHaveText(options.at(-1) ?? '');
  await main.getByRole('button', { name: '加入样品袋' }).click();
  await expect(page.getByText('已加入样品袋')).toBeVisible();
}

test('collect, bag two samples, request them, the supplier accepts and ships, the buyer confirms receipt', async ({ page, buyer, supplier, signIn }) => {
  test.setTimeout(180_000);
  const [first, second] = supplier.materials;
  if (!first || !second) throw new Error('the supplier fixture publishes at least two materials');

  // The buyer finds the supplier's shop and its materials.
  await signIn(buyer);
  await visit(page, `/merchant/home?keyword=${encodeURIComponent(supplier.name)}`);
  await page.getByRole('article').getByRole('heading', { name: supplier.name }).getByRole('link').click();
  await expect(page).toHaveURL(`/merchant/detail?orgId=${supplier.companyId}`);
  await page.getByRole('navigation', { name: '商家页面' }).getByRole('link', { name: '全部材料' }).click();
  await expect(materialTiles(page)).toHaveCount(supplier.materials.length);

  const linkTo = async (material: { name: string }) => (await materialTiles(page).filter({ hasText: material.name }).getByRole('link').first().getAttribute('href')) ?? '';
  const [firstHref, secondHref] = [await linkTo(first), await linkTo(second)];

  // Collect the first into a folder made inside the add-to-folder dialog.
  await visit(page, firstHref);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  const folderName = await collectIntoNewFolder(page, '打样');

  // Two samples into the bag: the badge counts each without a reload.
  await addToBag(page, firstHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription('1 件');
  await addToBag(page, secondHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription('2 件');

  // An address to ship to, added through the address book.
  await visit(page, '/address-book');
  const receiver = '收样人';
  await addAddress(page, { receiver, mobile: '13800138000', places: ['中国', '广东省', '东莞市', '厚街镇'], street: '新塘工业区 8 号' });

  // Choose exactly the two new samples in the bag and request them.
  await visit(page, '/sample-bag');
  const group = page.getByRole('region', { name: supplier.name });
  for (const { name } of [first, second]) await group.getByRole('listitem').filter({ hasText: name }).getByRole('checkbox').check();
  await page.getByRole('button', { name: '申请样品', exact: true }).click();
  const request = page.getByRole('dialog', { name: '提交样品申请' });
  await expect(request).toContainText('共 2 件样品，来自 1 家供应商');
  await request.getByRole('radio', { name: new RegExp(receiver) }).check();
  await request.getByRole('textbox', { name: '备注（选填）' }).fill('用于秋冬鞋款打样');
  await expect(request.getByText('8/200')).toBeVisible();
  await request.getByRole('button', { name: '提交申请' }).click();

  // The request list: submitted, with the timeline's first step and the rest ahead; the two left the bag.
  await expect(page).toHaveURL('/applyRecordBuyer');
  await hydrated(page);
  await expect(bagEntry(page)).toHaveAccessibleDescription('');
  const buyerCard = page.getByRole('article').filter({ hasText: '用于秋冬鞋款打样' }).first();
  await expect(buyerCard.getByText('待处理', { exact: true })).toBeVisible();
  await expect(buyerCard).toContainText(first.name);
  await expect(buyerCard).toContainText(second.name);
  await expect(buyerCard).toContainText(receiver);
  await expect(timeline(buyerCard)).toHaveText([/提交申请买家/, /接受申请尚未进行/, /发货尚未进行/, /确认收货尚未进行/]);
  await expect(buyerCard.getByRole('button', { name: /^取消申请/ })).toBeVisible();
  const requestNo = ((await buyerCard.getByRole('heading', { level: 2 }).textContent()) ?? '').match(/SR\d{8}-\d{6}/)?.[0] ?? '';
  expect(requestNo).toMatch(/^SR\d{8}-\d{6}$/);

  // The supplier accepts, then ships with carrier and tracking number.
  await page.context().clearCookies();
  await signIn(supplier.admin);
  await visit(page, '/supplier/apply-record');
  await expect(page.getByRole('heading', { level: 1, name: '样品申请处理' })).toBeVisible();
  const supplierCard = page.getByRole('article', { name: new RegExp(requestNo) });
  await expect(supplierCard.getByText('待处理', { exact: true })).toBeVisible();
  await expect(supplierCard).toContainText(buyer.name);
  await supplierCard.getByRole('button', { name: `接受：${requestNo}` }).click();
  const accept = page.getByRole('dialog', { name: '接受' });
  await expect(accept).toContainText(requestNo);
  await accept.getByRole('button', { name: '确定' }).click();
  await expect(accept).toHaveCount(0);
  await expect(supplierCard.getByText('已接受', { exact: true })).toBeVisible();
  // The state tabs move the request along without a reload.
  const tabs = page.getByRole('navigation', { name: '按状态筛选' });
  await expect(tabs.getByRole('link', { name: /^已接受 1$/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^待处理 0$/ })).toBeVisible();
  await expect(timeline(supplierCard)).toHaveText([/提交申请/, /接受申请供应商/, /发货尚未进行/, /确认收货尚未进行/]);

  await supplierCard.getByRole('button', { name: `发货：${requestNo}` }).click();
  const ship = page.getByRole('dialog', { name: '填写物流并发货' });
  // Nothing typed: both fields say what they need, and nothing is sent.
  await ship.getByRole('button', { name: '发货' }).click();
  await expect(ship.getByText('请填写此项')).toHaveCount(2);
  await ship.getByRole('combobox', { name: '承运商' }).fill('顺丰速运');
  await ship.getByRole('textbox', { name: '运单号' }).fill('SF 12');
  await ship.getByRole('textbox', { name: '运单号' }).press('Tab');
  await expect(ship.getByText('运单号为 4–40 位字母、数字或短横线')).toBeVisible();
  await ship.getByRole('textbox', { name: '运单号' }).fill('SF1234567890');
  await ship.getByRole('button', { name: '发货' }).click();
  await expect(ship).toHaveCount(0);
  await expect(supplierCard.getByText('已发货', { exact: true })).toBeVisible();
  await expect(supplierCard).toContainText('SF1234567890');
  await expect(supplierCard.getByRole('button')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: new RegExp(requestNo) }).getByText('已发货', { exact: true })).toBeVisible();

  // The buyer sees the shipment in logistics and on the request, and confirms receipt.
  await page.context().clearCookies();
  await signIn(buyer);
  await page.goto('/logistics-manage');
  const row = page.getByRole('row').filter({ hasText: requestNo });
  await expect(row).toContainText('顺丰速运');
  await expect(row).toContainText('SF1234567890');
  await expect(row).toContainText('已发货');

  await visit(page, '/applyRecordBuyer?state=shipped');
  const shipped = page.getByRole('article', { name: new RegExp(requestNo) });
  await expect(timeline(shipped)).toHaveText([/提交申请/, /接受申请/, /发货供应商.*顺丰速运 SF1234567890/, /确认收货尚未进行/]);
  await shipped.getByRole('button', { name: `确认收货：${requestNo}` }).click();
  const receive = page.getByRole('dialog', { name: '确认收货' });
  await receive.getByRole('button', { name: '确定' }).click();
  await expect(receive).toHaveCount(0);
  await expect(shipped.getByText('已签收', { exact: true })).toBeVisible();
  await expect(timeline(shipped)).toHaveText([/提交申请/, /接受申请/, /发货/, /确认收货买家/]);
  await expect(shipped.getByRole('button')).toHaveCount(0);

  await page.goto('/logistics-manage');
  await expect(page.getByRole('row').filter({ hasText: requestNo })).not.toContainText('已发货');

  // The collected material is in its folder.
  await page.goto('/main/collection/folders');
  await expect(page.getByRole('link', { name: new RegExp(folderName) })).toContainText('1 个材料');
});
