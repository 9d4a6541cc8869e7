import { writeAse } from '../../src/lib/server/colors/write-ase';
import { expect, test } from './fixtures';
import { hydrated, openStoreMaterial, visit } from './support';

/**
 * The color library: a buyer browses the MatLib color system's gradient page, filters a family, opens a color and
 * adds it to a new color-card book; adds a material's color card to the same book; finds both in the book; shares
 * the book with a code; and someone in a fresh browser opens it after the code. An administrator imports a book.
 */
test.use({ locale: 'zh-CN' });

test('gradient page → family → color → new book → a material’s color card → share with a code → opened elsewhere', async ({ page, buyer, signIn, newPage }) => {
  test.setTimeout(150_000);
  await signIn(buyer);

  // The header's color library opens the built-in system; the toolbar starts collapsed there.
  await visit(page, '/main/home');
  await page.getByRole('banner').getByRole('link', { name: '色彩库' }).first().click();
  await expect(page).toHaveURL(/\/main\/color\/matlib-gradient$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'MatLib 色彩体系' })).toBeVisible();
  await expect(page.getByRole('button', { name: '展开' })).toBeVisible();
  // The wheel and the grid are real links and a table.
  await expect(page.getByRole('table')).toBeVisible();

  // Coloro has no data yet: the page says so and offers the built-in system.
  await page.getByRole('navigation', { name: '色库' }).getByRole('link', { name: /Coloro/ }).click();
  await expect(page.getByRole('heading', { name: 'Coloro 色库暂无数据' })).toBeVisible();
  await page.getByRole('link', { name: '浏览 MatLib 色彩体系' }).click();

  // A family: only blues.
  await page.getByRole('navigation', { name: '色系' }).getByRole('link', { name: /蓝色系/ }).click();
  await expect(page).toHaveURL(/family=blue/);
  const found = page.getByRole('region', { name: /找到 \d+ 个颜色/ });
  await expect(found).toBeVisible();
  await found.getByRole('listitem').nth(3).getByRole('link').click();
  await hydrated(page);
  const detail = page.getByRole('complementary', { name: /.+/ });
  const colorName = (await detail.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  const code = (await detail.getByText(/^\d{3}-\d{2}-\d{2}$/).first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{3}-\d{2}-\d{2}$/);
  await expect(detail.getByRole('term').filter({ hasText: 'HEX' })).toBeVisible();

  // Add it to a new book, made inside the dialog; a name over 32 characters is refused first.
  await detail.getByRole('button', { name: '加入色卡本' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`加入色卡本 · ${colorName}`) });
  const name = dialog.getByRole('textbox', { name: '色卡本名称' });
  await name.fill('一'.repeat(33));
  await expect(dialog.getByText('33/32')).toBeVisible();
  await dialog.getByRole('button', { name: '新建并加入' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('色卡本名称最多 32 个字符');
  const bookName = '春夏鞋面';
  await name.fill(bookName);
  await dialog.getByRole('button', { name: '新建并加入' }).click();
  await expect(dialog.getByText(`已加入「${bookName}」`)).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: bookName })).toContainText('已加入');
  await dialog.getByRole('button', { name: '完成' }).click();

  // A material's color card, from its detail page, into the same book.
  await visit(page, '/main/material-store');
  await openStoreMaterial(page, 2);
  await page.getByRole('main').getByRole('button', { name: '加入色卡本' }).click();
  const cardDialog = page.getByRole('dialog', { name: '加入色卡本' });
  const cardName = (await cardDialog.getByRole('radio').nth(0).evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
  await cardDialog.getByRole('button', { name: `加入色卡本: ${bookName}` }).click();
  await expect(cardDialog.getByText(`已加入「${bookName}」`)).toBeVisible();
  await cardDialog.getByRole('button', { name: '完成' }).click();

  // The book holds both, in the order added.
  await visit(page, '/main/color-card-book');
  await page.getByRole('link', { name: new RegExp(bookName) }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
  await expect(page.getByText('2 个颜色')).toBeVisible();
  const colors = page.getByRole('main').getByRole('listitem');
  await expect(colors.nth(0)).toContainText(code);
  await expect(colors.nth(1)).toContainText(cardName);

  // Share it with a code.
  await page.getByRole('button', { name: '分享色卡本' }).click();
  const share = page.getByRole('dialog', { name: '分享' });
  await share.getByRole('radio', { name: '加密（提取码）' }).check();
  await share.getByRole('button', { name: '生成链接' }).click();
  const link = await share.getByRole('textbox', { name: '链接' }).inputValue();
  expect(link).toMatch(/\/supplier\/share\?shareLinkType=colorCardShare&shareId=[A-Za-z0-9_-]{22}$/);
  const shareCode = (await share.getByRole('status', { name: '提取码' }).textContent())?.trim() ?? '';
  expect(shareCode).toMatch(/^[A-Z0-9]{4}$/);
  await share.getByRole('button', { name: '关闭' }).click();

  // Someone else, in a fresh browser: the code first, then the book.
  const visitor = await newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/share-validation\?shareId=/);
  expect(await visitor.content()).not.toContain(bookName);
  await visitor.getByRole('textbox', { name: '提取码' }).fill(shareCode);
  await visitor.getByRole('button', { name: '查看分享' }).click();
  await expect(visitor).toHaveURL(link);
  await expect(visitor.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
  await expect(visitor.getByText(code)).toBeVisible();
  await expect(visitor.getByText(cardName).first()).toBeVisible();
});

/** An ASE file as design tools write it, with its `index`th color block (from 0) in a color model no reader knows. */
function aseWithBrokenRow(colors: { name: string; hex: string }[], index: number): Buffer {
  const bytes = writeAse(colors);
  let at = -1;
  for (let i = 0; i <= index; i += 1) at = bytes.indexOf('RGB ', at + 1, 'latin1');
  bytes.write('XYZ ', at, 'latin1');
  return bytes;
}

test('an administrator previews and imports an ASE with one broken row: the good rows land, the bad one is reported', async ({ page, admin, signIn }) => {
  test.setTimeout(120_000);
  // A brand book of its own, so the journey above still finds Coloro empty whichever runs first.
  const key = `brand-${Date.now().toString(36)}`;
  await signIn(admin);
  await visit(page, '/admin');
  await page.getByRole('main').getByRole('link', { name: '导入色库', exact: true }).click();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: '导入色库' })).toBeVisible();

  const form = page.getByRole('main');
  await form.getByLabel('色库', { exact: true }).selectOption('other');
  await form.getByRole('textbox', { name: '标识' }).fill(key);
  await form.getByRole('textbox', { name: '中文名称' }).fill('测试品牌');
  await form.getByRole('textbox', { name: '英文名称' }).fill('Test brand');
  const colors = [
    { name: 'Sand 01', hex: '#d8c3a5' },
    { name: 'Rust 02', hex: '#a0522d' },
    { name: 'Moss 03', hex: '#5b6b3a' },
  ];
  await form.getByLabel('文件', { exact: true }).setInputFiles({ name: 'brand.ase', mimeType: 'application/octet-stream', buffer: aseWithBrokenRow(colors, 1) });

  // The preview reports and writes nothing: the list of imported books does not gain it.
  await form.getByRole('button', { name: '预览' }).click();
  await expect(form.getByText(/共 3 行，其中 2 行可导入/)).toBeVisible();
  const rejected = form.getByRole('table', { name: /被拒绝的行/ });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row').nth(1)).toContainText('2');
  await expect(page.getByRole('rowheader', { name: key })).toHaveCount(0);

  await form.getByRole('button', { name: '导入', exact: true }).click();
  await expect(form.getByText(/已向 测试品牌 导入 2 个颜色/)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await row.getByRole('link', { name: '查看 测试品牌 的渐变页' }).click();

  // The book's gradient page holds the two good colors, and not the broken one.
  await expect(page).toHaveURL(new RegExp(`/main/color/${key}-gradient$`));
  await expect(page.getByRole('heading', { level: 1, name: '测试品牌' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '色库' }).getByRole('link', { name: /测试品牌\s*2/ })).toBeVisible();
  for (const [word, count] of [['Sand', 1], ['Moss', 1], ['Rust', 0]] as const) {
    await visit(page, `/main/color/${key}-gradient?q=${word}`);
    await expect(page.getByRole('heading', { level: 2, name: count ? `找到 ${count} 个颜色` : '没有符合条件的颜色' })).toBeVisible();
  }
});
