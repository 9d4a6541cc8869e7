import { createMaterial } from '../fixtures/materials';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

/**
 * Material books: a supplier builds a book of five of its materials in the editor, puts it on the market and shares
 * it with a code; someone in a fresh browser opens it after the code, searches inside it and opens a material; the
 * supplier takes the book off the market and the link shows that the share has ended.
 */
test.use({ locale: 'zh-CN', allowedConsoleErrors: /status of 410 .*\/buyer\/material-brochure\/detail\?/ });

test('a supplier builds, shares and withdraws a material book; a buyer reads and searches it through the link', async ({ page, supplier, signIn, newPage }) => {
  test.setTimeout(150_000);
  // Two more of the company's materials: five in all.
  for (const name of ['雾面弹力网布', '亮面牛津布']) await createMaterial(supplier.companyId, 'chemical-lace', { nameCn: `${name} ${supplier.companyId}` });
  await signIn(supplier.admin);

  await visit(page, '/material-brochure');
  await page.getByRole('button', { name: '新建材料册' }).click();
  const naming = page.getByRole('dialog', { name: '新建材料册' });
  await naming.getByRole('textbox', { name: '材料册名称' }).fill('蕾丝与网布精选');
  await naming.getByRole('button', { name: '新建材料册' }).click();
  await expect(page).toHaveURL(/\/material-brochure\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '蕾丝与网布精选' })).toBeVisible();
  await page.waitForLoadState('load');
  await hydrated(page);

  // The editor: the company's materials, all five added, the last moved to the top, an introduction.
  await page.getByRole('button', { name: '编辑内容' }).click();
  const editor = page.getByRole('dialog', { name: '编辑材料册' });
  const results = editor.getByRole('list', { name: '搜索结果' });
  await expect(results.getByRole('listitem')).toHaveCount(5);
  for (let i = 0; i < 5; i += 1) await results.getByRole('listitem').nth(i).getByRole('button', { name: /^加入 / }).click();
  await expect(results.getByRole('button', { name: /^加入 / })).toHaveText(Array(5).fill('已加入'));
  await expect(editor.getByRole('heading', { name: '材料（5/200）' })).toBeVisible();
  const rows = editor.getByRole('list').filter({ has: page.getByRole('button', { name: /^上移/ }) }).getByRole('listitem');
  const lastName = ((await rows.nth(4).textContent()) ?? '').trim();
  for (let i = 0; i < 4; i += 1) await editor.getByRole('button', { name: /^上移/ }).nth(4 - i).click();
  await expect(rows.first()).toContainText(lastName.slice(0, 6));
  await editor.getByRole('textbox', { name: '介绍（选填）' }).fill('春夏鞋面的蕾丝与网布');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '共 5 个材料' })).toBeVisible();
  await page.waitForLoadState('load');
  await hydrated(page);
  await expect(page.getByText('春夏鞋面的蕾丝与网布')).toBeVisible();

  // On the market, then shared with a code.
  await page.getByRole('button', { name: '上架', exact: true }).click();
  await expect(page.getByText('已上架')).toBeVisible();
  await page.waitForLoadState('load');
  await hydrated(page);
  await page.getByRole('button', { name: '分享' }).click();
  const share = page.getByRole('dialog', { name: '分享' });
  await share.getByRole('radio', { name: '加密（提取码）' }).check();
  await share.getByRole('button', { name: '生成链接' }).click();
  const link = await share.getByRole('textbox', { name: '链接' }).inputValue();
  expect(link).toMatch(/\/buyer\/material-brochure\/detail\?appType=shareMaterialBook&shareId=[A-Za-z0-9_-]{22}$/);
  const code = (await share.getByRole('status', { name: '提取码' }).textContent())?.trim() ?? '';
  await share.getByRole('button', { name: '关闭' }).click();

  // A buyer with nothing but the link and the code.
  const visitor = await newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/share-validation\?shareId=/);
  await visitor.getByRole('textbox', { name: '提取码' }).fill(code);
  await visitor.getByRole('button', { name: '查看分享' }).click();
  await expect(visitor).toHaveURL(link);
  await expect(visitor.getByRole('heading', { level: 1, name: '蕾丝与网布精选' })).toBeVisible();
  await visitor.getByRole('searchbox').last().fill('亮片');
  await visitor.getByRole('searchbox').last().press('Enter');
  await expect(visitor).toHaveURL(/keywords=/);
  const tiles = visitor.getByRole('main').getByRole('link', { name: /亮片镂空蕾丝/ });
  await expect(tiles).toHaveCount(1);
  await tiles.click();
  await expect(visitor.getByRole('heading', { level: 1, name: new RegExp(`亮片镂空蕾丝`) })).toBeVisible();

  // Off the market, the link shows the ended share, not the book.
  await page.getByRole('button', { name: '下架', exact: true }).click();
  await expect(page.getByText('未上架')).toBeVisible();
  const ended = await visitor.goto(link);
  expect(ended?.status()).toBe(410);
  expect(await visitor.content()).not.toContain('春夏鞋面的蕾丝与网布');
});
