import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectIntoNewFolder, hydrated, materialLinks, openStoreMaterial, visit } from './support';

/**
 * Sharing: a buyer shares a collection folder with a code; someone else, in a fresh browser, opens the
 * link, is asked for the code, gets a wrong one refused, enters the right one and sees the folder. The buyer then
 * stops sharing, and the link shows the expired page instead of the folder.
 */
test.use({ locale: 'zh-CN' });

/** Opens the folder from the folders page and its share dialog. */
async function shareFolder(page: Page, folderName: string) {
  await page.goto('/main/collection/folders');
  await page.getByRole('link', { name: new RegExp(folderName) }).click();
  await hydrated(page);
  await page.getByRole('button', { name: '分享收藏夹' }).click();
  return page.getByRole('dialog', { name: '分享' });
}

test.describe(() => {
  // The wrong code is refused (422) and the ended share's page answers 410 Gone; the browser reports both.
  test.use({ allowedConsoleErrors: /status of 422 .*\/share-validation\?|status of 410 .*\/buyer\/share\?/ });

  test('share a folder with a code, open it elsewhere with the code, then see it expire', async ({ page, buyer, signIn, newPage }) => {
    test.setTimeout(120_000);
    await signIn(buyer);
    await visit(page, '/main/material-store');
    const materialName = await openStoreMaterial(page, 5);
    const folderName = await collectIntoNewFolder(page, '分享');

    // The folder page: share it for a week, with a code.
    const dialog = await shareFolder(page, folderName);
    await dialog.getByRole('radio', { name: '7 天' }).check();
    await dialog.getByRole('radio', { name: '加密（提取码）' }).check();
    await dialog.getByRole('textbox', { name: '分享介绍（选填）' }).fill('下季鞋面备选');
    await dialog.getByRole('button', { name: '生成链接' }).click();
    const link = await dialog.getByRole('textbox', { name: '链接' }).inputValue();
    expect(link).toMatch(/\/buyer\/share\?shareLinkType=folderShare&shareId=[A-Za-z0-9_-]{22}$/);
    const code = (await dialog.getByRole('status', { name: '提取码' }).textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}$/);
    await expect(dialog.getByRole('img', { name: '分享二维码' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: '分享图' })).toHaveJSProperty('complete', true);
    expect(await dialog.getByRole('img', { name: '分享图' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(750);
    // Generating again with the same settings is the same share; changing one asks for a new link.
    await expect(dialog.getByRole('button', { name: '生成链接' })).toHaveCount(0);
    await dialog.getByRole('radio', { name: '30 天' }).check();
    await expect(dialog.getByText('设置已更改，生成新链接后生效。')).toBeVisible();
    await dialog.getByRole('button', { name: '关闭' }).click();

    // Someone else, with nothing but the link.
    const visitor = await newPage();
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(200);
    await expect(visitor).toHaveURL(/\/share-validation\?shareId=/);
    expect(await visitor.content()).not.toContain(materialName);
    expect(await visitor.content()).not.toContain(folderName);
    await visitor.getByRole('textbox', { name: '提取码' }).fill(code === 'AAAA' ? 'BBBB' : 'AAAA');
    await visitor.getByRole('button', { name: '查看分享' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('提取码不正确');
    await visitor.getByRole('textbox', { name: '提取码' }).fill(code.toLowerCase());
    await visitor.getByRole('button', { name: '查看分享' }).click();
    await expect(visitor).toHaveURL(link);
    await expect(visitor.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await expect(visitor.getByText('下季鞋面备选')).toBeVisible();
    // A personal space shares under the person's nickname.
    await expect(visitor.getByText(`${buyer.nickName} 的分享`, { exact: true })).toBeVisible();
    await visitor.getByRole('link', { name: new RegExp(materialName) }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: materialName })).toBeVisible();

    // The buyer stops sharing: the same link now shows the expired page, not the folder.
    await page.goto('/main/share');
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: '下季鞋面备选' });
    await expect(row).toContainText('可访问');
    await expect(row).toContainText(code);
    // The visitor opened the folder and then one of its materials; the code page and the sharer's own visits don't count.
    await expect(row).toContainText('2 次查看');
    await row.getByRole('button', { name: '结束分享' }).click();
    await expect(page.getByRole('status').filter({ hasText: '分享已结束' })).toBeVisible();
    await expect(row).toContainText('已失效');

    const expired = await visitor.goto(link);
    expect(expired?.status()).toBe(410);
    await expect(visitor.getByText('该分享已过期，无法查看。')).toBeVisible();
    expect(await visitor.content()).not.toContain(folderName);
  });
});

test('share two chosen materials of a folder as a multi-material share', async ({ page, buyer, signIn }) => {
  test.setTimeout(120_000);
  await signIn(buyer);
  await visit(page, '/main/material-store');
  const hrefs = await materialLinks(page, 2);
  const names: string[] = [];
  await visit(page, hrefs[0] ?? '');
  names.push((await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '');
  const folderName = await collectIntoNewFolder(page, '多选');
  await visit(page, hrefs[1] ?? '');
  names.push((await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '');
  await page.getByRole('main').getByRole('button', { name: '收藏', exact: true }).click();
  const folders = page.getByRole('dialog', { name: '添加到收藏夹' });
  await folders.getByRole('checkbox', { name: new RegExp(`^${folderName}`) }).check();
  await folders.getByRole('button', { name: '确定', exact: true }).click();
  await expect(folders).toHaveCount(0);

  const dialog = await shareFolder(page, folderName);
  await dialog.getByRole('radio', { name: '选择其中几个材料' }).check();
  // One material is not a multi-material share: the link waits for a second.
  await dialog.getByRole('checkbox', { name: names[0] }).check();
  await expect(dialog.getByText('请至少选择 2 个材料')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '生成链接' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: names[1] }).check();
  await dialog.getByRole('button', { name: '生成链接' }).click();
  const link = await dialog.getByRole('textbox', { name: '链接' }).inputValue();
  expect(link).toMatch(/\/buyer\/share\?shareId=[A-Za-z0-9_-]{22}$/);
  await dialog.getByRole('button', { name: '关闭' }).click();

  await page.goto(link);
  await expect(page.getByText('共 2 个材料')).toBeVisible();
  for (const name of names) await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
});
