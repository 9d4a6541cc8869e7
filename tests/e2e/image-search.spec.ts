import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { hydrated, openDemoMaterial, visit } from './support';

test.use({ locale: 'zh-CN' });
const PIC = '/api/idealab-material/open/v2/material/search/pic';

/** Chooses a file the way a person does: the dialog's button opens the system's file chooser. */
async function chooseImage(page: Page, dialog: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '选择图片' }).click();
  await (await chooser).setFiles(file);
}

test('a buyer searches by a photo of a material, crops it, and is told which files are refused', async ({ page, buyer, signIn }) => {
  test.setTimeout(150_000);

  // A guest pressing the camera is asked to sign in first.
  await visit(page, '/main/material-store');
  await page.getByRole('button', { name: '以图搜图' }).click();
  await expect(page.getByRole('dialog').getByText(/登录/).first()).toBeVisible();

  await signIn(buyer);

  // The buyer's "photo": a material's picture, turned and resized as a phone would.
  await openDemoMaterial(page, 0);
  const materialId = new URL(page.url()).searchParams.get('materialId');
  const cover = await page.request.get((await page.getByRole('main').getByRole('img', { name: / 的图片$/ }).getAttribute('src')) ?? '');
  const photo = await sharp(await cover.body()).rotate(90).resize(420).jpeg({ quality: 85 }).toBuffer();
  const dir = mkdtempSync(path.join(tmpdir(), 'image-search-'));
  const photoFile = path.join(dir, 'sample.jpg');
  writeFileSync(photoFile, photo);
  const gifFile = path.join(dir, 'sample.gif');
  writeFileSync(gifFile, await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c00' } }).gif().toBuffer());

  // The demo pictures are described in the background after start: wait until this one is searchable.
  await expect
    .poll(
      async () => {
        const res = await page.request.post(PIC, { multipart: { file: { name: 'sample.jpg', mimeType: 'image/jpeg', buffer: photo } } });
        const body = (await res.json()) as { data?: { records: { id: number }[] } };
        return (body.data?.records ?? []).slice(0, 10).map((r) => String(r.id));
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toContain(materialId);

  // From the header: choose the photo, land on /search/same with it beside the closest materials.
  await page.getByRole('button', { name: '以图搜图' }).click();
  const dialog = page.getByRole('dialog', { name: '用图片搜索材料' });
  await expect(dialog.getByRole('button', { name: '选择图片' })).toBeFocused();
  await chooseImage(page, dialog, photoFile);
  await expect(page).toHaveURL(/\/search\/same\?image=[0-9a-f]{64}$/);
  await expect(page.getByRole('heading', { level: 1, name: '相似材料' })).toBeVisible();
  // The compact header's Cancel stays folded away on a wide screen, whatever order the page's styles load in.
  await expect(page.getByRole('banner').getByRole('button', { name: '取消', exact: true })).toBeHidden();
  await expect(page.getByRole('complementary', { name: '你上传的图片' }).getByRole('img', { name: '你上传的图片' })).toBeVisible();
  const results = page.getByRole('region', { name: /相似材料$/ }).getByRole('list').first().getByRole('listitem');
  await expect(results.first()).toContainText(/相似度 \d+%/);
  const links = await results.getByRole('link').evaluateAll((as) => as.slice(0, 10).map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('materialId')));
  expect(links).toContain(materialId);
  const scores = await results.getByText(/相似度 \d+%/).allTextContents();
  const numbers = scores.map((s) => Number(s.match(/\d+/)?.[0]));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  // Crop with the keyboard: a narrower selection, searched on its own address.
  await hydrated(page);
  const selection = page.getByRole('group', { name: /^搜索区域/ });
  await selection.focus();
  for (let i = 0; i < 10; i++) await selection.press('Shift+ArrowLeft');
  for (let i = 0; i < 5; i++) await selection.press('ArrowRight');
  await expect(selection).toHaveAttribute('aria-label', '搜索区域: 10%, 0%, 80% × 100%');
  await page.getByRole('button', { name: '搜索选中区域' }).click();
  await expect(page).toHaveURL(/region=0\.1%2C0%2C0\.8%2C1/);
  await expect(page.getByText('正在按选中区域搜索')).toBeVisible();
  await expect(results.first()).toContainText(/相似度 \d+%/);
  await page.getByRole('link', { name: '搜索整张图片' }).click();
  await expect(page).toHaveURL(/\/search\/same\?image=[0-9a-f]{64}$/);

  // Anything but png, jpg, jpeg or webp is refused with a clear message, before and without an upload.
  await hydrated(page);
  await page.getByRole('button', { name: '换一张图片' }).click();
  const again = page.getByRole('dialog', { name: '用图片搜索材料' }).last();
  await chooseImage(page, again, gifFile);
  await expect(again.getByRole('alert')).toHaveText('只支持 png、jpg、jpeg 或 webp 格式的图片');
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  await expect(page.getByRole('button', { name: '换一张图片' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('same.png'), fullPage: false });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the camera beside the opened search box opens the photo dialog, and the photo is searched', async ({ page, buyer, signIn }) => {
    await signIn(buyer);
    await visit(page, '/main/material-store');
    const banner = page.getByRole('banner');
    // Folded away until the search row is opened.
    await expect(banner.getByRole('button', { name: '以图搜图' })).toBeHidden();
    await banner.getByTitle('搜索', { exact: true }).click();
    const camera = banner.getByRole('button', { name: '以图搜图' });
    await expect(camera).toBeVisible();
    // A tap leaves the search box first; the row must not fold away under the finger.
    await camera.tap();
    const dialog = page.getByRole('dialog', { name: '用图片搜索材料' });
    await expect(dialog).toBeVisible();

    const dir = mkdtempSync(path.join(tmpdir(), 'image-search-phone-'));
    const photoFile = path.join(dir, 'swatch.jpg');
    writeFileSync(photoFile, await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b2a35' } }).jpeg().toBuffer());
    await chooseImage(page, dialog, photoFile);
    await expect(page).toHaveURL(/\/search\/same\?image=[0-9a-f]{64}$/);
    await expect(page.getByRole('heading', { level: 1, name: '相似材料' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});
