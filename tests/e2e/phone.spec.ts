import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { MESSAGES } from '../../src/lib/i18n';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

/**
 * Phones (docs/product/routes.md#phones): a guest and a buyer use the site on a 390 × 844 phone, in both languages.
 * Every page a journey reaches must fit the screen (nothing scrolls sideways) and pass an axe scan for WCAG 2.x A
 * and AA; the journeys go through the compact header's menu and search button, the store's folded filters, the
 * bottom bar and the dialogs, which open as sheets.
 */
const PHONE = { width: 390, height: 844 };
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The product's own words, read like the server reads them, so each journey asks for what its language shows. */
function messages(lang: 'cn' | 'en'): (typeof MESSAGES)['cn'] {
  const read = (name: string) => JSON.parse(readFileSync(new URL(`../../src/lib/i18n/locales/${name}.json`, import.meta.url), 'utf8'));
  const slices = ['material', 'search', 'addressBook', 'collections', 'sampleBag', 'sampleRequest'];
  return { ...read(lang), ...Object.fromEntries(slices.map((slice) => [slice, read(`${slice}.${lang}`)])) };
}

/** The page fits the phone's width and axe finds nothing at WCAG A/AA. */
async function checkPhonePage(page: Page) {
  await hydrated(page);
  // With a mobile viewport the browser widens the layout to fit content that overflows, so the page is measured
  // against the phone's own width, not innerWidth.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  // Landmarks too (axe files these under best practice): every part of the page in one, none named twice.
  const landmarks = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique']).analyze();
  const found = [...violations, ...landmarks.violations].map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, page.url()).toEqual([]);
}

/** The material tiles of the page's grid, in either language: list items holding a link to a detail page. */
const materialTiles = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ has: page.locator('a[href^="/material/detail"]') });

/** A dialog shown as a sheet: the phone's full width, standing on its bottom edge. */
async function expectSheet(dialog: Locator) {
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(PHONE.width);
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);
}

for (const lang of ['cn', 'en'] as const) {
  const m = messages(lang);
  test.describe(`on a phone in ${lang}`, () => {
    test.use({ viewport: PHONE, userAgent: IPHONE_UA, isMobile: true, hasTouch: true, locale: lang === 'cn' ? 'zh-CN' : 'en-US' });
    // Each page's axe scan takes seconds on a shared two-core machine, and these journeys visit many pages.
    test.setTimeout(300_000);

    test('a guest browses home, the store with a filter, a detail page and a search', async ({ page }) => {
      await visit(page, '/home');
      await checkPhonePage(page);

      // The compact header: the tabs are behind the menu button.
      await expect(page.getByRole('navigation', { name: m.nav.main })).toBeHidden();
      await page.getByLabel(m.header.menu, { exact: true }).click();
      const menu = page.getByRole('navigation', { name: m.nav.main });
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: m.nav.materialStore }).click();
      await expect(page).toHaveURL(/\/main\/material-store$/);
      await checkPhonePage(page);

      // The filters fold behind one button; a color family narrows the list and shows as a named chip.
      const filters = page.getByText(m.material.filters, { exact: true });
      await filters.click();
      const family = page.getByRole('group', { name: m.material.facet.colorFamily }).getByRole('checkbox').first();
      const familyName = ((await family.textContent()) ?? '').replace(/\d+$/, '').trim();
      await family.click();
      await expect(page).toHaveURL(/colorFamily=/);
      await expect(page.getByRole('list', { name: m.material.activeFilters }).getByRole('link', { name: new RegExp(familyName) })).toBeVisible();
      await page.getByRole('link', { name: new RegExp(m.material.showResults.replace('{{count}}', '\\d+')) }).click();
      await checkPhonePage(page);

      // Two tiles a row.
      const tiles = materialTiles(page);
      const [a, b] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
      expect(a?.y).toBe(b?.y);

      await tiles.first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/material\/detail\?materialId=\d+/);
      await checkPhonePage(page);
      // Text the catalogue holds in both languages reads in the page's own: no Chinese among the English page's
      // attributes and color-card names.
      const written = await page.getByRole('main').locator('dd, nav a').allTextContents();
      expect(written.length).toBeGreaterThan(3);
      if (lang === 'en') expect(written.filter((text) => /[\u4e00-\u9fff]/.test(text))).toEqual([]);

      // The search button opens the box over the header; Enter searches.
      await page.getByRole('banner').getByTitle(m.search.open, { exact: true }).click();
      const box = page.getByRole('combobox', { name: m.search.label });
      await expect(box).toBeVisible();
      await box.fill(lang === 'cn' ? '牛皮' : 'leather');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\/materials\?keywords=/);
      await expect(materialTiles(page).first()).toBeVisible();
      await checkPhonePage(page);
    });

    test('a guest reads the help center, a trend, a policy and the plugin downloads; a buyer their news', async ({ page, buyer, signIn }) => {
      const guestPages = ['/help-center', '/help-center?q=%E6%A0%B7%E5%93%81', '/help-center/article/share-codes', '/main/fashion-trend', '/main/fashion-trend/aw27-soft-luxe', '/policy/privacy', '/about-us', '/main/plugin-center/download', '/material-library', '/official-account', '/mobile/browser-tip'];
      for (const path of guestPages) {
        await visit(page, path);
        await checkPhonePage(page);
      }
      await signIn(buyer);
      for (const path of ['/news', '/news/preferences', '/help-center/article/sample-requests']) {
        await visit(page, path);
        await checkPhonePage(page);
      }
    });

    test('a buyer collects a material, adds it to the bag and requests the sample', async ({ page, buyer, signIn }) => {
      await signIn(buyer);
      await visit(page, '/main/material-store');
      await checkPhonePage(page);
      await materialTiles(page).first().getByRole('link').first().click();
      await hydrated(page);
      const name = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();

      // Collect into a new folder: both dialogs are sheets.
      await page.getByRole('main').getByRole('button', { name: m.collections.collect.label, exact: true }).click();
      const folders = page.getByRole('dialog', { name: m.collections.collect.title });
      await expectSheet(folders);
      await checkPhonePage(page);
      await folders.getByRole('button', { name: m.collections.collect.newFolder }).click();
      const newFolder = page.getByRole('dialog', { name: m.collections.folderForm.title });
      await expectSheet(newFolder);
      await newFolder.getByRole('textbox', { name: m.collections.folderForm.name }).fill(`phone ${Date.now().toString(36).slice(-5)}`);
      await newFolder.getByRole('button', { name: m.collections.folderForm.save, exact: true }).click();
      await expect(newFolder).toHaveCount(0);
      await folders.getByRole('button', { name: m.collections.collect.confirm, exact: true }).click();
      await expect(folders).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name: m.collections.collect.label, exact: true })).toHaveAttribute('aria-pressed', 'true');

      await page.getByRole('main').getByRole('button', { name: m.sampleBag.add.label }).click();
      await expect(page.getByText(m.sampleBag.add.done)).toBeVisible();

      // An address, through the address book.
      await visit(page, '/address-book');
      await checkPhonePage(page);
      await page.getByRole('button', { name: m.addressBook.add }).click();
      const address = page.getByRole('dialog', { name: m.addressBook.form.addTitle });
      await expectSheet(address);
      await address.getByLabel(m.addressBook.form.receiver).fill('Phone Buyer');
      await address.getByRole('textbox', { name: m.addressBook.form.phone }).fill('13800138000');
      for (const label of [m.addressBook.form.country, m.addressBook.form.province, m.addressBook.form.city, m.addressBook.form.district]) {
        const select = address.getByLabel(label);
        await expect(select).toBeEnabled();
        await select.selectOption({ index: 1 });
      }
      await address.getByLabel(m.addressBook.form.detail).fill('8 Xintang Road');
      await checkPhonePage(page);
      await address.getByRole('button', { name: m.addressBook.form.save }).click();
      await expect(address).toBeHidden();

      // The bag through the bottom bar, then the request.
      const bar = page.getByRole('navigation', { name: m.toolbar.label });
      const barBox = await bar.boundingBox();
      expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(PHONE.height);
      await bar.getByRole('link', { name: m.toolbar.sampleBag }).click();
      await expect(page).toHaveURL(/\/sample-bag$/);
      await checkPhonePage(page);
      // The item's color card reads in the page's language too.
      const item = page.getByRole('listitem').filter({ hasText: name });
      if (lang === 'en') await expect(item).not.toContainText(/[\u4e00-\u9fff]/);
      await item.getByRole('checkbox').check();
      await page.getByRole('button', { name: m.sampleRequest.request, exact: true }).click();
      const request = page.getByRole('dialog', { name: m.sampleRequest.requestTitle });
      await expectSheet(request);
      await request.getByRole('radio', { name: /Phone Buyer/ }).check();
      await checkPhonePage(page);
      await request.getByRole('button', { name: m.sampleRequest.submit }).click();
      await expect(page).toHaveURL(/\/applyRecordBuyer$/);
      await expect(page.getByRole('article').filter({ hasText: name }).first()).toBeVisible();
      await checkPhonePage(page);
    });
  });
}
