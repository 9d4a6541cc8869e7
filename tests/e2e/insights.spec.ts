import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAddress, hydrated, materialTiles, sampleBagEntry, visit } from './support';

/**
 * Insights (docs/product/insights.md): a buyer's journey from a search to received samples shows on the operator
 * dashboard. Other journeys run at the same time, so the dashboard is read before and after, and each step must have
 * grown by at least this journey's one.
 */
// The buyer's visit to the dashboard ends on the 403 page, which the browser logs as a failed load.
test.use({ locale: 'zh-CN', usageData: true, allowedConsoleErrors: /status of 403 .*\/403\?code=403/ });

const DASHBOARD = '/admin/insights?days=7';
const STEPS = ['加入样品袋', '提交申请', '已接受', '已发货', '已签收'] as const;

/** The sample funnel's counts as the dashboard's table shows them, step by step. */
async function funnelCounts(page: Page): Promise<number[]> {
  const table = page.getByRole('region', { name: '样品转化' }).getByRole('table', { name: '样品转化' });
  const counts: number[] = [];
  for (const step of STEPS) {
    const cell = table.getByRole('row', { name: new RegExp(`^${step}`) }).getByRole('cell').first();
    counts.push(Number(((await cell.textContent()) ?? '').replace(/[^\d]/g, '')));
  }
  return counts;
}

/** The CSV a section's download link gives, fetched with the page's session. */
async function sectionCsv(page: Page, section: string): Promise<string> {
  const href = await page.getByRole('link', { name: `下载“${section}”CSV` }).getAttribute('href');
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  return (await res.body()).toString('utf8');
}

const timeline = (card: Locator) => card.getByRole('region', { name: '处理进度' }).getByRole('listitem');

test('a search, a detail, a sample requested, accepted, shipped and received show on the dashboard, which downloads as CSV', async ({ page, buyer, supplier, admin, signIn, newPage }) => {
  test.setTimeout(180_000);
  const [material] = supplier.materials;
  if (!material) throw new Error('the supplier fixture publishes materials');

  // The dashboard before: the operator reads the funnel of the last 7 days.
  const operator = await newPage();
  await signIn(admin, operator.context());
  await visit(operator, DASHBOARD);
  await expect(operator.getByRole('heading', { level: 1, name: '运营数据' })).toBeVisible();
  await expect(operator.getByRole('link', { name: '最近 7 天' })).toHaveAttribute('aria-current', 'page');
  const before = await funnelCounts(operator);

  // The buyer searches for words nothing matches, then for the supplier's material, and opens it.
  await signIn(buyer);
  const nothing = `无此材料${Date.now().toString(36)}`;
  await visit(page, '/home');
  const box = page.getByRole('combobox', { name: '搜索材料' });
  await box.fill(nothing);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `“${nothing}”的搜索结果` })).toBeVisible();
  await hydrated(page);
  await box.fill(material.name);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `“${material.name}”的搜索结果` })).toBeVisible();
  await hydrated(page);
  await materialTiles(page).filter({ hasText: material.name }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(material.name);
  await hydrated(page);

  // A sample into the bag, an address, and the request.
  await page.getByRole('main').getByRole('button', { name: '加入样品袋' }).click();
  await expect(page.getByText('已加入样品袋')).toBeVisible();
  await expect(sampleBagEntry(page)).toHaveAccessibleDescription('1 件');
  await visit(page, '/address-book');
  await addAddress(page, { receiver: '数据看板', mobile: '13800138000', places: ['中国', '广东省', '东莞市', '厚街镇'], street: '新塘工业区 8 号' });
  await visit(page, '/sample-bag');
  await page.getByRole('region', { name: supplier.name }).getByRole('listitem').filter({ hasText: material.name }).getByRole('checkbox').check();
  await page.getByRole('button', { name: '申请样品', exact: true }).click();
  const request = page.getByRole('dialog', { name: '提交样品申请' });
  await request.getByRole('radio', { name: /数据看板/ }).check();
  await request.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL('/applyRecordBuyer');
  const buyerCard = page.getByRole('article').filter({ hasText: material.name }).first();
  const requestNo = ((await buyerCard.getByRole('heading', { level: 2 }).textContent()) ?? '').match(/SR\d{8}-\d{6}/)?.[0] ?? '';
  expect(requestNo).toMatch(/^SR\d{8}-\d{6}$/);

  // The supplier accepts and ships.
  const desk = await newPage();
  await signIn(supplier.admin, desk.context());
  await visit(desk, '/supplier/apply-record');
  const card = desk.getByRole('article', { name: new RegExp(requestNo) });
  await card.getByRole('button', { name: `接受：${requestNo}` }).click();
  await desk.getByRole('dialog', { name: '接受' }).getByRole('button', { name: '确定' }).click();
  await expect(card.getByText('已接受', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `发货：${requestNo}` }).click();
  const ship = desk.getByRole('dialog', { name: '填写物流并发货' });
  await ship.getByRole('combobox', { name: '承运商' }).fill('顺丰速运');
  await ship.getByRole('textbox', { name: '运单号' }).fill('SF1234567890');
  await ship.getByRole('button', { name: '发货' }).click();
  await expect(card.getByText('已发货', { exact: true })).toBeVisible();

  // The buyer confirms receipt.
  await visit(page, '/applyRecordBuyer?state=shipped');
  const shipped = page.getByRole('article', { name: new RegExp(requestNo) });
  await shipped.getByRole('button', { name: `确认收货：${requestNo}` }).click();
  await page.getByRole('dialog', { name: '确认收货' }).getByRole('button', { name: '确定' }).click();
  await expect(timeline(shipped)).toHaveText([/提交申请/, /接受申请/, /发货/, /确认收货买家/]);

  // The dashboard after: every step of the funnel grew by at least this journey's sample.
  await visit(operator, DASHBOARD);
  const after = await funnelCounts(operator);
  for (const [i, step] of STEPS.entries()) expect(after[i], step).toBeGreaterThanOrEqual((before[i] ?? 0) + 1);

  // The funnel downloads as a CSV Excel reads: UTF-8 with a byte-order mark, the steps in Chinese.
  const [download] = await Promise.all([operator.waitForEvent('download'), operator.getByRole('link', { name: '下载“样品转化”CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^matlib-insights-sampleFunnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  for (const step of STEPS) expect(text).toContain(step);

  // The browser's usage events arrived: the words that found nothing, and the view of the supplier's material.
  await expect.poll(() => sectionCsv(operator, '无结果的搜索'), { timeout: 20_000 }).toContain(nothing.toLowerCase());
  await expect.poll(() => sectionCsv(operator, '各供应商的详情浏览'), { timeout: 20_000 }).toContain(supplier.name);

  // The buyer is no operator.
  await page.goto('/admin/insights');
  await expect(page).toHaveURL(/\/403/);
});

test('usage data can be turned off and on again by a guest, from the footer', async ({ page }) => {
  await visit(page, '/home');
  await page.getByRole('contentinfo').getByRole('link', { name: '使用数据' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '使用数据' })).toBeVisible();
  await expect(page.getByText('这个浏览器的使用数据已开启。')).toBeVisible();
  await page.getByRole('button', { name: '关闭使用数据' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('已保存：这个浏览器的使用数据已关闭。');
  expect((await page.context().cookies()).find((c) => c.name === 'usage_events')?.value).toBe('off');
  // Nothing is sent from a page with script, and a page without script leaves out its counting image.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/data-transit\/data\/(collect|pixel|error-log)/.test(r.url())) sent.push(r.url());
  });
  await visit(page, '/main/material-store');
  await page.goto('/help-center');
  expect(sent).toEqual([]);
  await page.goto('/privacy-choices');
  await page.getByRole('button', { name: '开启使用数据' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('已保存：这个浏览器的使用数据已开启。');
  expect((await page.context().cookies()).some((c) => c.name === 'usage_events')).toBe(false);
  // On again: the content page counts its view with its image.
  const image = page.waitForResponse((r) => r.url().includes('/api/data-transit/data/pixel?path=%2Fhelp-center'));
  await page.goto('/help-center');
  expect((await image).headers()['cache-control']).toContain('no-store');
});
