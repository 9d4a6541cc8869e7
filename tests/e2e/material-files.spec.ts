/**
 * Digital materials end to end (docs/product/material-files.md): a supplier uploads a U3M in the editor, accepts the
 * color it proposes, and watches every card's render go from queued to done without reloading; a buyer turns the
 * material in the 3D preview, switches color cards (the canvas changes), and downloads the U3M and the swatches.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  // One of the supplier's published lace materials: binding a file changes no store count other journeys read.
  const { id: materialId, name } = supplier.materials[0]!;
  await signIn(supplier.admin);
  await visit(page, `/supplier/material/edit?materialId=${materialId}`);

  // The file is read in the background; the color it proposes is offered in a dialog.
  const section = page.getByRole('group', { name: '材质文件（3D）' });
  await section.getByTestId('file-uploader-input').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: '文件提供的颜色' });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog).toContainText('Indigo twill');
  await dialog.getByRole('button', { name: '使用这些颜色' }).click();
  await expect(section.getByText('已绑定：Indigo twill.u3ma')).toBeVisible();
  // The accepted color is a third card, bound to the file: its color cannot be changed.
  await expect(page.locator('#me-colorCards_2__name')).toHaveValue('Indigo twill');
  await expect(page.locator('#me-colorCards_2__hex')).toHaveAttribute('readonly', '');
  await expect(page.getByText('已绑定材质文件：颜色不能修改')).toBeVisible();

  // After the save, the renders are followed on the page: every card from waiting to done, without a reload.
  const seen: number[][] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/v2/material/fast/render?')) seen.push(((await response.json()) as { data: { cards: { renderingStatus: number }[] } }).data.cards.map((c) => c.renderingStatus));
  });
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存，当前为第 2 版。')).toBeVisible({ timeout: 20_000 });
  const renders = page.getByRole('region', { name: '渲染' });
  await expect(renders.getByText('正在渲染，完成后自动更新。')).toBeVisible();
  await expect(renders.getByText('全部色卡已渲染完成。')).toBeVisible({ timeout: 90_000 });
  await expect(renders.getByRole('img', { name: 'Indigo twill 的渲染预览' })).toBeVisible();
  expect(seen[0]!.some((status) => status === 5 || status === 1)).toBe(true);
  expect(seen.at(-1)).toEqual([2, 2, 2]);

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
  await cards.getByRole('radio', { name: current?.includes('Indigo twill') ? 'C1' : 'Indigo twill' }).click();
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

  // Inside the 3D clothing tool, whose bridge is on the page: the material is sent to it, added or replacing; a
  // material without a file is refused with the unsupported-material alert.
  const inTool = await newPage();
  await signIn(buyer, inTool.context());
  await inTool.addInitScript(() => {
    const sent: unknown[] = [];
    Object.assign(window, { sentToTool: sent, matlibHost: { send: async (message: string, payload: unknown) => (sent.push({ message, payload }), { code: '0' }) } });
  });
  await visit(inTool, `/material/detail?materialId=${materialId}`);
  await expect(inTool.getByRole('link', { name: '下载 U3M 材质文件' })).toBeHidden();
  await inTool.getByRole('button', { name: '发送到 3D 软件（替换）' }).click();
  await expect(inTool.getByText('已替换 3D 软件中的材料')).toBeVisible();
  const sent = (await inTool.evaluate(() => (window as unknown as { sentToTool: unknown[] }).sentToTool)) as { message: string; payload: { mode: string; materials: { id: number; file: string }[] } }[];
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ message: 'sendMaterialsToCloV2', payload: { mode: 'replace', materials: [{ id: materialId }] } });
  expect(sent[0]!.payload.materials[0]!.file).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/idealab-material\/material\/file\/download\?materialId=\d+&version=\d+&format=u3ma$/);
  await visit(inTool, `/material/detail?materialId=${supplier.materials[1]!.id}`);
  await inTool.getByRole('button', { name: '发送到 3D 软件（添加）' }).click();
  await expect(inTool.getByRole('alert').filter({ hasText: '不支持的材料：没有材质文件或色卡的材料不能发送到 3D 软件' })).toBeVisible();
});
