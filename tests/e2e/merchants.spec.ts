import { expect, test } from './fixtures';
import { fillSignInForm, hydrated, materialTiles, visit } from './support';

test.use({ locale: 'zh-CN' });

test('a guest finds a merchant, signs in, browses its shop, follows it and unfollows it from the followed list', async ({ page, buyer, supplier }) => {
  test.setTimeout(120_000);
  const keyword = supplier.name;
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

  await search.getByRole('searchbox').fill(keyword);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(`/merchant/home?keyword=${encodeURIComponent(keyword).replace(/%20/g, '+')}`);
  await expect(page.getByRole('heading', { level: 2, name: `“${keyword}”共找到 1 家商家` })).toBeVisible();
  const tile = page.getByRole('article').filter({ has: page.getByRole('heading', { name: supplier.name }) });
  await expect(tile).toHaveCount(1);
  await expect(tile.getByRole('list', { name: /的最新材料$/ }).getByRole('listitem')).toHaveCount(3);

  // The shop needs a signed-in user: the guest goes through login and comes back to it.
  await tile.getByRole('heading', { name: supplier.name }).getByRole('link').click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/merchant/detail?orgId=${supplier.companyId}`)}`);
  await hydrated(page);
  await fillSignInForm(page, buyer);
  await expect(page).toHaveURL(`/merchant/detail?orgId=${supplier.companyId}`);
  const detailUrl = page.url();
  await hydrated(page);

  const name = supplier.name;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const tabs = page.getByRole('navigation', { name: '商家页面' });
  await expect(tabs.getByRole('link', { name: '店铺首页' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: '最新材料' })).toBeVisible();

  await tabs.getByRole('link', { name: '全部材料' }).click();
  await expect(page).toHaveURL(/tab=AllMaterial/);
  await expect(tabs.getByRole('link', { name: '全部材料' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: /^全部材料/ })).toBeVisible();
  await expect(materialTiles(page)).toHaveCount(supplier.materials.length);

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
  await expect(banner.getByText('0 人关注')).toBeVisible();
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toHaveText('已关注');
  await expect(banner.getByText('1 人关注')).toBeVisible();
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
  await expect(followed.getByText('0 人关注')).toBeVisible();
  await expect(page.getByRole('status').getByText(`已取消关注${name}`)).toBeVisible();
  // After a reload the list is empty, and points back to the merchant center.
  await page.reload();
  await expect(followed).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: '你还没有关注任何商家' })).toBeVisible();
  await page.getByRole('link', { name: '去商家中心看看' }).click();
  await expect(page).toHaveURL('/merchant/home');
});

test.describe(() => {
  // The error page answers with its status, which the browser reports.
  test.use({ allowedConsoleErrors: /status of 404 .*\/(404\?code=404|merchant\/detail\?orgId=abc)/ });

  test('an unknown merchant is the error (docs/product/errors.md) page, not a failure', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await page.goto('/merchant/detail?orgId=999999999');
    await expect(page).toHaveURL(/\/404\?code=404&message=/);
    await expect(page.getByRole('main').getByText('该商家不存在或已下线')).toBeVisible();
    const bad = await page.goto('/merchant/detail?orgId=abc');
    expect(bad?.status()).toBe(404);
  });
});
