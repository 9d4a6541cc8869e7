import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, materials, users } from '../../src/lib/server/db/schema';
import { saveMaterial } from '../../src/lib/server/materials/save-material';
import { forgetListings } from '../../src/lib/server/materials/listing-cache';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { categoryId, createMaterial, seedReferenceData, testImage } from '../fixtures/materials';

const { call } = apiCaller('');
const store = (query: string, lang?: string) => call(`/api/idealab-material/open/v2/material/store?${query}`, { lang });
const detail = (id: number, version = -1, token?: string, lang?: string) => call('/api/idealab-material/open/v2/material/detail', { body: { id, version }, token, lang });

let supplier: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise({ company: { nameEn: 'Test Mills' } });
});

describe('versions (docs/product/catalogue.md#data: every edit is a new version; -1 is the latest)', () => {
  it('keeps each version as it was, answers the latest for -1, and 100404 for a version that never was', async () => {
    const { id, version } = await createMaterial(supplier.companyId, 'twill', { nameCn: '初版斜纹' });
    expect(version).toBe(1);
    const first = (await detail(id)).body.data;
    const cards = first.colorCardList.map((c: { id: number; name: string; colorInfo: { hex: string } }) => ({ id: c.id, name: c.name, hex: c.colorInfo.hex, images: [] }));
    const image = await testImage('#aa3333', supplier.companyId);
    const second = await saveMaterial(
      { companyId: supplier.companyId, creatorId: null, categoryId: first.categoryId, nameCn: '改版斜纹', attrs: { PF_PRICE: 20 }, colorCards: [...cards.map((c: object) => ({ ...c, images: [image] })), { name: 'New', hex: '#aa3333', images: [image] }], enclosure: [], marketTypes: [1] },
      { materialId: id },
    );
    expect(second.version).toBe(2);
    const latest = (await detail(id)).body.data;
    expect(latest).toMatchObject({ version: 2, latestVersion: 2, name: '改版斜纹', price: 20 });
    // Color cards kept their ids across the edit, so references to them survive.
    expect(latest.colorCardList.slice(0, 2).map((c: { id: number }) => c.id)).toEqual(cards.map((c: { id: number }) => c.id));
    const old = (await detail(id, 1)).body.data;
    expect(old).toMatchObject({ version: 1, latestVersion: 2, name: '初版斜纹', price: 12.5 });
    expect(old.colorCardList).toHaveLength(2);
    expect((await detail(id, 3)).body.code).toBe(100404);
  });

  it('refuses an edit by another company', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const other = await createEnterprise();
    await expect(
      saveMaterial({ companyId: other.companyId, creatorId: null, categoryId: await categoryId('twill'), nameCn: 'x', attrs: {}, colorCards: [{ name: 'a', hex: '#000000', images: [] }], enclosure: [], marketTypes: [1] }, { materialId: id }),
    ).rejects.toMatchObject({ code: 100403 });
  });
});

describe('color cards (docs/product/catalogue.md#data color info)', () => {
  it('sorts the default first, keeps Lab and the family for every color, and reports rendering', async () => {
    const { id } = await createMaterial(supplier.companyId, 'jersey', { hexes: [] , colorCards: [
      { name: 'Red', hex: '#C8102E', images: [await testImage('#c8102e')] },
      { name: 'Navy', hex: '#1f3a93', isDefault: true, renderingStatus: 1, images: [await testImage('#1f3a93')] },
    ] });
    const d = (await detail(id)).body.data;
    expect(d.colorCardList.map((c: { name: string }) => c.name)).toEqual(['Navy', 'Red']);
    expect(d.colorCardList[1]).toMatchObject({ colorInfo: { hex: '#c8102e' }, colorFamily: 'red', isDefault: 0 });
    expect(d.colorCardList[0].colorInfo.lab[0]).toBeGreaterThan(20);
    expect(d.renderingInfo.fullyRendered).toBe(false);
    const rows = await getDb().select().from(colorCards).where(eq(colorCards.materialId, id));
    expect(rows.every((r) => Number.isFinite(r.labL) && Number.isFinite(r.labA) && Number.isFinite(r.labB))).toBe(true);
    // Images are signed, sized, and offered as webp and jpg.
    const image = d.colorCardList[0].images[0];
    expect(image.src).toMatch(/^\/api\/img\/\d+\/large\.jpg\?e=\d+&s=/);
    expect(image.webpSrcset).toContain('.webp');
    expect(image.width).toBeGreaterThan(0);
    // The same picture at the larger preset, for the gallery's full-screen viewer.
    expect(image.zoom.src).toMatch(/^\/api\/img\/\d+\/full\.jpg\?e=\d+&s=/);
    expect(image.zoom.src.split('?')[0]).toBe(image.src.split('?')[0].replace('/large.', '/full.'));
  });
});

describe('who sees what', () => {
  it('hides unpublished materials from everyone but their company, and deleted ones from all', async () => {
    const { id } = await createMaterial(supplier.companyId, 'oxford', { marketTypes: [] });
    expect((await detail(id)).body.code).toBe(100404);
    const outsider = await createUser();
    expect((await detail(id, -1, await createSession(outsider))).body.code).toBe(100404);
    const own = await detail(id, -1, supplier.memberToken);
    expect(own.body.data).toMatchObject({ id, isOwner: true, marketTypes: [] });
    expect((await store(`orgId=${supplier.companyId}`)).body.data.records.some((r: { id: number }) => r.id === id)).toBe(false);
    // Written directly, so dropped by hand as every domain function that writes materials does.
    await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, id));
    forgetListings();
    expect((await detail(id, -1, supplier.memberToken)).body.code).toBe(100404);
  });

  it('answers unknown and malformed ids with a clear error, never a 500', async () => {
    expect((await detail(987_654_321)).body.code).toBe(100404);
    const bad = await call('/api/idealab-material/open/v2/material/detail', { body: { id: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields[0].field).toBe('id');
  });
});

describe('the store listing', () => {
  let org: number;
  beforeAll(async () => {
    const mill = await createEnterprise();
    org = mill.companyId;
    const day = 86_400_000;
    await createMaterial(org, 'full-grain', { nameCn: '乙 牛皮', nameEn: 'B cowhide', hexes: ['#6f4e37'], attrs: { PF_PRICE: 30, PF_SEASON: '2', PF_PRODUCT: ['boots'], PF_SHIP_FROM: 'CN-GD' }, createdAt: new Date(Date.now() - 90 * day) });
    await createMaterial(org, 'sheepskin', { nameCn: '甲 羊皮', nameEn: 'A sheepskin', hexes: ['#111111', '#c8102e'], attrs: { PF_PRICE: 40, PF_SEASON: '1', PF_PRODUCT: ['boots', 'bags'], PF_SHIP_FROM: 'CN-GD' }, createdAt: new Date(Date.now() - 2 * day) });
    await createMaterial(org, 'jersey', { nameCn: '丙 汗布', nameEn: 'C jersey', hexes: ['#1f3a93'], attrs: { PF_PRICE: 9, PF_SEASON: '1', PF_PRODUCT: ['apparel'], PF_SHIP_FROM: 'CN-FJ' }, createdAt: new Date(Date.now() - 1 * day) });
  });

  it('lists newest first, with tiles carrying cover, supplier, price, swatches and isNew', async () => {
    const { data } = (await store(`orgId=${org}`)).body;
    expect(data.total).toBe(3);
    expect(data.records.map((r: { name: string }) => r.name)).toEqual(['丙 汗布', '甲 羊皮', '乙 牛皮']);
    expect(data.records[1]).toMatchObject({ price: 40, colors: ['#111111', '#c8102e'], colorCount: 2, isNew: 1 });
    expect(data.records[2].isNew).toBe(0);
    expect(data.records[0].cover.src).toMatch(/\/medium\.jpg/);
  });

  it('sorts by name in the caller’s language, and pages', async () => {
    const en = (await store(`orgId=${org}&sort=name`, 'en')).body.data.records.map((r: { name: string }) => r.name);
    expect(en).toEqual(['A sheepskin', 'B cowhide', 'C jersey']);
    const page2 = (await store(`orgId=${org}&sort=name&page=2&size=2`, 'en')).body.data;
    expect(page2.records.map((r: { name: string }) => r.name)).toEqual(['C jersey']);
    expect(page2.facets).toBeUndefined();
  });

  it('names a chosen facet value no material has, with a zero, so its chip reads as a name', async () => {
    const { data } = (await store(`orgId=${org}&colorFamily=cyan&shipFrom=CN-SH`, 'cn')).body;
    expect(data.total).toBe(0);
    const group = (facet: string) => data.facets.find((f: { facet: string }) => f.facet === facet).values;
    expect(group('colorFamily')).toContainEqual({ value: 'cyan', label: '青色系', count: 0 });
    expect(group('shipFrom')).toContainEqual({ value: 'CN-SH', label: '上海市', count: 0 });
  });

  it('filters by a level-1 category (its children included) or a level-2 one', async () => {
    const leather = await categoryId('leather');
    expect((await store(`orgId=${org}&categoryId=${leather}`)).body.data.total).toBe(2);
    expect((await store(`orgId=${org}&categoryId=${await categoryId('sheepskin')}`)).body.data.total).toBe(1);
  });

  it('counts each facet under the other facets’ filters, in the caller’s language', async () => {
    const { data } = (await store(`orgId=${org}&season=1&product=boots`, 'en')).body;
    expect(data.total).toBe(1);
    const season = data.facets.find((f: { facet: string }) => f.facet === 'season').values;
    // Season counts ignore the season filter but keep the product filter: boots in season 1 and 2.
    expect(season).toEqual(expect.arrayContaining([{ value: '1', label: 'Spring/summer', count: 1 }, { value: '2', label: 'Autumn/winter', count: 1 }]));
    const product = data.facets.find((f: { facet: string }) => f.facet === 'product').values;
    expect(product).toEqual(expect.arrayContaining([{ value: 'boots', label: 'Boots', count: 1 }, { value: 'apparel', label: 'Apparel', count: 1 }]));
    const shipFrom = (await store(`orgId=${org}`, 'en')).body.data.facets.find((f: { facet: string }) => f.facet === 'shipFrom').values;
    expect(shipFrom).toEqual([{ value: 'CN-GD', label: 'Guangdong', count: 2 }, { value: 'CN-FJ', label: 'Fujian', count: 1 }]);
    const families = (await store(`orgId=${org}&colorFamily=red,blue`)).body.data;
    expect(families.records.map((r: { name: string }) => r.name)).toEqual(['丙 汗布', '甲 羊皮']);
  });

  it('answers an unknown category with 100404 and a malformed query with the field, never a 500', async () => {
    expect((await store('categoryId=999999')).body.code).toBe(100404);
    for (const query of ['categoryId=abc', 'sort=price', 'page=0', 'size=1000', 'colorFamily=%3Cscript%3E', 'season=' + 'x'.repeat(60)]) {
      const res = await store(query);
      expect(res.status, query).toBe(422);
      expect(res.body.data.fields.length, query).toBeGreaterThan(0);
    }
  });
});

describe('aliases (docs/product/README.md#users toggle, docs/product/catalogue.md#calls alias calls)', () => {
  it('lists aliases beside their standard names', async () => {
    const second = (await call('/api/idealab-material/alias/category/second', { body: { page: 1, size: 99999 } })).body.data;
    expect(second.records).toEqual(expect.arrayContaining([expect.objectContaining({ sourceName: '头层牛皮', alias: '纳帕', status: 1 })]));
    const fields = (await call('/api/idealab-material/alias/field', { body: {}, lang: 'en' })).body.data;
    expect(fields.records).toEqual(expect.arrayContaining([expect.objectContaining({ sourceName: 'Grammage (g/m²)', alias: 'GSM' })]));
  });

  it('remembers the toggle per user and shows aliases in the detail only when on', async () => {
    const buyer = await createUser();
    const token = await createSession(buyer);
    const { id } = await createMaterial(supplier.companyId, 'full-grain');
    expect((await call('/api/idealab-material/customer/user/stat', { token })).body.data).toEqual({ showAlias: 0 });
    expect((await detail(id, -1, token)).body.data.categoryPath[1].alias).toBeNull();
    expect((await call('/api/idealab-material/customer/user/stat/set-stat', { token, body: { showAlias: 1 } })).body.data).toEqual({ showAlias: 1 });
    const [row] = await getDb().select({ showAliases: users.showAliases }).from(users).where(eq(users.id, buyer.id));
    expect(row?.showAliases).toBe(true);
    const d = (await detail(id, -1, token)).body.data;
    expect(d.categoryPath[1]).toMatchObject({ name: '头层牛皮', alias: '纳帕' });
    expect((await call('/api/idealab-material/customer/user/stat/set-stat', { token, body: { showAlias: 2 } })).status).toBe(422);
  });
});

describe('the supplier’s lifecycle calls (docs/product/catalogue.md#states: on/off market, delete, history and revert)', () => {
  const post = (path: string, token: string, body: unknown) => call(`/api/idealab-material/v2/material/${path}`, { token, body });

  it('takes materials off and puts them on the market per market type, only the company’s own', async () => {
    const { id } = await createMaterial(supplier.companyId, 'cotton-canvas', { marketTypes: [1] });
    expect((await post('off', supplier.adminToken, { materialIds: [id], marketTypes: [1] })).body.data).toEqual({ updated: 1 });
    expect((await detail(id)).body.code).toBe(100404);
    expect((await post('on', supplier.adminToken, { materialIds: [id], marketTypes: [1, 2] })).body.data).toEqual({ updated: 1 });
    expect((await detail(id)).body.data.marketTypes).toEqual([1, 2]);
    // Another company's id spoils the whole request, and changes nothing.
    const other = await createEnterprise();
    const foreign = await createMaterial(other.companyId, 'twill');
    const refused = await post('off', supplier.adminToken, { materialIds: [id, foreign.id], marketTypes: [1] });
    expect(refused.body.code).toBe(100404);
    expect((await detail(id)).body.data.marketTypes).toEqual([1, 2]);
    expect((await post('off', supplier.adminToken, { materialIds: [id], marketTypes: [3] })).status).toBe(422);
  });

  it('needs the material permissions: a member without them is refused, a guest asked to log in', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    expect((await post('delete', supplier.memberToken, { materialIds: [id] })).body.code).toBe(100403);
    expect((await call('/api/idealab-material/v2/material/delete', { body: { materialIds: [id] } })).body.code).toBe(100401);
    expect((await detail(id)).body.code).toBe(200);
  });

  it('deletes softly, lists versions and reverts to an old one as a new version', async () => {
    const { id } = await createMaterial(supplier.companyId, 'satin', { nameCn: '第一版缎' });
    const first = (await detail(id)).body.data;
    await saveMaterial(
      { companyId: supplier.companyId, creatorId: supplier.admin.id, categoryId: first.categoryId, nameCn: '第二版缎', attrs: { PF_PRICE: 99 }, colorCards: [{ name: 'Only', hex: '#222222', images: [await testImage('#222222')] }], enclosure: [], marketTypes: [1] },
      { materialId: id },
    );
    const history = await call(`/api/idealab-material/v2/material/history/version?materialId=${id}`, { token: supplier.adminToken });
    expect(history.body.data.map((v: { version: number; name: string; isLatest: boolean }) => [v.version, v.name, v.isLatest])).toEqual([[2, '第二版缎', true], [1, '第一版缎', false]]);
    const reverted = await post('history/revert', supplier.adminToken, { materialId: id, version: 1 });
    expect(reverted.body.data).toEqual({ id, version: 3 });
    const now = (await detail(id)).body.data;
    expect(now).toMatchObject({ version: 3, name: '第一版缎', price: 12.5 });
    expect(now.colorCardList).toHaveLength(2);
    expect((await post('history/revert', supplier.adminToken, { materialId: id, version: 9 })).body.code).toBe(100404);

    expect((await post('delete', supplier.adminToken, { materialIds: [id] })).body.data).toEqual({ deleted: 1 });
    expect((await detail(id, -1, supplier.adminToken)).body.code).toBe(100404);
    expect((await post('delete', supplier.adminToken, { materialIds: [id] })).body.code).toBe(100404);
    const [row] = await getDb().select({ isDelete: materials.isDelete }).from(materials).where(eq(materials.id, id));
    expect(row?.isDelete).toBe(1);
  });
});
