import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

const PATH = '/profile/organization?tab=api-tokens';

test.describe('API tokens', () => {
  test.use({ locale: 'en-US' });

  test('an administrator creates a token, sees it once, an integration uses it, and revoking it stops it', async ({ page, supplier, signIn, baseURL }) => {
    test.setTimeout(90_000);
    await signIn(supplier.admin);
    await visit(page, PATH);
    const main = page.getByRole('main');
    await expect(main.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'API tokens' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByText('No tokens yet.')).toBeVisible();
    await expect(main.getByRole('link', { name: /API document/ })).toHaveAttribute('href', '/api/docs');

    await main.getByRole('button', { name: 'New token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    const name = form.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await form.getByRole('button', { name: 'Create token' }).click();
    await expect(name).toHaveAccessibleDescription(/Enter a name/);
    await name.fill('ERP sync');
    await form.getByRole('button', { name: 'Create token' }).click();
    const read = form.getByRole('checkbox', { name: 'Read sample requests' });
    await expect(read).toHaveAccessibleDescription(/samples:read/);
    await expect(form.getByText('Choose at least one scope')).toBeVisible();
    await read.check();
    await form.getByRole('checkbox', { name: 'Read the catalogue' }).check();
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your new token' });
    await expect(shown).toHaveAccessibleDescription(/only time “ERP sync” is shown/);
    const token = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(token).toMatch(/^mlt_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /ERP sync/ }) });
    await expect(row).toContainText(`ends in …${token.slice(-4)}`);
    await expect(row).toContainText('Read the catalogue, Read sample requests');
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');
    // The token is not in the page any more.
    expect(await page.content()).not.toContain(token);

    // An integration calls the API with it.
    const call = () => page.request.post(`${baseURL}/api/idealab-material/supplier/sample/apply/list`, { headers: { authorization: `Bearer ${token}` }, data: { page: 1, size: 10 } });
    expect((await call()).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await expect(row).not.toContainText('Never');

    await row.getByRole('button', { name: 'Revoke token ERP sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    expect((await call()).status()).toBe(401);
  });
});

test.describe('API tokens on a phone', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 360, height: 740 } });

  test('the new token fits the screen and can be read whole', async ({ page, supplier, signIn }) => {
    await signIn(supplier.admin);
    await visit(page, PATH);
    await page.getByRole('main').getByRole('button', { name: '新建令牌' }).click();
    const form = page.getByRole('dialog', { name: '新建 API 令牌' });
    await form.getByRole('textbox', { name: '名称' }).fill('手机测试');
    await form.getByRole('checkbox', { name: '读取素材库' }).check();
    await form.getByRole('button', { name: '创建令牌' }).click();
    const shown = page.getByRole('dialog', { name: '复制新令牌' });
    await expect(shown.getByRole('textbox', { name: '令牌' })).toHaveValue(/^mlt_/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
