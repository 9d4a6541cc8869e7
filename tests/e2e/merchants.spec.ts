import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, hydrated } from './support';

test.use({ locale: 'zh-CN' });

// A seeded platform pick (莆田安步鞋材有限公司); no other journey follows it.
const KEYWORD = '安步';
const NAME = /^莆田安步/;

test('a guest finds a merchant, signs in, browses its shop, follows it and unfollows it from the followed list', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) violations.push(m.text());
  });

  // The merchant center is open to guests: the platform's picks, then every merchant.
  await page.goto('/merchant/home');
  await expect(page.getByRole('heading', { level: 1, name: '商家中心' })).toBeVisible();
  await expect(page.getByRole('region', { name: '平台精选' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '全部商家' })).toBeVisible();

  // A search that finds nothing says so, and offers the way back.
  const search = page.getByRole('search', { name: '搜索商家' });
  await search.getByRole('searchbox').fill('没有这家商家');
  await search.getByRole('searchbox').press('Enter');
  await expect(page.getByText('没有找到与“没有这家商家”相关的商家')).toBeVisible();

  await search.getByRole('searchbox').fill(KEYWORD);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(`/merchant/home?keyword=${encodeURIComponent(KEYWORD)}`);
  await expect(page.getByRole('heading', { level: 2, name: `“${KEYWORD}”共找到 1 家商家` })).toBeVisible();
  const tile = page.getByRole('article').filter({ has: page.getByRole('heading', { name: NAME }) });
  await expect(tile).toHaveCount(1);
  await expect(tile.getByRole('list', { name: /的最新材料$/ }).getByRole('listitem')).toHaveCount(3);

  // The shop needs a signed-in user: the guest goes through login and comes back to it.
  await tile.getByRole('heading', { name: NAME }).getByRole('link').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmerchant%2Fdetail%3ForgId%3D\d+/);
  await hydrated(page);
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill('buyer@matlib.demo');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/merchant\/detail\?orgId=\d+$/);
  const detailUrl = page.url();
  await hydrated(page);

  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(name).toMatch(NAME);
  const tabs = page.getByRole('navigation', { name: '商家页面' });
  await expect(tabs.getByRole('link', { name: '店铺首页' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: '最新材料' })).toBeVisible();

  await tabs.getByRole('link', { name: '全部材料' }).click();
  await expect(page).toHaveURL(/tab=AllMaterial/);
  await expect(tabs.getByRole('link', { name: '全部材料' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: /^全部材料/ })).toBeVisible();
  expect(await page.getByRole('main').locator('a[href^="/material/detail"]').count()).toBeGreaterThan(0);

  await tabs.getByRole('link', { name: '材料清单' }).click();
  await expect(page.getByRole('table', { name: `${name}的材料清单` })).toBeVisible();

  await tabs.getByRole('link', { name: '企业信息' }).click();
  await expect(page).toHaveURL(/tab=BusinessInfoTab/);
  const facts = page.getByRole('region', { name: '企业信息' });
  await expect(facts.getByRole('term').filter({ hasText: '企业类型' })).toBeVisible();
  await expect(facts.getByText('已认证')).toBeVisible();

  // Follow from the banner: the button is pressed, the count goes up by one, and a notice says so.
  await hydrated(page);
  const follow = page.getByRole('button', { name: `关注${name}` });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const banner = page.getByRole('region', { name });
  const before = Number((await banner.getByText(/\d+ 人关注/).textContent())?.match(/\d+/)?.[0]);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText('已关注');
  await expect(banner.getByText(`${before + 1} 人关注`)).toBeVisible();
  await expect(page.getByRole('status').getByText(`已关注${name}`)).toBeVisible();

  // It stays followed on reload, and appears among the followed merchants.
  await page.goto(detailUrl);
  await expect(page.getByRole('button', { name: `关注${name}` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/merchant/followed');
  await expect(page.getByRole('heading', { level: 1, name: '关注的商家' })).toBeVisible();
  await hydrated(page);
  const followed = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(followed).toHaveCount(1);

  // Unfollow from the tile; after a reload it is gone from the list.
  const unfollow = followed.getByRole('button', { name: `关注${name}` });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await unfollow.click();
  await expect(unfollow).toHaveAttribute('aria-pressed', 'false');
  await expect(followed.getByText(`${before} 人关注`)).toBeVisible();
  await expect(page.getByRole('status').getByText(`已取消关注${name}`)).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(followed).toHaveCount(0);
  // Earlier journeys may have followed other merchants with this buyer: once they are unfollowed too, the list is
  // empty and points back to the merchant center.
  const stillFollowed = page.getByRole('article').getByRole('button', { pressed: true });
  for (let n = await stillFollowed.count(); n > 0; n -= 1) {
    await stillFollowed.first().click();
    await expect(stillFollowed).toHaveCount(n - 1);
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: '你还没有关注任何商家' })).toBeVisible();
  await page.getByRole('link', { name: '去商家中心看看' }).click();
  await expect(page).toHaveURL('/merchant/home');

  expect(violations).toEqual([]);
});

test('an unknown merchant is the error (docs/product/errors.md) page, not a failure', async ({ page }) => {
  await page.goto('/login?redirect=%2Fmerchant%2Fdetail%3ForgId%3D999999999');
  await hydrated(page);
  await page.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill('buyer@matlib.demo');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/404\?code=404&message=/);
  await expect(page.getByRole('main').getByText('该商家不存在或已下线')).toBeVisible();
  const bad = await page.goto('/merchant/detail?orgId=abc');
  expect(bad?.status()).toBe(404);
});
