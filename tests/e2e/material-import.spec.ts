/**
 * The bulk import (docs/product/integrations.md#bulk-import): a supplier goes from the material list to the import,
 * downloads a category's template, uploads a sheet with a bad row, reads the dry run with the error by row and column,
 * imports the good rows after confirming, follows the progress and reads the result; then, on a phone in English, the
 * same file again is all unchanged.
 */
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

const HEADERS = ['货号', '中文名称', '英文名称', '类目', '色卡', '价格', '幅宽', '克重（g/m²）'];

async function sheet(tag: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('材料');
  ws.addRow(HEADERS);
  ws.addRow([`${tag}-1`, `导入斜纹一 ${tag}`, `Imported twill one ${tag}`, '梭织面料 / 斜纹布', '藏青 #1f3a93', '12.5', '150 cm', '220']);
  ws.addRow([`${tag}-2`, `导入斜纹二 ${tag}`, `Imported twill two ${tag}`, '梭织面料 / 斜纹布', '黑 #111111', 'abc', '150 cm', '220']);
  ws.addRow([`${tag}-3`, `导入斜纹三 ${tag}`, `Imported twill three ${tag}`, '梭织面料 / 斜纹布', '灰 #808080; 白 #ffffff', '8', '140 cm', '180']);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

test.use({ locale: 'zh-CN' });

test('a supplier imports a sheet: template, dry run with the bad row named, confirmation, progress and result', async ({ page, supplier, signIn, newPage }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const file = { name: 'materials.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await sheet(tag) };
  await signIn(supplier.admin);

  await visit(page, '/supplier/home');
  await page.getByRole('link', { name: '批量导入' }).click();
  await expect(page.getByRole('heading', { name: '批量导入材料', level: 1 })).toBeVisible();
  await hydrated(page);

  // The template follows the chosen category and market.
  await page.getByLabel('类目').selectOption({ label: '斜纹布' });
  const template = page.getByRole('link', { name: '下载模板' });
  await expect(template).toHaveAttribute('href', /template\?categoryId=\d+&marketType=1/);
  const download = page.waitForEvent('download');
  await template.click();
  expect((await download).suggestedFilename()).toBe('materials-template-twill.xlsx');

  // The dry run: two rows to create, one refused with its row and column; nothing imported yet.
  await page.getByLabel('表格文件').setInputFiles(file);
  await page.getByRole('button', { name: '试运行' }).click();
  await expect(page.getByText('共 3 行：新建 2，更新 0，无变化 0，错误 1')).toBeVisible();
  const bad = page.getByRole('row').filter({ hasText: `${tag}-2` });
  await expect(bad.getByRole('rowheader')).toHaveText('3');
  await expect(bad.getByText('价格：请输入数字（只能包含数字和一个小数点）')).toBeVisible();
  await page.getByLabel('只看有错误的行').check();
  await expect(page.getByRole('row').filter({ hasText: `${tag}-1` })).toHaveCount(0);

  // Confirmed: the job runs and the page follows it to the result.
  await page.getByRole('button', { name: '导入 2 行，跳过 1 行' }).click();
  await expect(page.getByText('导入完成 新建 2，更新 0，无变化 0，失败 1')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('已处理 2 / 2 行')).toBeVisible();
  await expect(page.getByRole('heading', { name: '未导入的行' })).toBeVisible();
  await page.getByRole('link', { name: '查看材料列表' }).click();
  await expect(page.getByText(`导入斜纹一 ${tag}`)).toBeVisible();
  await expect(page.getByText(`导入斜纹二 ${tag}`)).toHaveCount(0);

  // On a phone, in English: the same file again changes nothing.
  const phone = await newPage({ locale: 'en-GB', viewport: { width: 360, height: 780 } });
  await signIn(supplier.admin, phone.context());
  await phone.context().addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
  await visit(phone, '/supplier/material/import');
  await expect(phone.getByRole('heading', { name: 'Import materials', level: 1 })).toBeVisible();
  await phone.getByLabel('Sheet', { exact: true }).setInputFiles(file);
  await phone.getByRole('button', { name: 'Dry run' }).click();
  await expect(phone.getByText('3 rows: 0 to create, 0 to update, 2 unchanged, 1 with errors')).toBeVisible();
  await expect(phone.getByText('Price: Enter a number (digits and at most one dot)')).toBeVisible();
  await phone.getByRole('button', { name: 'Import 2 good rows, skip 1' }).click();
  await expect(phone.getByText('Import finished 0 created, 0 updated, 2 unchanged, 1 failed')).toBeVisible({ timeout: 30_000 });
  // Nothing overflows the phone's width.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
