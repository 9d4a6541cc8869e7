import { expect, holdStandardPackage, test } from './fixtures';
import { hydrated, visit } from './support';

test.describe('membership', () => {
  test.use({ locale: 'zh-CN' });

  test('a supplier administrator sees the package and quotas, then opens apps in the app center', async ({ page, supplier, signIn }) => {
    await holdStandardPackage(supplier.companyId);
    await signIn(supplier.admin);
    await visit(page, '/profile/vip-center?originType=MATERIAL');

    await expect(page.getByRole('heading', { level: 1, name: '会员中心' })).toBeVisible();
    await expect(page).toHaveTitle(/^会员中心/);
    const summary = page.getByRole('region', { name: supplier.name });
    await expect(summary.getByText('VIP 会员')).toBeVisible();
    await expect(summary.getByText('标准版')).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: /^\d{4}年/ })).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);

    const quotas = page.getByRole('region', { name: '资源额度' });
    const uploads = quotas.getByRole('progressbar', { name: '材料上传' });
    await expect(uploads).toHaveAttribute('aria-valuetext', '已用 386 / 共 1,000');
    // 386 of 1,000 is 39% of the bar.
    await expect(uploads).toHaveJSProperty('value', 39);
    await expect(quotas.getByRole('progressbar')).toHaveCount(5);
    await expect(quotas.getByText('剩余 614')).toBeVisible();

    const packages = page.getByRole('region', { name: '我的套餐' });
    await expect(packages.getByRole('row', { name: /标准版.*生效中/ })).toBeVisible();

    // The catalogue marks the package held and spells out unlimited quotas.
    const compare = page.getByRole('region', { name: '套餐对比' });
    await expect(compare.getByRole('heading', { level: 3 })).toHaveText(['免费试用版', '标准版', '专业版']);
    const professional = compare.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '专业版' }) });
    await expect(professional.getByText('不限').first()).toBeVisible();
    await expect(professional.getByText('¥5,980')).toBeVisible();
    await expect(compare.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '标准版' }) }).getByText('当前套餐')).toBeVisible();

    await page.getByRole('link', { name: '前往应用中心' }).click();
    await expect(page).toHaveURL('/app-center/main?originType=MATERIAL');
    await expect(page.getByRole('heading', { level: 1, name: '应用中心' })).toBeVisible();
    await hydrated(page);

    const apps = page.getByRole('list', { name: '应用列表' });
    const card = (name: string) => apps.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(apps.getByRole('listitem')).toHaveCount(5);
    await expect(card('材料册').getByText('已开通')).toBeVisible();
    await expect(card('材料册').getByRole('button')).toHaveCount(0);
    await expect(card('企业材料库').getByText('已过期')).toBeVisible();
    await expect(page.getByRole('main').getByRole('note')).toHaveCount(0);

    // An app without review opens at once; the button gives way to the new status, which takes the focus.
    const exportCard = card('数据导出');
    await expect(exportCard.getByText('未开通')).toBeVisible();
    await exportCard.getByRole('button', { name: '开通数据导出' }).click();
    await expect(exportCard.getByText('已开通')).toBeVisible();
    await expect(exportCard.getByText(/^有效期至/)).toBeVisible();
    await expect(exportCard.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('status').getByText('数据导出已开通')).toBeVisible();

    // An expired app that needs review goes back to the platform.
    await card('企业材料库').getByRole('button', { name: '重新开通企业材料库' }).click();
    await expect(card('企业材料库').getByText('审核中')).toBeVisible();
    await expect(card('企业材料库').getByText(/等待平台审核/)).toBeVisible();

    // The server agrees after a reload.
    await page.reload();
    await expect(card('数据导出').getByText('已开通')).toBeVisible();
    await expect(card('企业材料库').getByText('审核中')).toBeVisible();
    await expect(card('企业材料库').getByRole('button')).toHaveCount(0);
  });

  test('a member without admin rights sees the statuses and a notice instead of Open buttons', async ({ page, supplier, signIn }) => {
    await holdStandardPackage(supplier.companyId);
    await signIn(supplier.member);
    await page.goto('/app-center/main?originType=MATERIAL');

    await expect(page.getByRole('main').getByRole('note')).toHaveText('只有企业管理员可以开通应用。如需使用，请联系企业管理员。');
    const apps = page.getByRole('list', { name: '应用列表' });
    await expect(apps.getByRole('listitem')).toHaveCount(5);
    await expect(apps.getByText('已开通').first()).toBeVisible();
    await expect(apps.getByRole('button')).toHaveCount(0);
    // Nothing to click means nothing to hydrate on this page but the shell.
    expect(await page.evaluate(() => document.querySelectorAll('astro-island[component-url*="AppStatus"]').length)).toBe(0);
  });
});

test.describe('membership in English', () => {
  test.use({ locale: 'en-US' });

  test('shows the membership in English', async ({ page, supplier, signIn }) => {
    await holdStandardPackage(supplier.companyId);
    await signIn(supplier.member);
    await page.goto('/profile/vip-center');
    await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
    await expect(page.getByText('VIP member')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Material uploads' })).toHaveAttribute('aria-valuetext', '386 of 1,000 used');
    await expect(page.getByRole('region', { name: 'Compare packages' }).getByRole('heading', { level: 3 })).toHaveText(['Free trial', 'Standard', 'Professional']);
  });
});
