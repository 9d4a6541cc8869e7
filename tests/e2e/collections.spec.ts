import { expect, test } from './fixtures';
import { hydrated, openStoreMaterial, visit } from './support';

/**
 * Collections (the add-to-folder and new-folder dialogs, folder names): a buyer collects a material
 * into a folder created inside the dialog, finds it under /main/collection/folders, renames the folder and takes
 * the material out again after a confirmation; and moves a material from one folder to another.
 */
test.use({ locale: 'zh-CN' });

test('a buyer collects a material into a new folder, renames the folder and takes the material out', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  await visit(page, '/main/material-store');

  // A material from the store.
  const materialName = await openStoreMaterial(page, 3);

  const collect = page.getByRole('main').getByRole('button', { name: '收藏', exact: true });
  // Disabled as the server sends it, enabled once it can answer a press.
  await expect(collect).toBeEnabled();
  await expect(collect).toHaveAttribute('aria-pressed', 'false');
  await collect.click();
  const dialog = page.getByRole('dialog', { name: '添加到收藏夹' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: '确定', exact: true });
  await expect(dialog.getByRole('button', { name: '新建收藏夹' })).toBeEnabled();
  await expect(confirm).toBeDisabled();

  // The new-folder dialog: a live counter, the 20-character rule checked on blur.
  await dialog.getByRole('button', { name: '新建收藏夹' }).click();
  const form = page.getByRole('dialog', { name: '新建收藏夹' });
  const name = form.getByRole('textbox', { name: '收藏夹名称' });
  await expect(name).toBeFocused();
  await name.fill('一二三四五六七八九十一二三四五六七八九十多');
  await expect(form.getByText('21/20')).toBeVisible();
  await name.press('Tab');
  await expect(form.getByRole('alert')).toHaveText('收藏夹名称最多 20 个字');
  const folder = '灵感';
  await name.fill(folder);
  await expect(form.getByText(`${folder.length}/20`)).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: '确定', exact: true }).click();
  await expect(form).toHaveCount(0);

  // The new folder comes back checked, so the choice has changed and Confirm is enabled.
  await expect(dialog.getByRole('checkbox', { name: `${folder}，0 个材料` })).toBeChecked();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  await expect(collect).toHaveText('已收藏');
  await expect(collect).toBeFocused();

  // The folder page: the folder with one material, and the material in it.
  await visit(page, '/main/collection/folders');
  const tile = page.getByRole('link', { name: new RegExp(folder) });
  await expect(tile).toContainText('1 个材料');
  await tile.click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(folder);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(materialName) }).first()).toBeVisible();

  // Rename it.
  await page.getByRole('button', { name: '重命名' }).click();
  const rename = page.getByRole('dialog', { name: '重命名收藏夹' });
  await expect(rename.getByRole('textbox', { name: '收藏夹名称' })).toHaveValue(folder);
  const renamed = `${folder}新`;
  await rename.getByRole('textbox', { name: '收藏夹名称' }).fill(renamed);
  await rename.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await hydrated(page);

  // Take the material out, after the confirmation.
  await page.getByRole('button', { name: `将 ${materialName} 移出收藏夹` }).click();
  const ask = page.getByRole('dialog', { name: '移出收藏夹' });
  await expect(ask).toContainText(materialName);
  await ask.getByRole('button', { name: '移出', exact: true }).click();
  await expect(page.getByText('这个收藏夹还是空的，去材料库收藏材料吧。')).toBeVisible();
  await expect(page.getByText('0 个材料')).toBeVisible();
});

test('a buyer moves a material from one folder to another with the keyboard', async ({ page, buyer, signIn }) => {
  await signIn(buyer);
  // Two folders and a material in the first, made through the API: collecting has its own journey above.
  const post = async <T>(path: string, data: unknown) => ((await (await page.request.post(`/api/idealab-material${path}`, { data })).json()) as { data: T }).data;
  const from = await post<{ id: number; name: string }>('/collect/folder/add', { name: '出发' });
  const to = await post<{ id: number; name: string }>('/collect/folder/add', { name: '目的' });
  const [material] = (await (await page.request.get('/api/idealab-material/open/v2/material/store?size=1&page=4')).json()).data.records as { id: number }[];
  await post('/collect/add', { materialId: material!.id, type: 1, collectFolderIds: [from.id] });

  await visit(page, `/main/collection/folders?folderId=${from.id}`);
  await expect(page.getByText('1 个材料', { exact: true })).toBeVisible();
  const moveButton = page.getByRole('button', { name: /^将 .+ 移动到其他收藏夹$/ });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '移动到收藏夹' });
  await expect(dialog).toContainText(`从“${from.name}”移动到`);
  const confirm = dialog.getByRole('button', { name: '移动', exact: true });
  await expect(confirm).toBeDisabled();
  // The newest other folder is listed first and takes the focus; the source folder is not offered.
  const target = dialog.getByRole('radio', { name: `${to.name}，0 个材料` });
  await expect(target).toBeFocused();
  await expect(dialog.getByRole('radio', { name: new RegExp(from.name) })).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
  await confirm.press('Enter');

  // The page is loaded again: the material has left this folder, and the target holds it.
  await expect(page.getByText('这个收藏夹还是空的，去材料库收藏材料吧。')).toBeVisible();
  await expect(page.getByText('0 个材料', { exact: true })).toBeVisible();
  await visit(page, '/main/collection/folders');
  await expect(page.getByRole('link', { name: new RegExp(to.name) })).toContainText('1 个材料');
  await expect(page.getByRole('link', { name: new RegExp(from.name) })).toContainText('0 个材料');
});
