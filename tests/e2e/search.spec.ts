import { expect, test } from '@playwright/test';
import { hydrated } from './support';

test.use({ locale: 'zh-CN' });

test('a designer searches in Chinese from the header and sees ranked, highlighted results', async ({ page }) => {
  await page.goto('/home');
  const box = page.getByRole('searchbox', { name: '搜索材料' });
  const narrow = (await box.boundingBox())?.width ?? 0;
  await box.click();
  // §2: the box widens on focus.
  await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeGreaterThan(narrow + 100);
  await box.fill('牛皮');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/materials\?keywords=%E7%89%9B%E7%9A%AE/);
  await expect(page.getByRole('heading', { level: 1, name: '“牛皮”的搜索结果' })).toBeVisible();
  await hydrated(page);
  const marks = page.getByRole('main').locator('mark');
  await expect(marks.first()).toHaveText('牛皮');
  await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('relevance');
  // The words stay in the box, and a category narrows the results in place.
  await expect(box).toHaveValue('牛皮');
  const total = page.getByRole('heading', { level: 2, name: /^共 \d+ 款材料$/ });
  const before = Number((await total.textContent())?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '绒面革', exact: true }).click();
  await expect(page).toHaveURL(/keywords=.*categoryId=\d+|categoryId=\d+.*keywords=/);
  await expect(total).not.toHaveText(`共 ${before} 款材料`);
});

test('a search with no results offers the hot words', async ({ page }) => {
  await page.goto('/search/materials?keywords=qqqzzzxx');
  await hydrated(page);
  const hot = page.getByRole('navigation', { name: '热门搜索' });
  await expect(hot.getByRole('link', { name: '头层牛皮' })).toBeVisible();
  await hot.getByRole('link', { name: '头层牛皮' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '“头层牛皮”的搜索结果' })).toBeVisible();
  await expect(page.getByRole('main').locator('mark').first()).toHaveText('头层牛皮');
});
