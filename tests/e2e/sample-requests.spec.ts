import { expect, test, type Page } from '@playwright/test';
import { collectIntoNewFolder, hydrated, signInAs, signInToCompany } from './support';

/**
 * Collecting and sampling (docs/product/sampling.md) in one journey: a buyer collects a material into a new folder, puts two of a supplier's
 * materials in the sample bag, and requests them; the supplier accepts and ships with a tracking number; the buyer
 * sees the shipment and confirms receipt. The bag badge, the request's state and its timeline are checked at every
 * step, on both sides.
 */
test.use({ locale: 'zh-CN' });

const SUPPLIER = '东莞华皮革有限公司';
const bagEntry = (page: Page) => page.getByRole('navigation', { name: '快捷工具栏' }).getByRole('link', { name: '样品袋' });
/** The badge count the bag entry describes itself with ("3 件"); 0 when it has no badge. */
async function bagCount(page: Page): Promise<number> {
  const description = await bagEntry(page).getAttribute('aria-describedby');
  if (!description) return 0;
  const text = (await page.locator(`#${description}`).textContent()) ?? '';
  return Number(text.match(/\d+/)?.[0] ?? 0);
}
const timeline = (card: ReturnType<Page['locator']>) => card.getByRole('region', { name: '处理进度' }).getByRole('listitem');

async function addToBag(page: Page, href: string): Promise<string> {
  await page.goto(href);
  await hydrated(page);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const main = page.getByRole('main');
  // The last color (an earlier journey may have left the first in the bag), picked in the gallery: the sample
  // form's select follows it, and picking in the select brings the gallery along.
  const color = main.getByRole('combobox', { name: '颜色' });
  const options = await color.locator('option').allTextContents();
  const swatches = main.getByRole('radio');
  await expect(swatches).toHaveCount(options.length);
  await swatches.last().click();
  await expect(color.locator('option:checked')).toHaveText(options.at(-1) ?? '');
  if (options.length > 1) {
    await color.selectOption({ label: options[0] ?? '' });
    await expect(swatches.first()).toHaveAttribute('aria-checked', 'true');
    await swatches.last().click();
    await expect(color.locator('option:checked')).toHaveText(options.at(-1) ?? '');
  }
  await main.getByRole('button', { name: '加入样品袋' }).click();
  await expect(page.getByText('已加入样品袋')).toBeVisible();
  return name;
}

test('collect, bag two samples, request them, the supplier accepts and ships, the buyer confirms receipt', async ({ page }) => {
  test.setTimeout(180_000);

  // The buyer finds the supplier's shop and two of its materials.
  await signInAs(page, 'buyer@matlib.demo', `/merchant/home?keyword=${encodeURIComponent('东莞华皮革')}`);
  await page.getByRole('article').filter({ has: page.getByRole('heading', { name: SUPPLIER }) }).getByRole('heading', { name: SUPPLIER }).getByRole('link').click();
  await expect(page).toHaveURL(/\/merchant\/detail\?orgId=\d+$/);
  await page.goto(`${page.url()}&tab=AllMaterial`);
  const links = await page.getByRole('main').locator('a[href^="/material/detail"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href') ?? ''))]);
  expect(links.length).toBeGreaterThanOrEqual(2);
  const [firstHref = '', secondHref = ''] = links;

  // Collect the first into a folder made inside the add-to-folder dialog.
  await page.goto(firstHref);
  await hydrated(page);
  const folderName = await collectIntoNewFolder(page, '打样');

  // Two samples into the bag: the badge counts each without a reload.
  const before = await bagCount(page);
  const firstName = await addToBag(page, firstHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription(`${before + 1} 件`);
  const secondName = await addToBag(page, secondHref);
  await expect(bagEntry(page)).toHaveAccessibleDescription(`${before + 2} 件`);

  // An address to ship to, added through the address book.
  await page.goto('/address-book');
  await hydrated(page);
  const receiver = `收样${Date.now().toString(36).slice(-4)}`;
  await page.getByRole('button', { name: '新增地址' }).click();
  const addressDialog = page.getByRole('dialog', { name: '新增收货地址' });
  await addressDialog.getByLabel('收货人').fill(receiver);
  await addressDialog.getByRole('textbox', { name: '手机号码' }).fill('13800138000');
  for (const [label, place] of [
    ['国家/地区', '中国'],
    ['省/州', '广东省'],
    ['城市', '东莞市'],
    ['区/县', '厚街镇'],
  ] as const) {
    const select = addressDialog.getByLabel(label);
    await expect(select).toBeEnabled();
    await select.selectOption({ label: place });
  }
  await addressDialog.getByLabel('详细地址').fill('新塘工业区 8 号');
  await addressDialog.getByRole('button', { name: '保存' }).click();
  await expect(addressDialog).toBeHidden();

  // Choose exactly the two new samples in the bag and request them.
  await page.goto('/sample-bag');
  await hydrated(page);
  const group = page.getByRole('region', { name: SUPPLIER });
  for (const name of [firstName, secondName]) {
    const items = group.getByRole('listitem').filter({ hasText: name });
    await items.last().getByRole('checkbox').check();
  }
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
  await expect(bagEntry(page)).toHaveAccessibleDescription(before > 0 ? `${before} 件` : /^$/);
  const buyerCard = page.getByRole('article').filter({ hasText: '用于秋冬鞋款打样' }).first();
  await expect(buyerCard.getByText('待处理', { exact: true })).toBeVisible();
  await expect(buyerCard).toContainText(firstName);
  await expect(buyerCard).toContainText(secondName);
  await expect(buyerCard).toContainText(receiver);
  await expect(timeline(buyerCard)).toHaveText([/提交申请买家/, /接受申请尚未进行/, /发货尚未进行/, /确认收货尚未进行/]);
  await expect(buyerCard.getByRole('button', { name: /^取消申请/ })).toBeVisible();
  const requestNo = ((await buyerCard.getByRole('heading', { level: 2 }).textContent()) ?? '').match(/SR\d{8}-\d{6}/)?.[0] ?? '';
  expect(requestNo).toMatch(/^SR\d{8}-\d{6}$/);

  // The supplier accepts, then ships with carrier and tracking number.
  await page.context().clearCookies();
  await signInToCompany(page, 'supplier@matlib.demo', SUPPLIER, '/supplier/apply-record');
  await expect(page.getByRole('heading', { level: 1, name: '样品申请处理' })).toBeVisible();
  const supplierCard = page.getByRole('article', { name: new RegExp(requestNo) });
  await expect(supplierCard.getByText('待处理', { exact: true })).toBeVisible();
  await expect(supplierCard).toContainText('林设计');
  await supplierCard.getByRole('button', { name: `接受：${requestNo}` }).click();
  const accept = page.getByRole('dialog', { name: '接受' });
  await expect(accept).toContainText(requestNo);
  await accept.getByRole('button', { name: '确定' }).click();
  await expect(accept).toHaveCount(0);
  await expect(supplierCard.getByText('已接受', { exact: true })).toBeVisible();
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
  await signInAs(page, 'buyer@matlib.demo', '/logistics-manage');
  const row = page.getByRole('row').filter({ hasText: requestNo });
  await expect(row).toContainText('顺丰速运');
  await expect(row).toContainText('SF1234567890');
  await expect(row).toContainText('已发货');

  await page.goto('/applyRecordBuyer?state=shipped');
  await hydrated(page);
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
