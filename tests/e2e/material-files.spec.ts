/**
 * Digital materials end to end (docs/product/material-files.md): a supplier uploads a U3M in the editor, accepts the
 * color it proposes, and watches every card's render go from queued to done without reloading; a buyer turns the
 * material in the 3D preview, switches color cards (the canvas changes), and downloads the U3M and the swatches.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { wovenU3mPackage } from '../../src/lib/server/seed/woven-material-file';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

test.use({ locale: 'zh-CN' });

test('a supplier binds a U3M and its color, the renders finish on screen, and a buyer turns it in 3D and switches cards', async ({ page, supplier, buyer, signIn, newPage }) => {
  test.setTimeout(180_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'u3m-'));
  const file = path.join(dir, 'Indigo twill.u3ma');
  // 2048² maps: large enough that a render takes a moment, so its queued state is there to be seen.
  await writeFile(file, await wovenU3mPackage({ hex: '#2a3f7a', size: 2048 }));
  const name = `靛蓝斜纹鞋面 ${randomUUID().slice(0, 6)}`;
  await signIn(supplier.admin);

  await visit(page, '/supplier/material/edit');
  await page.getByLabel('一级分类').selectOption({ label: '鞋底材料' });
  await page.getByLabel('二级分类').selectOption({ label: '橡胶' });
  await page.locator('#me-attrs_PF_NAME_CN').fill(name);
  await page.locator('#me-attrs_PF_PRICE').fill('28');
  await page.locator('#me-attrs_PF_THICKNESS').fill('2');
  await page.locator('#me-colorCards_0__name').fill('黑色');
  await page.locator('#me-colorCards_0__hex').fill('#1b1b1b');

  // The file is read in the background; the color it proposes is offered in a dialog.
  const section = page.getByRole('group', { name: '材质文件（3D）' });
  await section.getByTestId('file-uploader-input').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: '文件提供的颜色' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog).toContainText('Indigo twill');
  await dialog.getByRole('button', { name: '使用这些颜色' }).click();
  await expect(section.getByText('已绑定：Indigo twill.u3ma')).toBeVisible();
  // The accepted color is a second card, bound to the file: its color cannot be changed.
  await expect(page.locator('#me-colorCards_1__name')).toHaveValue('Indigo twill');
  await expect(page.locator('#me-colorCards_1__hex')).toHaveAttribute('readonly', '');
  await expect(page.getByText('已绑定材质文件：颜色不能修改')).toBeVisible();

  // After the save, the renders are followed on the page: every card from waiting to done, without a reload.
  const seen: number[][] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/v2/material/fast/render?')) seen.push(((await response.json()) as { data: { cards: { renderingStatus: number }[] } }).data.cards.map((c) => c.renderingStatus));
  });
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存，当前为第 1 版。')).toBeVisible({ timeout: 20_000 });
  const renders = page.getByRole('region', { name: '渲染' });
  await expect(renders.getByText('正在渲染，完成后自动更新。')).toBeVisible();
  await expect(renders.getByText('全部色卡已渲染完成。')).toBeVisible({ timeout: 90_000 });
  await expect(renders.getByRole('img', { name: 'Indigo twill 的渲染预览' })).toBeVisible();
  expect(seen[0]!.some((status) => status === 5 || status === 1)).toBe(true);
  expect(seen.at(-1)).toEqual([2, 2]);
  const materialId = Number(new URL(page.url()).searchParams.get('materialId'));

  // On the market.
  await visit(page, `/supplier/home?keywords=${encodeURIComponent(name)}`);
  await page.getByRole('checkbox', { name: `选择 ${name}` }).check();
  await page.getByRole('button', { name: '上架', exact: true }).click();
  const onMarket = page.getByRole('dialog', { name: '上架所选材料' });
  await onMarket.getByRole('checkbox', { name: '国内' }).check();
  await onMarket.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('1 个材料已上架')).toBeVisible();

  // A buyer opens the 3D preview: the canvas shows the material, and another color card shows it differently.
  const buyerPage = await newPage();
  await signIn(buyer, buyerPage.context());
  await visit(buyerPage, `/material/detail?materialId=${materialId}`);
  await expect(buyerPage.getByText('材质文件：Indigo twill.u3ma（U3M 1.0）')).toBeVisible();
  const preview = buyerPage.getByRole('region', { name: `${name}的 3D 预览` });
  await preview.getByRole('button', { name: '3D 预览' }).click();
  const canvas = preview.locator('canvas');
  await expect(canvas).toBeVisible({ timeout: 60_000 });
  await expect(preview.getByText('正在加载贴图…')).toBeHidden({ timeout: 60_000 });
  await buyerPage.waitForTimeout(500);
  const first = await canvas.screenshot();
  const cards = preview.getByRole('radiogroup', { name: '色卡' });
  const current = await cards.getByRole('radio', { checked: true }).textContent();
  await cards.getByRole('radio', { name: current?.includes('黑色') ? 'Indigo twill' : '黑色' }).click();
  await expect(preview.getByText('正在加载贴图…')).toBeHidden({ timeout: 60_000 });
  await buyerPage.waitForTimeout(500);
  const second = await canvas.screenshot();
  expect(second.equals(first)).toBe(false);

  // Out again, for any 3D tool: the U3M archive and the swatches.
  const u3m = await buyerPage.request.get(`/api/idealab-material/material/file/download?materialId=${materialId}&format=u3ma`);
  expect(u3m.status()).toBe(200);
  expect((await u3m.body()).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  await expect(buyerPage.getByRole('link', { name: '下载 U3M 材质文件' })).toHaveAttribute('href', /format=u3ma/);
  await expect(buyerPage.getByRole('link', { name: '下载色卡色板（ASE）' })).toHaveAttribute('href', /format=ase/);
  await hydrated(buyerPage);
});
