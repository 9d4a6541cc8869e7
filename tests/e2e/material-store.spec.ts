import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillSignInForm, hydrated, materialTiles, visit } from './support';

test.use({ locale: 'zh-CN' });

test('a buyer browses the store, filters, scrolls, opens a material, switches color cards and follows its supplier', async ({ page, buyer }) => {
  test.setTimeout(120_000);
  // The first page is in the HTML itself (indexable), before any script.
  const response = await page.goto('/main/material-store');
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain('共 ');
  await hydrated(page);
  const tiles = materialTiles(page);
  await expect(tiles).toHaveCount(24);
  const total = page.getByRole('heading', { level: 2, name: /^共 \d+ 款材料$/ });
  const all = Number((await total.textContent())?.match(/\d+/)?.[0]);
  expect(all).toBeGreaterThan(100);

  // A category narrows the list in place and the address bar says so.
  await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '梭织面料', exact: true }).click();
  await expect(page).toHaveURL(/categoryId=\d+/);
  await expect(total).not.toHaveText(`共 ${all} 款材料`);
  const inCategory = Number((await total.textContent())?.match(/\d+/)?.[0]);

  // An attribute facet with its count: choosing it gives exactly that many.
  const season = page.getByRole('group', { name: '季节' }).getByRole('checkbox').first();
  // The option reads its label, then how many materials it would leave.
  const expected = Number(/(\d+)$/.exec((await season.textContent()) ?? '')?.[1]);
  await season.click();
  await expect(page).toHaveURL(/season=/);
  await expect(total).toHaveText(`共 ${expected} 款材料`);
  expect(expected).toBeLessThan(inCategory);
  await expect(page.getByRole('list', { name: '已选条件' })).toBeVisible();

  // Reloading the shared address gives the same filter.
  const filtered = page.url();
  await page.reload();
  await hydrated(page);
  await expect(total).toHaveText(`共 ${expected} 款材料`);

  // Back to everything, then scroll: the next page joins the grid. Materials published meanwhile (by journeys
  // running alongside) come first and push some of the first page onto the second: those are not shown twice.
  await visit(page, '/main/material-store');
  await expect(tiles).toHaveCount(24);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => tiles.count()).toBeGreaterThan(24);
  const links = await tiles.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(links).size).toBe(links.length);
  expect(filtered).toContain('season=');

  // A material: its color cards switch the images.
  await tiles.nth(2).getByRole('link').click();
  await expect(page).toHaveURL(/\/material\/detail\?materialId=\d+&categoryId=\d+/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByRole('radiogroup', { name: /色卡/ }).getByRole('radio');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await expect(cards.first()).toHaveAttribute('aria-checked', 'true');
  const mainImage = page.getByRole('main').getByRole('img', { name: / 的图片$/ });
  const before = await mainImage.getAttribute('src');
  // Islands further down hydrate when the browser is idle; a press made while the page is still settling is made
  // again until it lands, as a person would press again (once in a CI run the first one was lost).
  await expect(async () => {
    await cards.nth(1).click();
    await expect(cards.nth(1)).toHaveAttribute('aria-checked', 'true', { timeout: 1_000 });
  }).toPass();
  await expect(mainImage).not.toHaveAttribute('src', before ?? '');
  // Keyboard: arrows move along the cards.
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(2 % (await cards.count()))).toHaveAttribute('aria-checked', 'true');

  // Following needs a sign-in; afterwards the supplier is among the followed merchants.
  const supplier = (await page.getByRole('region', { name: '供应商' }).getByRole('link').first().textContent())?.trim() ?? '';
  const detailUrl = page.url();
  await page.getByRole('region', { name: '供应商' }).getByRole('button', { name: /关注/ }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await hydrated(page);
  await fillSignInForm(page, buyer);
  await page.waitForURL((url) => url.pathname !== '/login');
  await visit(page, detailUrl);
  const follow = page.getByRole('region', { name: '供应商' }).getByRole('button', { name: /关注/ });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/merchant/followed');
  await expect(page.getByRole('main')).toContainText(supplier);
});

/** The listed prices of the store's tiles, in the order shown (tiles without a price are left out). */
async function tilePrices(page: Page): Promise<number[]> {
  const texts = await materialTiles(page).allTextContents();
  return texts.flatMap((text) => {
    const m = /¥(\d+\.\d{2})/.exec(text);
    return m ? [Number(m[1])] : [];
  });
}

test('a shopper filters the store by a price range and sorts it by price, both ways, page after page', async ({ page }) => {
  test.setTimeout(120_000);
  await visit(page, '/main/material-store');
  const total = page.getByRole('heading', { level: 2, name: /^共 \d+ 款材料$/ });
  const all = await total.textContent();
  const prices = page.getByRole('group', { name: '大货价（¥）' });
  const min = prices.getByRole('textbox', { name: '最低' });
  const max = prices.getByRole('textbox', { name: '最高' });
  const filter = prices.getByRole('button', { name: '按价格筛选' });

  // Bad input is explained beside the boxes and changes nothing.
  await min.fill('50');
  await max.fill('20');
  await filter.click();
  await expect(prices.getByRole('alert')).toHaveText('最低价不能高于最高价');
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await min.fill('-3');
  await filter.click();
  await expect(prices.getByRole('alert')).toHaveText('价格须为不小于 0 的数字');
  await expect(min).toBeFocused();
  expect(page.url()).not.toContain('Price=');
  await expect(total).toHaveText(all ?? '');

  // A good range: the address bar keeps it, a chip says it, and every price shown is inside it.
  await min.fill('20');
  await max.fill('40');
  await filter.click();
  await expect(page).toHaveURL(/minPrice=20&maxPrice=40/);
  await expect(prices.getByRole('alert')).toHaveCount(0);
  const chip = page.getByRole('list', { name: '已选条件' }).getByRole('link', { name: '移除条件：价格 ¥20–¥40' });
  await expect(chip).toBeVisible();
  await expect(total).not.toHaveText(all ?? '');
  const inRange = await tilePrices(page);
  expect(inRange.length).toBeGreaterThan(0);
  expect(inRange.every((p) => p >= 20 && p <= 40)).toBe(true);

  // Lowest first, and the next page carries on where the first stopped.
  await page.getByRole('combobox', { name: '排序' }).selectOption('priceAsc');
  await expect(page).toHaveURL(/minPrice=20&maxPrice=40&sort=priceAsc/);
  await expect.poll(async () => (await tilePrices(page))[0]).toBeLessThan(21);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => materialTiles(page).count()).toBeGreaterThan(24);
  const rising = await tilePrices(page);
  expect(rising).toEqual([...rising].sort((a, b) => a - b));
  expect(rising.every((p) => p >= 20 && p <= 40)).toBe(true);

  // Reloading the address gives the same filter, its boxes filled in.
  await page.reload();
  await hydrated(page);
  await expect(min).toHaveValue('20');
  await expect(max).toHaveValue('40');
  await expect(chip).toBeVisible();

  // The chip takes the range away: the whole store again, highest price first.
  await chip.click();
  await expect(page).not.toHaveURL(/Price=/);
  await expect(min).toHaveValue('');
  await expect(total).toHaveText(all ?? '');
  await page.getByRole('combobox', { name: '排序' }).selectOption('priceDesc');
  await expect(page).toHaveURL(/sort=priceDesc/);
  await expect.poll(async () => (await tilePrices(page))[0]).toBeGreaterThan(40);
  const falling = await tilePrices(page);
  expect(falling).toEqual([...falling].sort((a, b) => b - a));

  // Without script the boxes are a plain form: a range the server cannot use is explained there too.
  const refused = await page.request.get('/main/material-store?minPrice=9&maxPrice=3');
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('最低价不能高于最高价');
});

test('the detail picture opens larger on demand, on a computer and on a phone, and Escape closes it', async ({ page, newPage }) => {
  await visit(page, '/main/material-store');
  const detail = (await materialTiles(page).first().getByRole('link').first().getAttribute('href')) ?? '';
  // A phone opens the same page, laid out for its screen.
  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: devices['iPhone 13'].userAgent });
  for (const [browser, width] of [
    [page, 1440],
    [phone, 390],
  ] as const) {
    await visit(browser, detail);
    const open = browser.getByRole('button', { name: '查看大图' });
    const larger = browser.waitForResponse((res) => /\/api\/img\/\d+\/full\.(webp|jpg)\?/.test(res.url()) && res.status() === 200);
    await (width === 390 ? open.tap() : open.click());
    const viewer = browser.getByRole('dialog', { name: / 的图片$/ });
    await expect(viewer).toBeVisible();
    await larger;
    const picture = viewer.getByRole('img', { name: / 的图片$/ });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\/full\.(webp|jpg)\?/);
    // The viewer fills the screen and the page does not scroll sideways.
    const box = await viewer.boundingBox();
    expect(box?.width).toBe(width);
    expect(await browser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await browser.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(open).toBeFocused();
  }
  // A phone's browser gets the same detail page, laid out for it.
  expect(phone.url()).toContain('/material/detail');
  // The keyboard opens it too.
  await page.getByRole('button', { name: '查看大图' }).press('Enter');
  await expect(page.getByRole('dialog', { name: / 的图片$/ })).toBeVisible();
  await page.getByRole('button', { name: '关闭大图' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe(() => {
  // Each of these pages answers with its status, which the browser reports.
  test.use({ allowedConsoleErrors: /status of 40[04] .*\/(material\/detail|main\/material-store)/ });

  test('bad material links show the page (docs/product/errors.md), never a server error', async ({ page }) => {
    for (const [url, status] of [
      ['/material/detail?materialId=99999999', 404],
      ['/material/detail?materialId=abc', 400],
      ['/material/detail', 400],
      ['/main/material-store?categoryId=99999999', 404],
      ['/main/material-store?sort=%3Cscript%3E', 400],
    ] as const) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(status);
      await expect(page.getByRole('main').getByRole('link', { name: '查看全部材料' }), url).toBeVisible();
    }
  });
});
