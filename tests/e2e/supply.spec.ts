/**
 * The supply side (docs/product/supplier.md, docs/product/material-editor.md, docs/product/uploading.md): a supplier
 * lists a material from nothing, a buyer finds it, and the supplier's later edits are versions that can be compared,
 * reverted and taken off the market.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, materialTiles, visit } from './support';

/** A photo-like JPEG of its own (noise over a base color), so no two journeys upload the same file. */
async function photo(dir: string, name: string, rgb: [number, number, number]): Promise<string> {
  const [width, height] = [640, 480];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) for (let c = 0; c < 3; c++) raw[i + c] = Math.max(0, Math.min(255, rgb[c]! + Math.round((Math.random() - 0.5) * 60)));
  const file = path.join(dir, name);
  await writeFile(file, await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer());
  return file;
}

test.use({ locale: 'zh-CN' });

const field = (page: Page, code: string) => page.locator(`#me-attrs_${code}`);

async function chooseOnDashboard(page: Page, name: string) {
  await visit(page, `/supplier/home?keywords=${encodeURIComponent(name)}`);
  await page.getByRole('checkbox', { name: `选择 ${name}` }).check();
}

test('a supplier lists a material, a buyer finds it, and edits are versions that can be compared, reverted and withdrawn', async ({ page, supplier, buyer, signIn, newPage }) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'supply-'));
  const [cover, galleryA, galleryB] = await Promise.all([photo(dir, 'cover.jpg', [40, 60, 90]), photo(dir, 'sole-a.jpg', [90, 90, 90]), photo(dir, 'sole-b.jpg', [140, 110, 70])]);
  const name = `耐磨橡胶大底 ${randomUUID().slice(0, 6)}`;
  await signIn(supplier.admin);

  // From the dashboard to a new material: category first, then the form of its template.
  await visit(page, '/supplier/home');
  await page.getByRole('link', { name: '新建材料' }).first().click();
  await expect(page.getByRole('heading', { name: '新建材料', level: 1 })).toBeVisible();
  await hydrated(page);
  await page.getByLabel('一级分类').selectOption({ label: '鞋底材料' });
  await page.getByLabel('二级分类').selectOption({ label: '橡胶' });

  // Saving empty shows each required field's problem at the field, titled, and focuses the first.
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('材料名称：此项为必填项')).toBeVisible();
  await expect(page.getByText('价格：此项为必填项')).toBeVisible();
  await expect(page.getByText('厚度：此项为必填项')).toBeVisible();
  await expect(field(page, 'PF_NAME_CN')).toBeFocused();
  await expect(field(page, 'PF_NAME_CN')).toHaveAttribute('aria-invalid', 'true');

  // Fixed: a number keeps digits and one dot, and more than two decimals are rounded.
  await field(page, 'PF_NAME_CN').fill(name);
  await field(page, 'PF_PRICE').fill('35.678');
  await field(page, 'PF_PRICE').blur();
  await expect(field(page, 'PF_PRICE')).toHaveValue('35.68');
  await field(page, 'PF_THICKNESS').fill('3.5');
  await expect(page.getByText('材料名称：此项为必填项')).toBeHidden();

  // Pictures upload with visible progress: a cover, then two gallery pictures at once.
  const coverSlot = page.getByRole('group', { name: '封面图' }).first();
  await coverSlot.getByTestId('file-uploader-input').setInputFiles(cover);
  await expect(coverSlot.getByRole('progressbar', { name: 'cover.jpg 的上传进度' })).toBeVisible();
  await expect(coverSlot.getByRole('img', { name: '封面图' })).toBeVisible();
  const gallery = page.getByRole('group', { name: '图集' }).first();
  await gallery.getByTestId('file-uploader-input').setInputFiles([galleryA, galleryB]);
  await expect(gallery.getByRole('progressbar', { name: '全部文件的上传进度' })).toBeVisible();
  await expect(gallery.getByRole('img', { name: /^图片 \d$/ })).toHaveCount(2);

  // Three color cards.
  const cards = [
    ['黑色', '#1b1b1b'],
    ['军绿', '#4b5320'],
    ['沙色', '#c2b280'],
  ] as const;
  for (const [i, [cardName, hex]] of cards.entries()) {
    if (i > 0) await page.getByRole('button', { name: '添加色卡' }).click();
    await page.locator(`#me-colorCards_${i}__name`).fill(cardName);
    await page.locator(`#me-colorCards_${i}__hex`).fill(hex);
  }

  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存，当前为第 1 版。')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/materialId=(\d+)/);
  const materialId = Number(new URL(page.url()).searchParams.get('materialId'));

  // On the market, from the dashboard's batch actions.
  await chooseOnDashboard(page, name);
  await page.getByRole('button', { name: '上架', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '上架所选材料' });
  await dialog.getByRole('checkbox', { name: '国内' }).check();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('1 个材料已上架')).toBeVisible();

  // A buyer finds it in the store, with its cover and three colors.
  const buyerPage = await newPage();
  await signIn(buyer, buyerPage.context());
  await visit(buyerPage, `/search/materials?keywords=${encodeURIComponent(name)}`);
  await expect(materialTiles(buyerPage)).toHaveCount(1);
  await expect(materialTiles(buyerPage).first()).toContainText(name);
  await expect(materialTiles(buyerPage).first().getByRole('img', { name: '3 个颜色' })).toBeVisible();

  // An edit is a new version.
  await visit(page, `/supplier/material/edit?materialId=${materialId}`);
  await field(page, 'PF_PRICE').fill('42');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存，当前为第 2 版。')).toBeVisible();

  // The versions, side by side: the price row is marked as changed.
  await visit(page, `/supplier/material/history?materialId=${materialId}&from=1&to=2`);
  const priceRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '价格', exact: true }) });
  await expect(priceRow).toContainText('35.68');
  await expect(priceRow).toContainText('42');
  await expect(priceRow).toHaveAttribute('data-change', 'changed');

  // Reverting to version 1 writes version 3 with version 1's price.
  await page.getByRole('listitem').filter({ hasText: 'V1' }).getByRole('button', { name: '恢复到此版本' }).click();
  await page.getByRole('dialog', { name: '恢复到 V1' }).getByRole('button', { name: '恢复到此版本' }).click();
  await expect(page.getByText('已恢复，新版本为 V3')).toBeVisible();
  await visit(page, `/material/detail?materialId=${materialId}`);
  await expect(page.getByRole('main')).toContainText('35.68');

  // Off the market: the buyer no longer finds it.
  await chooseOnDashboard(page, name);
  await page.getByRole('button', { name: '下架', exact: true }).click();
  await page.getByRole('dialog', { name: '下架所选材料' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('1 个材料已下架')).toBeVisible();
  await visit(buyerPage, `/search/materials?keywords=${encodeURIComponent(name)}`);
  await expect(materialTiles(buyerPage)).toHaveCount(0);
});

test('a 60 MB document interrupted by a reload resumes without sending its finished parts again', async ({ page, supplier, signIn }) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(path.join(tmpdir(), 'supply-doc-'));
  const file = path.join(dir, '检测报告.pdf');
  // A PDF header, then 60 MB of noise: twelve 5 MiB parts.
  const body = Buffer.alloc(60 * 1024 * 1024);
  for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  body.write('%PDF-1.7\n', 0, 'latin1');
  await writeFile(file, body);
  await signIn(supplier.admin);

  const parts = /\/api\/storage\/part\/[^/]+\/(\d+)/;
  const finishedBefore = new Set<number>();
  const held: Array<() => Promise<void>> = [];
  let passed = 0;
  // Five parts go through; the rest wait, as on a connection that drops, until the page reloads.
  await page.route(parts, async (route) => {
    if (passed < 5) {
      passed += 1;
      const response = await route.fetch();
      finishedBefore.add(Number(parts.exec(route.request().url())![1]));
      await route.fulfill({ response });
    } else held.push(() => route.abort());
  });

  const openEditor = async () => {
    await visit(page, '/supplier/material/edit');
    await page.getByLabel('一级分类').selectOption({ label: '鞋底材料' });
    await page.getByLabel('二级分类').selectOption({ label: '橡胶' });
  };
  const documents = () => page.getByRole('group', { name: '上传文档' }).first();
  await openEditor();
  await documents().getByTestId('file-uploader-input').setInputFiles(file);
  await expect.poll(() => finishedBefore.size, { timeout: 30_000 }).toBe(5);
  await expect.poll(() => held.length).toBeGreaterThan(0);

  // The browser goes away mid-upload and comes back: the same file again.
  await page.reload();
  await Promise.all(held.map((abort) => abort().catch(() => undefined)));
  await page.unroute(parts);
  const sentAfter: number[] = [];
  page.on('request', (request) => {
    const match = parts.exec(request.url());
    if (match && request.method() === 'PUT') sentAfter.push(Number(match[1]));
  });
  await hydrated(page);
  const discard = page.getByRole('button', { name: '丢弃' });
  if (await discard.isVisible()) await discard.click();
  await page.getByLabel('一级分类').selectOption({ label: '鞋底材料' });
  await page.getByLabel('二级分类').selectOption({ label: '橡胶' });
  await documents().getByTestId('file-uploader-input').setInputFiles(file);
  await expect(documents().getByText('已上传')).toBeVisible({ timeout: 60_000 });

  // Only the parts the server did not have were sent again, and every part was sent once in all.
  expect(sentAfter.filter((n) => finishedBefore.has(n))).toEqual([]);
  expect(new Set([...finishedBefore, ...sentAfter]).size).toBe(12);
  expect(sentAfter).toHaveLength(12 - 5);
  await expect(page.getByRole('textbox', { name: '文档 1 名称' })).toHaveValue('检测报告');
  await expect(documents().getByText('60.0 MB', { exact: true })).toBeVisible();

  // Saved with the material, the document downloads from its page, whole.
  await field(page, 'PF_NAME_CN').fill(`检测大底 ${randomUUID().slice(0, 6)}`);
  await field(page, 'PF_PRICE').fill('12');
  await field(page, 'PF_THICKNESS').fill('4');
  await page.locator('#me-colorCards_0__name').fill('黑色');
  await page.locator('#me-colorCards_0__hex').fill('#111111');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存，当前为第 1 版。')).toBeVisible({ timeout: 20_000 });
  await visit(page, `/material/detail?materialId=${new URL(page.url()).searchParams.get('materialId')}`);
  const download = page.getByRole('link', { name: '下载 检测报告（60.0 MB）' });
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).equals(body)).toBe(true);
});
