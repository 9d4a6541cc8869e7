import { expect, test } from './fixtures';

test.use({ locale: 'zh-CN' });

test.describe(() => {
  // The number with the wrong check character is refused by the server (422), which the browser reports.
  test.use({ allowedConsoleErrors: /status of 422 .*\/profile\/info\?tab=cert-info\]$/ });

  test('a buyer submits a personal certification, a platform administrator approves it, the buyer is certified', async ({ page, buyer, admin, signIn, newPage }) => {
    await signIn(buyer);
    await page.goto('/profile/info?tab=cert-info');
    await expect(page.getByRole('navigation', { name: '个人中心分区' }).getByRole('link', { name: '认证信息' })).toHaveAttribute('aria-current', 'page');
    const personal = page.getByRole('region', { name: '个人认证' });
    await expect(personal.getByText('未认证', { exact: true })).toBeVisible();

    // A number whose check character is wrong comes back under its field, in the page's language.
    await personal.getByLabel('真实姓名').fill('林思远');
    await personal.getByLabel('证件类型').selectOption({ label: '居民身份证' });
    await personal.getByLabel('证件号码').fill('110105194912310021');
    await personal.getByRole('button', { name: '提交认证' }).click();
    const number = page.getByRole('region', { name: '个人认证' }).getByLabel('证件号码');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription('证件号码与证件类型不符');
    await expect(personal.getByLabel('真实姓名')).toHaveValue('林思远');

    await number.fill('11010519491231002X');
    await personal.getByRole('button', { name: '提交认证' }).click();
    await expect(page).toHaveURL('/profile/info?tab=cert-info&done=submit-personal');
    await expect(page.getByRole('main').getByRole('status')).toHaveText('已提交，请等待平台审核');
    await expect(personal.getByText('审核中')).toBeVisible();
    await expect(personal.getByText('未认证', { exact: true })).toBeVisible();
    await expect(personal.getByText('110***********002X')).toBeVisible();
    await expect(personal.getByRole('button', { name: '撤回申请' })).toBeVisible();

    const review = await newPage();
    await signIn(admin, review.context());
    await review.goto('/admin/certifications');
    await expect(review.getByRole('heading', { level: 1 })).toHaveText('实名认证审核');
    const row = review.getByRole('row').filter({ hasText: buyer.account });
    await expect(row).toContainText('11010519491231002X');
    await row.getByRole('button', { name: '通过' }).click();
    await expect(review.getByRole('main').getByRole('status')).toHaveText('已通过该申请');
    await expect(review.getByRole('row').filter({ hasText: buyer.account })).toHaveCount(0);

    await page.goto('/profile/info?tab=cert-info');
    await expect(personal.getByText('已认证', { exact: true })).toBeVisible();
    await expect(personal.getByText(/^已于 .+ 通过认证$/)).toBeVisible();
    await expect(personal.getByRole('button', { name: '提交认证' })).toHaveCount(0);
    await page.getByRole('link', { name: '基本信息' }).click();
    await expect(page.getByRole('region', { name: '基本信息' }).getByText('林思远', { exact: true })).toBeVisible();
  });
});

test.describe(() => {
  // The page answers with its status, which the browser reports.
  test.use({ allowedConsoleErrors: /status of 403 .*\/403\?code=403&/ });

  test('the review page is for platform administrators only', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    const response = await page.goto('/admin/certifications');
    expect(response?.status()).toBe(403);
  });
});
