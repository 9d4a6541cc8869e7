import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, materials, materialUsages, merchantFollows, sampleRequests, shareViewDays } from '../../src/lib/server/db/schema';
import { revertMaterial } from '../../src/lib/server/materials/revert-material';
import { saveMaterial } from '../../src/lib/server/materials/save-material';
import { countShareView } from '../../src/lib/server/sharing/count-share-view';
import { createShare } from '../../src/lib/server/sharing/create-share';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { categoryId, createMaterial, seedReferenceData, testImage } from '../fixtures/materials';

const { call, send } = apiCaller('/api/idealab-material');
type Company = Awaited<ReturnType<typeof createEnterprise>>;
type Row = { id: number; name: string; isDraft: boolean; marketTypes: number[]; renderFailed: number; renderQueued: number; categoryName: string };

const list = (token: string, query = '', lang?: string) => call(`/v2/material/supplier/list${query ? `?${query}` : ''}`, { token, lang });
const ids = async (token: string, query = '') => ((await list(token, query)).body.data.records as Row[]).map((r) => r.id);
const dashboard = async (token: string) => (await call('/v2/material/supplier/dashboard', { token })).body.data;
const market = (token: string, on: boolean, materialIds: number[], marketTypes: number[]) => call(`/v2/material/${on ? 'on' : 'off'}`, { token, body: { materialIds, marketTypes } });

let s: Company;
/** The supplier's materials, made oldest first: a published twill, an overseas-only jersey, a draft, a failed render, a queued render. */
const m = {} as Record<'twill' | 'jersey' | 'draft' | 'failed' | 'queued', number>;
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

beforeAll(async () => {
  await seedReferenceData();
  s = await createEnterprise({ company: { nameEn: 'Dash Mills' } });
  m.twill = (await createMaterial(s.companyId, 'twill', { nameCn: '阿尔法斜纹', nameEn: 'Alpha twill', serialNo: 'DASH-001', createdAt: day(1) })).id;
  m.jersey = (await createMaterial(s.companyId, 'jersey', { nameCn: '贝塔汗布', nameEn: 'Beta jersey', serialNo: 'DASH-002', marketTypes: [2], createdAt: day(2) })).id;
  m.draft = (await createMaterial(s.companyId, 'twill', { nameCn: '草稿材料', nameEn: 'Draft cloth', serialNo: 'DASH-003', marketTypes: [], createdAt: day(3) })).id;
  m.failed = (await createMaterial(s.companyId, 'oxford', { nameCn: '伽马牛津', nameEn: 'Gamma oxford', serialNo: 'DASH-004', createdAt: day(4) })).id;
  m.queued = (await createMaterial(s.companyId, 'oxford', { nameCn: '德尔塔牛津', nameEn: 'Delta oxford', serialNo: 'DASH-005', createdAt: day(5) })).id;
  const [failedCard] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, m.failed));
  await getDb().update(colorCards).set({ renderingStatus: 3 }).where(eq(colorCards.id, failedCard!.id));
  await getDb().update(colorCards).set({ renderingStatus: 5 }).where(eq(colorCards.materialId, m.queued));
  // Modified order differs from created order: the twill was edited last.
  await getDb().update(materials).set({ gmtModifyTime: day(20) }).where(eq(materials.id, m.twill));
});

describe('the supplier material list (docs/product/supplier.md#the-material-list)', () => {
  it('lists the company’s own materials, newest change first, with their states', async () => {
    const res = await list(s.adminToken);
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(5);
    const rows = res.body.data.records as Row[];
    expect(rows[0]!.id).toBe(m.twill);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(m.draft)).toMatchObject({ isDraft: true, marketTypes: [] });
    expect(byId.get(m.jersey)).toMatchObject({ isDraft: false, marketTypes: [2] });
    expect(byId.get(m.failed)).toMatchObject({ renderFailed: 1, renderQueued: 0 });
    expect(byId.get(m.queued)).toMatchObject({ renderFailed: 0, renderQueued: 2 });
    // Another company sees none of them.
    const other = await createEnterprise();
    expect((await list(other.adminToken)).body.data.total).toBe(0);
  });

  it('filters by state and market', async () => {
    expect((await ids(s.adminToken, 'state=draft')).sort()).toEqual([m.draft]);
    expect((await ids(s.adminToken, 'state=renderFailed'))).toEqual([m.failed]);
    expect((await ids(s.adminToken, 'state=renderQueued'))).toEqual([m.queued]);
    expect((await ids(s.adminToken, 'state=on')).sort()).toEqual([m.twill, m.jersey, m.failed, m.queued].sort());
    expect((await ids(s.adminToken, 'state=on&marketType=2'))).toEqual([m.jersey]);
    // Off a market: been on one, not on this one; a draft is not "off".
    expect((await ids(s.adminToken, 'state=off&marketType=1'))).toEqual([m.jersey]);
    expect((await ids(s.adminToken, 'state=off'))).toEqual([]);
  });

  it('filters by words (name or serial number) and category, a level-1 category with its children', async () => {
    expect(await ids(s.adminToken, 'keywords=DASH-004')).toEqual([m.failed]);
    expect(await ids(s.adminToken, `keywords=${encodeURIComponent('牛津')}&sort=newest`)).toEqual([m.queued, m.failed]);
    expect((await ids(s.adminToken, `categoryId=${await categoryId('twill')}`)).sort()).toEqual([m.twill, m.draft].sort());
    const [twill] = await getDb().select({ root: materials.rootCategoryId }).from(materials).where(eq(materials.id, m.twill));
    expect(await ids(s.adminToken, `categoryId=${twill!.root}`)).toContain(m.twill);
    expect((await list(s.adminToken, 'categoryId=999999999')).body.code).toBe(100404);
  });

  it('sorts by newest and by name in the caller’s language', async () => {
    expect(await ids(s.adminToken, 'sort=newest')).toEqual([m.queued, m.failed, m.draft, m.jersey, m.twill]);
    const en = (await list(s.adminToken, 'sort=name', 'en')).body.data.records.map((r: Row) => r.name);
    expect(en).toEqual(['Alpha twill', 'Beta jersey', 'Delta oxford', 'Draft cloth', 'Gamma oxford']);
  });

  it('pages within bounds and refuses sizes and pages outside them', async () => {
    const first = await list(s.adminToken, 'sort=newest&size=2');
    const third = await list(s.adminToken, 'sort=newest&size=2&page=3');
    expect(first.body.data.records.map((r: Row) => r.id)).toEqual([m.queued, m.failed]);
    expect(third.body.data.records.map((r: Row) => r.id)).toEqual([m.twill]);
    expect(third.body.data.total).toBe(5);
    for (const bad of ['size=61', 'size=0', 'page=0', 'page=1001', 'state=gone', 'marketType=3', 'sort=price', `keywords=${'x'.repeat(51)}`]) {
      const res = await list(s.adminToken, bad);
      expect(res.status, bad).toBe(422);
      expect([300068, 300069, 300070]).toContain(res.body.code);
    }
  });

  it('is refused to a member without material management (100403)', async () => {
    const res = await list(s.memberToken);
    expect(res.body.code).toBe(100403);
    expect((await call('/v2/material/supplier/dashboard', { token: s.memberToken })).body.code).toBe(100403);
  });
});

describe('the dashboard (docs/product/supplier.md#dashboard)', () => {
  it('counts markets, drafts and renders, and follows on/off and delete', async () => {
    const c = await createEnterprise();
    const a = (await createMaterial(c.companyId, 'twill')).id;
    const b = (await createMaterial(c.companyId, 'twill', { marketTypes: [] })).id;
    expect(await dashboard(c.adminToken)).toMatchObject({ onMarket: { domestic: 1, overseas: 0 }, offMarket: { domestic: 0, overseas: 1 }, drafts: 1, rendersQueued: 0, rendersFailed: 0 });
    // A draft put on a market stops being a draft for good.
    expect((await market(c.adminToken, true, [b], [1, 2])).body.data).toEqual({ updated: 1 });
    expect(await dashboard(c.adminToken)).toMatchObject({ onMarket: { domestic: 2, overseas: 1 }, offMarket: { domestic: 0, overseas: 1 }, drafts: 0 });
    await market(c.adminToken, false, [b], [1, 2]);
    expect(await dashboard(c.adminToken)).toMatchObject({ onMarket: { domestic: 1, overseas: 0 }, offMarket: { domestic: 1, overseas: 2 }, drafts: 0 });
    expect((await ids(c.adminToken, 'state=draft'))).toEqual([]);
    await call('/v2/material/delete', { token: c.adminToken, body: { materialIds: [a] } });
    expect(await dashboard(c.adminToken)).toMatchObject({ onMarket: { domestic: 0, overseas: 0 }, offMarket: { domestic: 1, overseas: 1 } });
  });

  it('counts sample requests waiting, followers and this week’s share views', async () => {
    const c = await createEnterprise();
    const a = (await createMaterial(c.companyId, 'twill')).id;
    const buyer = await createUser();
    const address = { receiver: 'R', phone: '1', places: { cn: [], en: [] }, detail: 'x', postcode: null };
    await getDb().insert(sampleRequests).values(['submitted', 'accepted', 'shipped', 'rejected'].map((state) => ({ buyerUserId: buyer.id, supplierCompanyId: c.companyId, state, address })));
    await getDb().insert(merchantFollows).values({ userId: buyer.id, companyId: c.companyId });
    const { shareId } = await createShare({ userId: c.admin.id, companyId: c.companyId }, { kind: 'material', materialIds: [a], type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '' }, null, new Date());
    await countShareView(shareId);
    await countShareView(shareId);
    // Views older than a week are not this week's.
    await getDb().insert(shareViewDays).values({ shareId, day: '2020-01-01', views: 40 });
    // A share of another company's material does not count.
    const other = await createEnterprise();
    const theirs = (await createMaterial(other.companyId, 'twill')).id;
    const foreign = await createShare({ userId: other.admin.id, companyId: other.companyId }, { kind: 'material', materialIds: [theirs], type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '' }, null, new Date());
    await countShareView(foreign.shareId);
    expect(await dashboard(c.adminToken)).toMatchObject({ sampleRequestsWaiting: 2, followers: 1, shareViewsThisWeek: 2 });
  });
});

describe('version diff (docs/product/supplier.md#versions-diff-and-revert)', () => {
  it('answers attributes, color cards, image slots and documents side by side', async () => {
    const c = await createEnterprise();
    const { id } = await createMaterial(c.companyId, 'twill', { nameCn: '第一版', hexes: ['#111111', '#222222'] });
    const [first, second] = await getDb().select().from(colorCards).where(eq(colorCards.materialId, id)).orderBy(colorCards.sort);
    const img = await testImage('#333333', c.companyId);
    await saveMaterial(
      {
        companyId: c.companyId, creatorId: c.admin.id, categoryId: await categoryId('twill'), nameCn: '第二版', serialNo: 'T-X',
        attrs: { PF_PRICE: 20, PF_CURRENCY: 'CNY', PF_UNIT: 'm', PF_SEASON: '2', PF_SHIP_FROM: 'CN-FJ' },
        colorCards: [{ id: first!.id, name: 'Renamed', hex: '#111111', images: [] }, { name: 'New', hex: '#444444', images: [img] }],
        enclosure: [img], dangling: img, marketTypes: [1],
        attachments: [{ relativePath: `u/${c.companyId}/${'a'.repeat(32)}.pdf`, name: 'Test report', size: 2048, mime: 'application/pdf' }],
      },
      { materialId: id },
    );
    const res = await call(`/v2/material/history/diff?materialId=${id}&from=1&to=2`, { token: c.adminToken, lang: 'en' });
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d.from).toMatchObject({ version: 1, creator: null });
    expect(d.to).toMatchObject({ version: 2, creator: 'Test User' });
    const attr = (code: string) => d.attributes.find((a: { fieldCode: string }) => a.fieldCode === code);
    expect(attr('PF_NAME_CN')).toMatchObject({ before: '第一版', after: '第二版', change: 'changed' });
    expect(attr('PF_PRICE')).toMatchObject({ before: '12.5', after: '20', change: 'changed' });
    expect(attr('PF_SHIP_FROM')).toMatchObject({ change: 'same' });
    expect(attr('PF_SHIP_FROM').after).toMatch(/Fujian/);
    expect(attr('PF_PRODUCT')).toMatchObject({ after: '', change: 'removed' });
    expect(attr('PF_SEASON').title).toMatch(/season/i);
    expect(attr('category')).toMatchObject({ change: 'same' });
    const card = (cardId: number) => d.colorCards.find((x: { id: number }) => x.id === cardId);
    expect(card(first!.id)).toMatchObject({ change: 'changed', before: { name: 'C1' }, after: { name: 'Renamed', imageCount: 0 } });
    expect(card(second!.id)).toMatchObject({ change: 'removed', after: null });
    expect(d.colorCards.filter((x: { change: string }) => x.change === 'added')).toHaveLength(1);
    const slot = (name: string) => d.images.find((x: { slot: string }) => x.slot === name);
    expect(slot('dangling')).toMatchObject({ change: 'added', before: [] });
    expect(slot('dangling').after[0].src).toMatch(/^\/api\/img\//);
    expect(slot('gallery')).toMatchObject({ change: 'added' });
    expect(d.documents).toEqual([{ before: null, after: { name: 'Test report', size: 2048 }, change: 'added' }]);
  });

  it('answers 100404 for another company’s material or a missing version, and 100403 without the permission', async () => {
    const c = await createEnterprise();
    const { id } = await createMaterial(c.companyId, 'twill');
    expect((await call(`/v2/material/history/diff?materialId=${id}&from=1&to=2`, { token: c.adminToken })).body.code).toBe(100404);
    expect((await call(`/v2/material/history/diff?materialId=${id}&from=1&to=1`, { token: s.adminToken })).body.code).toBe(100404);
    expect((await call(`/v2/material/history/diff?materialId=${id}&from=1&to=1`, { token: c.memberToken })).body.code).toBe(100403);
    expect((await call(`/v2/material/history/diff?materialId=${id}&from=1&to=1`, { token: c.adminToken })).body.code).toBe(200);
  });

  it('sees a revert as a new version equal to the old one', async () => {
    const c = await createEnterprise();
    const { id } = await createMaterial(c.companyId, 'twill', { nameCn: '原版' });
    const cards = await getDb().select().from(colorCards).where(eq(colorCards.materialId, id));
    await saveMaterial({ companyId: c.companyId, creatorId: null, categoryId: await categoryId('twill'), nameCn: '改版', attrs: {}, colorCards: cards.map((x) => ({ id: x.id, name: x.name, hex: x.hex, images: [] })), enclosure: [], marketTypes: [1] }, { materialId: id });
    await revertMaterial(c.companyId, c.admin.id, id, 1);
    const d = (await call(`/v2/material/history/diff?materialId=${id}&from=1&to=3`, { token: c.adminToken })).body.data;
    expect(d.attributes.every((a: { change: string }) => a.change === 'same')).toBe(true);
  });
});

describe('export (docs/product/supplier.md#export)', () => {
  const exportFile = (token: string, body: unknown, lang?: string) => send('/v2/material/export', { token, body, lang });
  async function sheetOf(res: Response) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    return workbook.worksheets[0]!;
  }

  it('answers a spreadsheet of the chosen materials in their order, headers in the caller’s language', async () => {
    const res = await exportFile(s.adminToken, { materialIds: [m.jersey, m.twill] }, 'en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="materials-\d{8}\.xlsx"$/);
    const sheet = await sheetOf(res);
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 8)).toEqual(['ID', 'Version', 'Name (Chinese)', 'Name (English)', 'Serial no.', 'Category', 'Market state', 'Color cards']);
    expect(header).toContain('Price');
    expect(header.at(-2)).toBe('Created');
    expect(header.at(-3)).toBe('Documents');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const row = (n: number) => sheet.getRow(n);
    expect(row(2).getCell(1).value).toBe(m.jersey);
    expect(row(2).getCell(7).value).toBe('Overseas');
    expect(row(3).getCell(1).value).toBe(m.twill);
    expect(row(3).getCell(3).value).toBe('阿尔法斜纹');
    expect(row(3).getCell(5).value).toBe('DASH-001');
    expect(String(row(3).getCell(6).value)).toMatch(/\/ /);
    expect(String(row(3).getCell(8).value)).toMatch(/C1 #1b1b1b; C2 #8b5a2b/);
    expect(row(3).getCell(header.indexOf('Price') + 1).value).toBe('12.5');
    expect(row(3).getCell(header.length).value).toBeInstanceOf(Date);
  });

  it('exports the filtered list when no ids are given, in Chinese by default', async () => {
    const sheet = await sheetOf(await exportFile(s.adminToken, { query: { state: 'draft' } }));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
    expect(sheet.getRow(1).getCell(3).value).toBe('中文名称');
    expect(sheet.getRow(2).getCell(1).value).toBe(m.draft);
    expect(sheet.getRow(2).getCell(7).value).toBe('草稿');
  });

  it('refuses another company’s id (100404), bad input (422) and a member without the export permission (100403)', async () => {
    const other = await createEnterprise();
    const theirs = (await createMaterial(other.companyId, 'twill')).id;
    const res = await exportFile(s.adminToken, { materialIds: [m.twill, theirs] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(100404);
    expect((await exportFile(s.adminToken, { materialIds: [] })).status).toBe(422);
    const denied = await exportFile(s.memberToken, { materialIds: [m.twill] });
    expect(((await denied.json()) as { code: number }).code).toBe(100403);
  });
});

describe('tiles by id (docs/product/supplier.md#calls)', () => {
  it('answers published materials and the company’s own, in the order asked', async () => {
    const other = await createEnterprise();
    const theirDraft = (await createMaterial(other.companyId, 'twill', { marketTypes: [] })).id;
    const theirs = (await createMaterial(other.companyId, 'twill')).id;
    const asked = [m.draft, theirDraft, theirs, m.twill, 999999999];
    const own = await call('/v2/material/list/by-ids', { token: s.adminToken, body: { ids: asked } });
    expect(own.body.data.records.map((r: { id: number }) => r.id)).toEqual([m.draft, theirs, m.twill]);
    const guest = await call('/open/v2/material/list/by-ids', { body: { ids: asked } });
    expect(guest.body.data.records.map((r: { id: number }) => r.id)).toEqual([theirs, m.twill]);
    expect(guest.body.data.records[0]).toMatchObject({ id: theirs, supplierInfo: { supplierId: other.companyId } });
    expect((await call('/open/v2/material/list/by-ids', { body: { ids: [] } })).status).toBe(422);
    expect((await call('/open/v2/material/list/by-ids', { body: { ids: Array.from({ length: 201 }, (_, i) => i + 1) } })).status).toBe(422);
  });
});

describe('usage records (docs/product/supplier.md#usage-records)', () => {
  it('records a use of a material the caller can see, and 100404 for one they cannot', async () => {
    const buyer = await createUser();
    const token = await createSession(buyer);
    const res = await call('/material/usage/record/add', { token, body: { materialId: m.twill, kind: 'download' } });
    expect(res.body.code).toBe(200);
    const [row] = await getDb().select().from(materialUsages).where(eq(materialUsages.id, res.body.data.id));
    expect(row).toMatchObject({ materialId: m.twill, userId: buyer.id, companyId: buyer.companyId, kind: 'download' });
    const before = (await getDb().select().from(materialUsages)).length;
    expect((await call('/material/usage/record/add', { token, body: { materialId: m.draft, kind: 'view3d' } })).body.code).toBe(100404);
    expect((await call('/material/usage/record/add', { token, body: { materialId: m.twill, kind: 'print' } })).status).toBe(422);
    expect((await getDb().select().from(materialUsages)).length).toBe(before);
    // The company sees its own draft.
    expect((await call('/material/usage/record/add', { token: s.adminToken, body: { materialId: m.draft, kind: 'view3d' } })).body.code).toBe(200);
  });
});
