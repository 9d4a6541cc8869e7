import { randomUUID } from 'node:crypto';
import { USER_TYPE, UNCERTIFIED_MARKET_LIMIT } from '../../src/lib/constants';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial } from '../fixtures/materials';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

/**
 * Refusals the browser explains (docs/product/routes.md#roles, docs/product/markets.md#uncertified-companies): a member
 * without codes meets the permission dialog when sharing and an explanation on the color-card books page; an
 * uncertified supplier at the market limit meets the certification prompt when putting one more on the market.
 */
test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 40[03] |^\[api\] (100403|400007) / });

test('a member without codes is told so: the books page explains it, sharing opens the permission dialog', async ({ page, supplier, signIn }) => {
  await signIn(supplier.member);
  const books = await page.goto('/main/color-card-book');
  expect(books?.status()).toBe(403);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();

  await visit(page, `/material/detail?materialId=${supplier.materials[0]!.id}`);
  await hydrated(page);
  await page.getByRole('main').getByRole('button', { name: '分享', exact: true }).click();
  const share = page.getByRole('dialog', { name: '分享' });
  await share.getByRole('button', { name: '生成链接' }).click();
  const refused = page.getByRole('dialog', { name: '没有权限' });
  await expect(refused).toContainText('你没有此操作的权限，请联系企业管理员开通。');
  await expect(share.getByRole('textbox', { name: '链接' })).toHaveCount(0);
});

test('an uncertified supplier at the market limit is asked to certify before one more goes on', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  const t = randomUUID().slice(0, 8);
  const { companyId, admin } = await createEnterprise({ company: { orgName: `新入驻 ${t}`, role: USER_TYPE.supplier }, userRole: USER_TYPE.supplier });
  for (let i = 0; i < UNCERTIFIED_MARKET_LIMIT.materials; i += 1) await createMaterial(companyId, 'chemical-lace', { nameCn: `上限蕾丝 ${t}-${i}`, serialNo: `${t}-${i}` });
  const name = `待上架蕾丝 ${t}`;
  await createMaterial(companyId, 'chemical-lace', { nameCn: name, serialNo: `${t}-draft`, marketTypes: [] });

  await signIn({ ...admin, companyId, name: '新供应', nickName: 'New', personal: { id: admin.companyId, name: `新供应的个人空间 ${t}` } });
  await visit(page, `/supplier/home?keywords=${encodeURIComponent(name)}`);
  await page.getByRole('checkbox', { name: `选择 ${name}` }).check();
  await page.getByRole('button', { name: '上架', exact: true }).click();
  const choose = page.getByRole('dialog', { name: '上架所选材料' });
  await choose.getByRole('checkbox', { name: '国内' }).check();
  await choose.getByRole('button', { name: '确定' }).click();
  const prompt = page.getByRole('dialog', { name: '需要实名认证' });
  await expect(prompt.getByRole('link', { name: '去认证' })).toHaveAttribute('href', '/profile/info?tab=cert-info');
  await expect(page.getByText('1 个材料已上架')).toHaveCount(0);
});
