import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectIntoNewFolder, hydrated, openDemoMaterial, visit } from './support';

/**
 * A supplier's collections (docs/api-paths.md): a supplier at work in a company collects another supplier's material
 * into a new folder, finds it on the folders page, moves it to a second folder and takes it out again. Every
 * collections call the pages make goes to the supplier path (`/idealab-material/supplier/collect/…`), none to the
 * buyer path.
 */
test.use({ locale: 'zh-CN' });

test('a supplier uses favourites through the supplier paths', async ({ page, supplier, signIn }) => {
  test.setTimeout(120_000);
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/idealab-material\/(supplier\/)?collect\//.test(pathname)) calls.push(`${request.method()} ${pathname}`);
  });

  await signIn(supplier.admin);
  const materialName = await openDemoMaterial(page, 7);

  // Collect into a folder made inside the dialog: folder list, belong, folder add and collect, all as a supplier.
  const folder = await collectIntoNewFolder(page, '供应');
  expect(calls).toEqual(
    expect.arrayContaining([
      'GET /api/idealab-material/supplier/collect/folder/list',
      'GET /api/idealab-material/supplier/collect/belong',
      'POST /api/idealab-material/supplier/collect/folder/add',
      'POST /api/idealab-material/supplier/collect/add',
    ]),
  );

  // A second folder, from the same dialog's new-folder form, to move the material to.
  const collect = page.getByRole('main').getByRole('button', { name: '收藏', exact: true });
  await collect.click();
  const dialog = page.getByRole('dialog', { name: '添加到收藏夹' });
  await expect(dialog.getByRole('checkbox', { name: `${folder}，1 个材料` })).toBeChecked();
  await dialog.getByRole('button', { name: '新建收藏夹' }).click();
  const second = `${folder}乙`;
  const form = page.getByRole('dialog', { name: '新建收藏夹' });
  await form.getByRole('textbox', { name: '收藏夹名称' }).fill(second);
  await form.getByRole('button', { name: '确定', exact: true }).click();
  await expect(form).toHaveCount(0);
  // Keep the material where it is: only the folder was wanted.
  await dialog.getByRole('checkbox', { name: `${second}，0 个材料` }).uncheck();
  await dialog.getByRole('button', { name: '取消', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The folders page: the folder holds the material; move it to the second folder.
  await visit(page, '/main/collection/folders');
  const first = page.getByRole('link', { name: new RegExp(`^${folder}(?!乙)`) });
  await expect(first).toContainText('1 个材料');
  await first.click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(folder);
  await page.getByRole('button', { name: `将 ${materialName} 移动到其他收藏夹` }).click();
  const move = page.getByRole('dialog', { name: '移动到收藏夹' });
  const target = move.getByRole('radio', { name: `${second}，0 个材料` });
  await expect(target).toBeFocused();
  await page.keyboard.press('Space');
  await expect(move.getByRole('button', { name: '移动', exact: true })).toBeEnabled();
  await move.getByRole('button', { name: '移动', exact: true }).click();
  await expect(page.getByText('这个收藏夹还是空的，去材料库收藏材料吧。')).toBeVisible();

  // In the second folder now: take it out after the confirmation.
  await visit(page, '/main/collection/folders');
  await page.getByRole('link', { name: new RegExp(second) }).click();
  await hydrated(page);
  await page.getByRole('button', { name: `将 ${materialName} 移出收藏夹` }).click();
  const ask = page.getByRole('dialog', { name: '移出收藏夹' });
  await ask.getByRole('button', { name: '移出', exact: true }).click();
  await expect(page.getByText('这个收藏夹还是空的，去材料库收藏材料吧。')).toBeVisible();

  expect(calls).toEqual(expect.arrayContaining(['POST /api/idealab-material/supplier/collect/move', 'POST /api/idealab-material/supplier/collect/cancel/folder']));
  // Not one collections call went to the buyer path.
  expect(calls.filter((c) => !c.includes('/idealab-material/supplier/'))).toEqual([]);
});
