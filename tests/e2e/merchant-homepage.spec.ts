import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { visit } from './support';

/**
 * The supplier homepage (docs/product/merchant-homepage.md): a supplier starts from a template, adds rich text that
 * carries a script, an event handler and a javascript: link, watches the preview, publishes; buyers and guests then
 * read the text on the published page and the shop's homepage tab, and none of the script reaches them.
 */
test.use({ locale: 'zh-CN' });

const HOSTILE =
  '<h2>百年皮革工艺</h2><p onclick="window.__hacked = 1" style="color:red">自有鞣制车间<script>window.__hacked = 2</script></p>' +
  '<img src="x" onerror="window.__hacked = 3"><p><a href="javascript:window.__hacked = 4">点我</a> <a href="https://example.com/tannery">官网</a></p>';

/** What of the hostile markup reached a document: script elements in the content, handlers, javascript: links, styles. */
async function leftovers(scope: Page | Frame) {
  return scope.evaluate(() => {
    const content = [...document.querySelectorAll('[data-homepage-rich-text]')];
    return {
      contentScripts: content.reduce((n, el) => n + el.querySelectorAll('script').length, 0),
      handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
      javascriptLinks: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
      styled: content.reduce((n, el) => n + el.querySelectorAll('[style]').length, 0),
      hacked: (window as unknown as { __hacked?: number }).__hacked ?? null,
      // Executable scripts: anything but the JSON data blocks the shell writes.
      scripts: [...document.querySelectorAll('script')].filter((s) => s.type !== 'application/json').length,
    };
  });
}

test('a supplier builds a homepage from a template and publishes it, and no script in its text survives', async ({ page, supplier, signIn, newPage }) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await signIn(supplier.admin);
  await visit(page, '/my-homepage/template');
  await expect(page.getByRole('heading', { level: 1, name: '主页装修' })).toBeVisible();
  await expect(page.getByText('尚未发布')).toBeVisible();

  // A template fills the modules with the company's own materials.
  await page.getByRole('button', { name: '使用“简约”' }).click();
  await expect(page.getByRole('button', { name: '收起 1. 企业介绍' })).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑 2. 主推材料' })).toBeVisible();
  await page.getByRole('button', { name: '编辑 2. 主推材料' }).click();
  await expect(page.getByRole('list', { name: '已选材料' }).getByRole('listitem')).toHaveCount(3);

  // The contact module starts empty for this company: a phone is needed to publish it.
  await page.getByRole('button', { name: '编辑 3. 联系方式' }).click();
  await page.getByRole('textbox', { name: '电话' }).fill('0769-8888-1234');

  // Rich text with a script, handlers and a javascript: link, moved to the top.
  await page.getByLabel('模块类型').selectOption('richText');
  await page.getByRole('button', { name: '添加模块' }).click();
  await page.getByRole('textbox', { name: '内容', exact: true }).fill(HOSTILE);
  await page.getByRole('button', { name: '上移 4. 图文' }).click();
  await page.getByRole('button', { name: '上移 3. 图文' }).click();
  await page.getByRole('button', { name: '上移 2. 图文' }).click();
  await expect(page.getByRole('button', { name: /^(编辑|收起) 1\. 图文$/ })).toBeVisible();

  // The preview is the page as it will be: the words, none of the script.
  const preview = page.frameLocator('iframe[title="主页预览"]:not([aria-hidden])');
  await expect(preview.getByRole('heading', { name: '百年皮革工艺' })).toBeVisible();
  await expect(preview.getByText('自有鞣制车间')).toBeVisible();
  // The preview swaps between two frames as it redraws: one may be replaced while it is read, and is then skipped.
  const clean = { contentScripts: 0, handlers: 0, javascriptLinks: 0, styled: 0, hacked: null, scripts: 0 };
  const previewFindings = async () => {
    const found = [];
    for (const frame of page.frames().filter((f) => f.url().endsWith('/content-preview'))) {
      const seen = await leftovers(frame).catch((err: unknown) => (frame.isDetached() ? null : Promise.reject(err)));
      if (seen) found.push(seen);
    }
    return found;
  };
  await expect.poll(async () => (await previewFindings()).length).toBeGreaterThan(0);
  for (const seen of await previewFindings()) expect(seen).toEqual(clean);

  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('已发布：买家现在看到的就是这个主页')).toBeVisible();
  // What was kept replaces what was typed.
  const kept = page.getByRole('textbox', { name: '内容', exact: true });
  await expect(kept).not.toHaveValue(/script|onerror|onclick|javascript|style=/);
  await expect(kept).toHaveValue(/<a href="https:\/\/example\.com\/tannery" rel="noopener nofollow">官网<\/a>/);
  await expect(page.getByRole('link', { name: '查看已发布的主页' })).toHaveAttribute('href', `/merchant-homepage/detail?orgId=${supplier.companyId}`);

  // A guest reads the published page: the text, the materials, and nothing that runs.
  const guest = await newPage();
  guest.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await guest.goto(`/merchant-homepage/detail?orgId=${supplier.companyId}`);
  await expect(guest.getByRole('heading', { level: 1, name: supplier.name })).toBeVisible();
  await expect(guest.getByRole('heading', { name: '百年皮革工艺' })).toBeVisible();
  await expect(guest.getByText('自有鞣制车间')).toBeVisible();
  await expect(guest.getByRole('link', { name: '点我' })).toHaveCount(0);
  await expect(guest.getByText('点我')).toBeVisible();
  await expect(guest.getByRole('link', { name: '官网' })).toHaveAttribute('rel', 'noopener nofollow');
  await expect(guest.getByText(supplier.materials[0]!.name)).toBeVisible();
  expect(await leftovers(guest)).toEqual({
    contentScripts: 0,
    handlers: 0,
    javascriptLinks: 0,
    styled: 0,
    hacked: null,
    scripts: 0,
  });

  // The shop shows it under its homepage tab.
  await visit(page, `/merchant/detail?orgId=${supplier.companyId}`);
  await page.getByRole('link', { name: '主页', exact: true }).click();
  await expect(page).toHaveURL(`/merchant/detail?orgId=${supplier.companyId}&tab=diy`);
  await expect(page.getByRole('heading', { name: '百年皮革工艺' })).toBeVisible();
  const shop = await leftovers(page);
  expect({ ...shop, scripts: 0 }).toEqual({
    contentScripts: 0,
    handlers: 0,
    javascriptLinks: 0,
    styled: 0,
    hacked: null,
    scripts: 0,
  });
});

test.describe('refusals', () => {
  test.use({
    allowedConsoleErrors: /status of 40[34] .*\/(my-homepage\/template|merchant-homepage\/detail)/,
  });

  test('a member without the homepage permission is told so', async ({ page, supplier, signIn }) => {
    await signIn(supplier.member);
    const answer = await page.goto('/my-homepage/template');
    expect(answer?.status()).toBe(403);
    await expect(page.getByText('只有供应商的管理员或获得“企业主页”权限的成员可以装修企业主页。')).toBeVisible();
    // And the published page of a company without one is not found.
    const missing = await page.goto(`/merchant-homepage/detail?orgId=${supplier.companyId}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '该供应商还没有主页' })).toBeVisible();
  });
});
