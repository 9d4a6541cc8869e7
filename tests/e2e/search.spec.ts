import { expect, test } from './fixtures';
import { highlights, hydrated, visit } from './support';

test.use({ locale: 'zh-CN' });

test('a designer searches in Chinese from the header and sees ranked, highlighted results', async ({ page }) => {
  await page.goto('/home');
  const box = page.getByRole('combobox', { name: '搜索材料' });
  const narrow = (await box.boundingBox())?.width ?? 0;
  await box.click();
  // docs/product/routes.md#routes: the box widens on focus.
  await expect.poll(async () => (await box.boundingBox())?.width ?? 0).toBeGreaterThan(narrow + 100);
  await box.fill('牛皮');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/materials\?keywords=%E7%89%9B%E7%9A%AE/);
  await expect(page.getByRole('heading', { level: 1, name: '“牛皮”的搜索结果' })).toBeVisible();
  await hydrated(page);
  const marks = highlights(page.getByRole('main'));
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
  await visit(page, '/search/materials?keywords=qqqzzzxx');
  const hot = page.getByRole('navigation', { name: '热门搜索' });
  await expect(hot.getByRole('link', { name: '头层牛皮' })).toBeVisible();
  await hot.getByRole('link', { name: '头层牛皮' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '“头层牛皮”的搜索结果' })).toBeVisible();
  await expect(highlights(page.getByRole('main')).first()).toHaveText('头层牛皮');
});

test('the header box suggests as a guest types Chinese; the keyboard picks one and the results mark it', async ({ page }) => {
  await visit(page, '/home');
  const box = page.getByRole('combobox', { name: '搜索材料' });
  await box.click();
  // A guest's panel: hot words, no history.
  const panel = page.getByRole('listbox', { name: '搜索历史和热门搜索' });
  await expect(panel.getByRole('group', { name: '热门搜索' }).getByRole('option', { name: '头层牛皮' })).toBeVisible();
  await expect(panel.getByRole('group', { name: '搜索历史' })).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.pressSequentially('牛皮');
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  const words = suggestions.getByRole('group');
  await expect(words.first()).toBeVisible();
  // Every suggestion contains what was typed, marked, and names at most 5 categories.
  const count = await words.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  for (let i = 0; i < count; i += 1) {
    const group = words.nth(i);
    await expect(highlights(group.getByRole('option').first())).toHaveText('牛皮');
    expect(await group.getByRole('option').count()).toBeLessThanOrEqual(6);
  }
  const first = ((await words.first().getByRole('option').first().textContent()) ?? '').trim();
  expect(first).toContain('牛皮');

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  const active = suggestions.getByRole('option', { selected: true });
  await expect(active).toHaveText(first);
  await expect(active).toHaveAttribute('id', (await box.getAttribute('aria-activedescendant')) ?? '');
  await box.press('Enter');

  await expect(page).toHaveURL(`/search/materials?keywords=${encodeURIComponent(first).replace(/%20/g, '+')}`);
  await expect(page.getByRole('heading', { level: 1, name: `“${first}”的搜索结果` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '排序' })).toHaveValue('relevance');
  const total = Number(((await page.getByRole('heading', { level: 2, name: /^共 \d+ 款材料$/ }).textContent()) ?? '').match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(0);
  await expect(highlights(page.getByRole('main')).first()).toContainText(/牛皮|头层/);
});

test('Escape closes the panel, a second Escape clears the box; a signed-in buyer sees their history and can forget it', async ({ page, buyer, signIn }) => {
  await visit(page, '/home');
  const box = page.getByRole('combobox', { name: '搜索材料' });
  await box.click();
  await box.pressSequentially('网布');
  await expect(page.getByRole('listbox', { name: '搜索建议' }).getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(box).toHaveValue('网布');
  await box.press('Escape');
  await expect(box).toHaveValue('');
  // A click outside closes it too.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('heading', { level: 1 }).first().click({ force: true }).catch(() => page.mouse.click(5, 600));
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await signIn(buyer);
  await visit(page, '/home');

  // A search the buyer makes from the box (typed, not picked) is remembered, newest first.
  await box.fill('网布');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '“网布”的搜索结果' })).toBeVisible();
  await hydrated(page);
  await box.fill('');
  await box.click();
  const history = page.getByRole('group', { name: '搜索历史' });
  await expect(history.getByRole('option').first()).toHaveText('网布');
  // Arrow onto it and press Delete: forgotten here and on the server.
  await box.press('ArrowDown');
  await expect(history.getByRole('option', { selected: true })).toHaveText('网布');
  await box.press('Delete');
  await expect(history.getByRole('option', { name: '网布', exact: true })).toHaveCount(0);
  const remembered = await page.request.get('/api/idealab-material/v2/material/search/his-keyword');
  expect(((await remembered.json()) as { data: { word: string }[] }).data.map((w) => w.word)).not.toContain('网布');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header box is still a search form', async ({ page }) => {
    await page.goto('/home');
    const box = page.getByRole('combobox', { name: '搜索材料' });
    await box.fill('网布');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/materials\?keywords=%E7%BD%91%E5%B8%83$/);
    await expect(page.getByRole('heading', { level: 1, name: '“网布”的搜索结果' })).toBeVisible();
  });
});

test('an empty header box searches the word its placeholder offers, without the lead-in', async ({ page }) => {
  await visit(page, '/home');
  const box = page.getByRole('combobox', { name: '搜索材料' });
  // Focus stops the rotation, so the word offered is the one searched.
  await box.focus();
  await expect(box).toHaveAttribute('placeholder', /^搜索 (.+)$/);
  const offered = (await box.getAttribute('placeholder'))!.replace(/^搜索 /, '');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `“${offered}”的搜索结果` })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
});
