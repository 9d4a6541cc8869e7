import { asc, eq, inArray } from 'drizzle-orm';
import { addressInputSchema } from '../../src/lib/contracts/sampling-addresses';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, colorCards } from '../../src/lib/server/db/schema';
import { addSampleItem } from '../../src/lib/server/sampling/add-sample-item';
import { addShippingAddress } from '../../src/lib/server/sampling/add-shipping-address';
import { submitSampleRequests } from '../../src/lib/server/sampling/submit-sample-requests';
import { expect, test, type Person, type Supplier } from './fixtures';
import { visit } from './support';

/**
 * News (docs/product/news.md): a supplier accepts and ships a buyer's sample request; the buyer's header shows the
 * two unread notifications, the news page lists both with the way to the request, and marking all read clears the
 * badge. The request is made through the domain, as the sampling journey makes one through the pages.
 */
test.use({ locale: 'zh-CN' });

async function requestSample(buyer: Person, supplier: Supplier): Promise<number> {
  const places = new Map((await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, ['CN', 'CN-GD', 'CN-GD-DG']))).map((n) => [n.code, n.id]));
  const address = await addShippingAddress(buyer.id, addressInputSchema.parse({ receiver: '收样人', phone: '13800138000', countryId: places.get('CN'), provinceId: places.get('CN-GD'), cityId: places.get('CN-GD-DG'), detail: '厚街镇 8 号' }), 'cn');
  const material = supplier.materials[0];
  if (!material) throw new Error('the supplier fixture publishes materials');
  const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, material.id)).orderBy(asc(colorCards.sort)).limit(1);
  const item = await addSampleItem(buyer.id, buyer.companyId, { materialId: material.id, colorCardId: card!.id, quantity: 1 });
  const { requestIds } = await submitSampleRequests({ userId: buyer.id, currentCompanyId: buyer.companyId }, { itemIds: [item.id], addressId: address.id, note: '' }, null);
  return requestIds[0]!;
}

test('the supplier accepts and ships; the buyer reads both in the news, opens the request and marks all read', async ({ page, buyer, supplier, signIn, newPage }) => {
  test.setTimeout(120_000);
  const id = await requestSample(buyer, supplier);

  // The supplier, in a browser of their own, hears of the request and handles it.
  const desk = await newPage({ locale: 'zh-CN' });
  await signIn(supplier.admin, desk.context());
  await visit(desk, '/news');
  const incoming = desk.getByRole('list', { name: '消息列表' }).getByRole('listitem').first();
  await expect(incoming).toContainText(/收到新的样品申请 SR\d{8}-\d{6}/);
  await incoming.getByRole('button', { name: /^查看/ }).click();
  await expect(desk).toHaveURL(`/supplier/apply-record?id=${id}`);
  await expect(desk.getByText('只显示这一个申请。')).toBeVisible();
  const card = desk.getByRole('article', { name: /SR\d{8}-\d{6}/ });
  await card.getByRole('button', { name: /^接受：/ }).click();
  await desk.getByRole('dialog', { name: '接受' }).getByRole('button', { name: '确定' }).click();
  await expect(card.getByText('已接受', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: /^发货：/ }).click();
  const ship = desk.getByRole('dialog', { name: '填写物流并发货' });
  await ship.getByRole('combobox', { name: '承运商' }).fill('顺丰速运');
  await ship.getByRole('textbox', { name: '运单号' }).fill('SF1234567890');
  await ship.getByRole('button', { name: '发货' }).click();
  await expect(card.getByText('已发货', { exact: true })).toBeVisible();

  // The buyer's header counts both.
  await signIn(buyer);
  await visit(page, '/home');
  const bell = page.getByRole('banner').getByRole('link', { name: '消息 · 2 条未读消息' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('news-badge')).toHaveText('2');
  await bell.click();
  await expect(page).toHaveURL('/news');

  const items = page.getByRole('list', { name: '消息列表' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('已发货');
  await expect(items.nth(0)).toContainText(`${supplier.name} 已通过 顺丰速运 寄出样品，运单号 SF1234567890。`);
  await expect(items.nth(1)).toContainText('已被接受');
  await expect(page.getByRole('navigation', { name: '按类别筛选' }).getByRole('link', { name: '样品申请 (2)' })).toBeVisible();

  // Opening one reads it and goes to the request.
  await items.nth(1).getByRole('button', { name: /^查看/ }).click();
  await expect(page).toHaveURL(`/applyRecordBuyer?id=${id}`);
  await expect(page.getByRole('article', { name: /SR\d{8}-\d{6}/ }).getByText('已发货', { exact: true })).toBeVisible();
  await expect(page.getByTestId('news-badge')).toHaveText('1');

  // Marking all read clears the badge.
  await visit(page, '/news');
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('已全部标为已读。');
  await expect(page.getByTestId('news-badge')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: '消息', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^标为已读/ })).toHaveCount(0);

  // Only what is unread: nothing now, and the page says so.
  await page.getByRole('link', { name: '只看未读' }).click();
  await expect(page.getByText('没有未读消息。')).toBeVisible();
});

test('a buyer chooses e-mail for sample requests; the choice is kept', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/news/preferences');
  await expect(page.getByText(`邮件将发送到 ${buyer.account}。`)).toBeVisible();
  const samples = page.getByRole('checkbox', { name: /样品申请/ });
  await expect(samples).not.toBeChecked();
  await samples.check();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('设置已保存。');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /样品申请/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /分享/ })).not.toBeChecked();
});
