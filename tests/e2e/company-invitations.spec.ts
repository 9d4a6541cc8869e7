import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

/** The journey's pages at a desktop's and a phone's width, in both languages, kept with the test's output. */
async function shoot(page: Page, name: string) {
  const path = new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash;
  for (const lang of ['cn', 'en'] as const) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: new URL(page.url()).origin }]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, path);
      await page.screenshot({ path: test.info().outputPath(`${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await page.context().addCookies([{ name: 'lang', value: 'cn', url: new URL(page.url()).origin }]);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The journey goes on in Chinese, on the page as it was.
  await visit(page, path);
}

test.describe('inviting a member (docs/product/companies.md#invitations)', () => {
  test.use({ locale: 'zh-CN' });

  test('an administrator invites, the invitee sees the invitation in their news, accepts and becomes a member', async ({ page, supplier, buyer, signIn, newPage }) => {
    test.setTimeout(180_000);
    await signIn(supplier.admin);
    await visit(page, '/profile/organization');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: '邀请成员' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请成员' });
    await dialog.getByRole('textbox', { name: '账号（手机号或邮箱）' }).fill(buyer.account);
    await dialog.getByRole('button', { name: '发送邀请', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `如果 ${buyer.account} 是已注册的账号` })).toBeVisible();
    // Not a member yet: pending, under the account typed.
    const members = main.getByRole('table', { name: '成员列表' });
    await expect(members.getByRole('rowheader', { name: buyer.account })).toHaveCount(0);
    const pending = main.getByRole('region', { name: '待回复的邀请' });
    await expect(pending.getByText(buyer.account)).toBeVisible();
    await expect(pending.getByRole('button', { name: `撤回发给 ${buyer.account} 的邀请` })).toBeVisible();
    await shoot(page, 'organization-pending');

    const invitee = await newPage({ locale: 'zh-CN' });
    await signIn(buyer, invitee.context());
    await visit(invitee, '/news');
    const invitations = invitee.getByRole('region', { name: '邀请' });
    await expect(invitations).toContainText(`邀请你加入“${supplier.name}”`);
    // The news item says so too, and leads to the invitations.
    await expect(invitee.getByRole('list', { name: '消息列表' })).toContainText(`${supplier.name} 邀请你加入企业`);
    await shoot(invitee, 'news-invitation');
    await invitations.getByRole('button', { name: `接受加入“${supplier.name}”的邀请` }).click();
    await expect(invitee.getByRole('status').filter({ hasText: '你已加入该企业' })).toBeVisible();
    await expect(invitee.getByRole('region', { name: '邀请' })).toHaveCount(0);

    await page.reload();
    await hydrated(page);
    await expect(members.getByRole('row').filter({ has: page.getByRole('rowheader', { name: buyer.account }) })).toContainText(buyer.name);
    await expect(pending.getByText('没有等待回复的邀请。')).toBeVisible();
    await shoot(page, 'organization-joined');
  });
});
