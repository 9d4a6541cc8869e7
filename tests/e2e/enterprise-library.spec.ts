/**
 * The enterprise library (docs/product/enterprise-library.md#the-pages): a company administrator pushes a material
 * into the company's library from its page (one still rendering cannot go in), finds it there, hands a customer a
 * link that opens it without an account, and takes it out again, which ends the link; a member without the right is
 * told so.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { apps } from '../../src/lib/server/db/schema';
import { approveApp } from '../../src/lib/server/membership/approve-app';
import { openApp } from '../../src/lib/server/membership/open-app';
import { createMaterial, testImage } from '../fixtures/materials';
import { expect, test } from './fixtures';
import { openUserMenu, visit } from './support';

test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 404 .*\/material\/pass\?/ });

test('an administrator pushes a material, finds it, shares a link to it and takes it out; a member without the right is told so', async ({ page, supplier, signIn, newPage }) => {
  test.setTimeout(120_000);
  const [library] = await getDb().select({ id: apps.id }).from(apps).where(eq(apps.code, 'ENTERPRISE_LIBRARY'));
  await openApp(supplier.companyId, library!.id, 'cn');
  await approveApp(supplier.companyId, library!.id, 'cn');
  const [ready] = supplier.materials;
  // A material whose card is still rendering (as one saved while its file's renders run).
  const rendering = await createMaterial(supplier.companyId, 'chemical-lace', {
    nameCn: `渲染中的蕾丝 ${supplier.companyId}`,
    colorCards: [{ name: 'C1', hex: '#2a3f7a', images: [await testImage('#2a3f7a', supplier.companyId)], renderingStatus: 1 }],
  });

  await signIn(supplier.admin);
  await visit(page, '/home');
  await (await openUserMenu(page)).getByRole('menuitem', { name: '企业材料库' }).click();
  await expect(page).toHaveURL(/\/enterprise-library$/);
  await expect(page.getByText('企业材料库里还没有材料')).toBeVisible();

  // A material still rendering cannot go in, and the page says why.
  await visit(page, `/material/detail?materialId=${rendering.id}`);
  const stillRendering = page.getByRole('group', { name: '企业材料库' });
  await expect(stillRendering.getByRole('button', { name: '推送到企业材料库' })).toBeDisabled();
  await expect(stillRendering.getByText('该材料还有色卡未完成渲染，暂不能推送')).toBeVisible();

  // A rendered one goes in; then it can come out, and a link hands it to someone without an account.
  await visit(page, `/material/detail?materialId=${ready!.id}`);
  const actions = page.getByRole('group', { name: '企业材料库' });
  await actions.getByRole('button', { name: '推送到企业材料库' }).click();
  await expect(actions.getByRole('status')).toHaveText('已推送到企业材料库');
  await expect(actions.getByRole('button', { name: '从企业材料库移除' })).toBeVisible();
  await actions.getByRole('button', { name: '生成访问链接' }).click();
  await expect(actions.getByRole('status')).toHaveText('30 分钟内有效，任何人打开链接都能查看这款材料。');
  const link = await actions.getByRole('textbox', { name: '访问链接' }).inputValue();
  expect(link).toMatch(/\/material\/pass\?passToken=[\w-]+\.[\w-]+$/);

  const customer = await newPage();
  await visit(customer, link);
  await expect(customer.getByRole('heading', { level: 1, name: ready!.name })).toBeVisible();
  await expect(customer.getByText('你正在通过访问链接查看这款材料')).toBeVisible();

  // In the library: found by its words, not by others; who pushed it is said.
  await visit(page, '/enterprise-library');
  await expect(page.getByRole('heading', { level: 2, name: '共 1 款材料' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/王供应 于 .* 加入/)).toBeVisible();
  const search = page.getByRole('search', { name: '搜索企业材料库' });
  await search.getByRole('searchbox').fill('没有这种材料');
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('没有找到匹配的材料')).toBeVisible();
  await search.getByRole('searchbox').fill(ready!.name.split(' ')[1]!);
  await search.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(ready!.name) }).first()).toBeVisible();

  // Out again: the library is empty, and the link opens nothing any more.
  await visit(page, `/material/detail?materialId=${ready!.id}`);
  await actions.getByRole('button', { name: '从企业材料库移除' }).click();
  await expect(actions.getByRole('status')).toHaveText('已从企业材料库移除');
  await visit(page, '/enterprise-library');
  await expect(page.getByText('企业材料库里还没有材料')).toBeVisible();
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1, name: '链接指向的材料已无法查看' })).toBeVisible();

  // A member without a library right: no entry in the menu, and the page says why.
  const member = await newPage();
  await signIn(supplier.member, member.context());
  await visit(member, '/home');
  await expect((await openUserMenu(member)).getByRole('menuitem', { name: '企业材料库' })).toHaveCount(0);
  await visit(member, '/enterprise-library');
  await expect(member.getByText(`你没有查看 ${supplier.name} 企业材料库的权限`)).toBeVisible();
});
