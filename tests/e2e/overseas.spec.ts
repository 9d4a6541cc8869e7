/**
 * The overseas market (docs/product/markets.md), on its own domain: only what is on that market is listed and opens,
 * materials read in English with the overseas template's fields, each price shows its own currency, and a browser
 * that asks for neither of our languages is answered in English.
 */
import { randomUUID } from 'node:crypto';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial } from '../fixtures/materials';
import { expect, test } from './fixtures';
import { materialTiles, visit } from './support';

// A browser asking for French: the home market would answer in Chinese, the overseas market answers in English.
test.use({
  locale: 'fr-FR',
  allowedConsoleErrors: /status of 404 .*\/material\/detail\?/,
});

test('an overseas buyer sees only the overseas market, in English, in dollars', async ({ page, baseURL }) => {
  const overseas = baseURL!.replace('127.0.0.1', 'overseas.localhost');
  const tag = randomUUID().slice(0, 8);
  const { companyId } = await createEnterprise({
    company: { orgName: `出海面料 ${tag}`, nameEn: `Export Mill ${tag}` },
  });
  const abroad = await createMaterial(companyId, 'twill', {
    nameCn: `海外斜纹 ${tag}`,
    nameEn: `Abroad twill ${tag}`,
    marketTypes: [2],
    attrs: {
      PF_PRICE: 7.25,
      PF_CURRENCY: 'USD',
      PF_UNIT: 'm',
      PF_COMPOSITION: '100% PES',
      PF_GRAMMAGE: 220,
    },
  });
  const home = await createMaterial(companyId, 'twill', {
    nameCn: `国内斜纹 ${tag}`,
    nameEn: `Home twill ${tag}`,
    marketTypes: [1],
  });

  // The store and the search list the overseas material only, by its English name and in dollars.
  for (const path of [`/main/material-store?keywords=${tag}`, `/search/materials?keywords=${tag}`]) {
    await visit(page, `${overseas}${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const tiles = materialTiles(page);
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toContainText(`Abroad twill ${tag}`);
    await expect(tiles.first()).toContainText('$7.25');
  }

  // Its detail: English name and field titles, the price in its currency.
  await visit(page, `${overseas}/material/detail?materialId=${abroad.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Abroad twill ${tag}` })).toBeVisible();
  await expect(page.getByText('Composition', { exact: true })).toBeVisible();
  await expect(page.getByText('100% PES')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$7.25');

  // A material only on the home market does not open here, and the home market does not list the overseas one.
  await page.goto(`${overseas}/material/detail?materialId=${home.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Home twill ${tag}` })).toHaveCount(0);
  await expect(page.getByText(/not found|no longer/i).first()).toBeVisible();
  await visit(page, `/main/material-store?keywords=${tag}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(materialTiles(page)).toHaveCount(1);
  await expect(materialTiles(page).first()).toContainText(`国内斜纹 ${tag}`);
  await expect(materialTiles(page).first()).toContainText('¥');
});
