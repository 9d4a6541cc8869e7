/**
 * Host apps (docs/product/routes.md#hosts): the design-software plugin and the 3D tool open the store in their own
 * panel, materials open on the light detail page, merchants' shops stay closed; the 3D tool takes a material through
 * its bridge; the team-chat app opens the detail in its tab on a desktop and the phone page on a phone, framed only
 * by the origins the site allows.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { materials } from '../../src/lib/server/db/schema';
import { expect, test } from './fixtures';
import { installHostBridge, hostMessages } from './host-bridge-double';
import { materialTiles, visit } from './support';

test.use({ locale: 'zh-CN' });

const TEAMS_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Teams/24124.2315.2911.3357';
const TEAMS_PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Teams/6.7.1';

test.describe('in the design-software plugin', () => {
  // The shop refused is the error page, answered with its status.
  test.use({ allowedConsoleErrors: /status of 403 .*\/403\?code=403/ });

  test('browses its store, opens a material on the light page and cannot open a shop', async ({ page, supplier, buyer, signIn }) => {
    await signIn(buyer);
    await visit(page, '/design-suite/material-store');
    // The host's panel: no toolbar, and no way into the merchants' pages.
    await expect(page.getByRole('navigation', { name: '快捷工具栏' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: '商家中心' })).toHaveCount(0);
    const tiles = materialTiles(page);
    await expect(tiles.first()).toBeVisible();
    // Filtering stays on the plugin's own address.
    await page.getByRole('navigation', { name: '分类' }).getByRole('link', { name: '梭织面料', exact: true }).click();
    await expect(page).toHaveURL(/\/design-suite\/material-store\?.*categoryId=\d+/);

    // The rest of the visit knows the host: a material opens on the light page, its supplier is not a link.
    await visit(page, `/material/detail?materialId=${supplier.materials[0]!.id}`);
    await expect(page).toHaveURL(new RegExp(`/mobile/detail\\?materialId=${supplier.materials[0]!.id}$`));
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: supplier.materials[0]!.name,
      }),
    ).toBeVisible();
    const who = page.getByRole('region', { name: '供应商' });
    await expect(who.getByText(supplier.name)).toBeVisible();
    await expect(who.getByRole('link', { name: supplier.name })).toHaveCount(0);
    // An address kept from elsewhere says why the shop does not open.
    await page.goto(`/merchant/detail?orgId=${supplier.companyId}`);
    await expect(page.getByText('在此应用中无法打开商家页面。')).toBeVisible();

    // Back in a plain browser (`host=web`), the shop opens again.
    await visit(page, `/merchant/detail?orgId=${supplier.companyId}&host=web`);
    await expect(page.getByRole('heading', { level: 1, name: supplier.name })).toBeVisible();
  });
});

test('the 3D tool takes a material with its file and colors through its bridge', async ({ page, buyer, signIn }) => {
  // A demo material with a woven U3M bound (the demo mill's first three).
  const [withFile] = await getDb()
    .select({ id: materials.id, version: materials.version })
    .from(materials)
    .where(and(eq(materials.hasFile, 1), eq(materials.onMarketDomestic, 1), eq(materials.isDelete, 0)))
    .orderBy(asc(materials.id))
    .limit(1);
  expect(withFile, 'the demo catalogue binds files to some materials').toBeDefined();
  await signIn(buyer);
  await installHostBridge(page);
  await visit(page, '/clo/material-store');
  await expect(materialTiles(page).first()).toBeVisible();
  await visit(page, `/material/detail?materialId=${withFile!.id}`);
  await expect(page).toHaveURL(/\/mobile\/detail\?/);

  // In the tool, the download gives way to the two ways of sending.
  await page.getByRole('button', { name: '发送到 3D 软件（添加）' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已添加到 3D 软件' })).toBeVisible();
  await page.getByRole('button', { name: '发送到 3D 软件（替换）' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已替换 3D 软件中的材料' })).toBeVisible();
  await page.getByRole('button', { name: '下载 U3M 材质文件' }).click();

  const [added, replaced, opened] = await hostMessages(page);
  expect(added).toMatchObject({
    message: 'sendMaterialsToCloV2',
    payload: { mode: 'add' },
  });
  expect(replaced).toMatchObject({
    message: 'sendMaterialsToCloV2',
    payload: { mode: 'replace' },
  });
  const sent = (
    added!.payload as {
      materials: {
        id: number;
        version: number;
        file: string;
        swatches: string;
        colors: { hex: string; isDefault: boolean }[];
      }[];
    }
  ).materials;
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    id: withFile!.id,
    version: withFile!.version,
  });
  expect(sent[0]!.colors.filter((c) => c.isDefault)).toHaveLength(1);
  expect(sent[0]!.colors.every((c) => /^#[0-9a-f]{6}$/i.test(c.hex))).toBe(true);
  // The tool fetches what it was given: a U3M archive and the swatches.
  const file = await page.request.get(sent[0]!.file);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  expect((await page.request.get(sent[0]!.swatches)).headers()['content-type']).toMatch(/ase|octet-stream/);
  expect(opened).toEqual({
    message: 'openUrl',
    payload: { url: sent[0]!.file },
  });
});

test('the team-chat app opens the detail in its tab on a desktop and the phone page on a phone', async ({ supplier, buyer, newPage, signIn }) => {
  const { id, name } = supplier.materials[1]!;
  const desktop = await newPage({ userAgent: TEAMS_DESKTOP });
  await signIn(buyer, desktop.context());
  await visit(desktop, `/material/detail?materialId=${id}`);
  await expect(desktop).toHaveURL(new RegExp(`/ms-teams/material/detail\\?materialId=${id}$`));
  await expect(desktop.getByRole('heading', { level: 1, name })).toBeVisible();
  // Unlike the plugin and the 3D tool, the team-chat tab opens merchants' shops.
  await desktop.getByRole('region', { name: '供应商' }).getByRole('link', { name: supplier.name }).click();
  await expect(desktop).toHaveURL(/\/merchant\/detail\?orgId=/);
  await expect(desktop.getByRole('heading', { level: 1, name: supplier.name })).toBeVisible();

  const phone = await newPage({
    userAgent: TEAMS_PHONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await visit(phone, `/material/detail?materialId=${id}`);
  await expect(phone).toHaveURL(new RegExp(`/mobile/detail\\?materialId=${id}$`));
  await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
});

test.describe('framing', () => {
  // Chromium reports the frame it refused in the console.
  test.use({
    allowedConsoleErrors: /violates the following Content Security Policy directive: "frame-ancestors/,
  });

  test('only the origins the site allows may frame its pages', async ({ page, supplier, baseURL }) => {
    const { id, name } = supplier.materials[2]!;
    const framing = (origin: string) =>
      page.route(`${origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>host</title><iframe title="材料" src="${baseURL}/ms-teams/material/detail?materialId=${id}" width="800" height="600"></iframe>`,
        }),
      );
    await framing('http://teams.test');
    await page.goto('http://teams.test/tab');
    await expect(page.frameLocator('iframe').getByRole('heading', { level: 1, name })).toBeVisible();

    await framing('http://other.test');
    const refused = page.waitForEvent('console', (message) => /Framing .* violates .*frame-ancestors/.test(message.text()));
    await page.goto('http://other.test/tab');
    await refused;
    await expect(page.frameLocator('iframe').getByRole('heading', { level: 1, name })).toHaveCount(0);
  });
});

test.describe('contact us in the team-chat tab', () => {
  // The form refused is the page again, answered with its status.
  test.use({ allowedConsoleErrors: /status of 4\d\d .*\/ms-teams\/ms-contact-us/ });

  test('a person leaves the operators a message, told what is missing first, and an operator reads it', async ({ admin, newPage, signIn }) => {
    const marker = randomUUID().slice(0, 8);
    const tab = await newPage({ userAgent: TEAMS_DESKTOP });
    await visit(tab, '/ms-teams/ms-auth');
    await tab.getByRole('contentinfo').getByRole('link', { name: '联系我们' }).click();
    await expect(tab.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();

    // Nothing typed: the required fields say so; a name and a message without a way to answer: that says so.
    await tab.getByRole('button', { name: '发送' }).click();
    await expect(tab.getByRole('textbox', { name: '姓名' })).toHaveAttribute('aria-invalid', 'true');
    await tab.getByRole('textbox', { name: '姓名' }).fill(`团队成员 ${marker}`);
    await tab.getByRole('textbox', { name: '留言' }).fill(`想把企业材料库接入我们的团队 ${marker}`);
    await tab.getByRole('button', { name: '发送' }).click();
    await expect(tab.getByText('请留下电话或邮箱，方便我们联系你')).toBeVisible();
    // What was typed is still there.
    await expect(tab.getByRole('textbox', { name: '留言' })).toHaveValue(`想把企业材料库接入我们的团队 ${marker}`);
    await tab.getByRole('textbox', { name: '邮箱' }).fill(`team-${marker}@studio.test`);
    await tab.getByRole('button', { name: '发送' }).click();
    await expect(tab.getByText('已收到你的留言，我们会尽快联系你。')).toBeVisible();

    const back = await newPage();
    await signIn(admin, back.context());
    await visit(back, '/admin/contacts');
    const row = back.getByRole('row').filter({ hasText: marker });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`团队成员 ${marker}`);
    await expect(row.getByRole('link', { name: `team-${marker}@studio.test` })).toBeVisible();
  });
});
