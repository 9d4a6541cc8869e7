import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { materialImages, materials } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { createEnterprise } from '../fixtures/identity';
import { categoryId, createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller('/api');
const post = (path: string, body: unknown, lang?: string) => call(path, { body, lang });
const byColor = (body: Record<string, unknown>, lang?: string) => post('/idealab-material/open/v2/material/search/color', { orgId: org, ...body }, lang);
const names = (r: { body: { data: { records: { name: string }[] } } }) => r.body.data.records.map((m) => m.name);

let org: number;
beforeAll(async () => {
  await seedReferenceData();
  // A merchant of its own: other files' materials never match (every search filters by orgId).
  org = (await createEnterprise({ company: { orgName: '色卡测试有限公司', nameEn: 'Swatch Test Co' } })).companyId;
  const day = (n: number) => new Date(Date.UTC(2025, 0, n));
  await createMaterial(org, 'full-grain', { nameCn: '正红牛皮', hexes: ['#1b1b1b', '#c8102e'], createdAt: day(1) });
  await createMaterial(org, 'microfiber', { nameCn: '暗红超纤', hexes: ['#b01028'], createdAt: day(2) });
  await createMaterial(org, 'flyknit', { nameCn: '橙红飞织', hexes: ['#e0502a', '#d83a2e'], createdAt: day(3) });
  await createMaterial(org, 'microfiber', { nameCn: '蓝色超纤', hexes: ['#1f3a93'], createdAt: day(4) });
  // The same red as 正红牛皮, newer: a tie goes to it.
  await createMaterial(org, 'flyknit', { nameCn: '正红飞织', hexes: ['#c8102e'], createdAt: day(5) });
  const hidden = await createMaterial(org, 'full-grain', { nameCn: '未上架红', hexes: ['#c8102e'], marketTypes: [] });
  const deleted = await createMaterial(org, 'full-grain', { nameCn: '已删除红', hexes: ['#c8102e'] });
  await getDb().update(materials).set({ onMarketDomestic: 0 }).where(eq(materials.id, hidden.id));
  await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, deleted.id));
});

describe('search by color (docs/product/search.md#how-results-are-ranked: CIEDE2000)', () => {
  it('lists nearest first by the best-matching card, ties newest first, and leaves out colors past the tolerance', async () => {
    const found = await byColor({ color: '#c8102e', tolerance: 15 });
    expect(found.status).toBe(200);
    expect(names(found)).toEqual(['正红飞织', '正红牛皮', '暗红超纤', '橙红飞织']);
    expect(found.body.data.total).toBe(4);
    const [first, second, third, fourth] = found.body.data.records;
    expect(first.match).toMatchObject({ hex: '#c8102e', deltaE: 0 });
    // 正红牛皮's black card does not match; its red card does.
    expect(second.match).toMatchObject({ hex: '#c8102e', name: 'C2', deltaE: 0 });
    expect(third.match.deltaE).toBeGreaterThan(0);
    expect(third.match.deltaE).toBeLessThanOrEqual(fourth.match.deltaE);
    // Of 橙红飞织's two cards, the nearer one.
    expect(fourth.match.hex).toBe('#d83a2e');
    expect(first.supplierInfo.supplierId).toBe(org);
    expect(first.colors).toEqual(['#c8102e']);
  });

  it('shows the matched card’s picture on the tile, not the material’s cover', async () => {
    const [, leather] = (await byColor({ color: '#c8102e', tolerance: 1 })).body.data.records;
    expect(leather.name).toBe('正红牛皮');
    // Its cover is the default card's picture (black); the red card matched.
    const pictureOf = async (colorCardId: number) => (await getDb().select({ id: materialImages.imageId }).from(materialImages).where(eq(materialImages.colorCardId, colorCardId)))[0]!.id;
    const red = await pictureOf(leather.match.colorCardId);
    expect(leather.cover.src).toContain(`/api/img/${red}/medium.jpg`);
    const store = (await call(`/idealab-material/open/v2/material/store?orgId=${org}&size=60`, {})).body.data.records.find((r: { id: number }) => r.id === leather.id);
    expect(store.cover.src).not.toContain(`/api/img/${red}/`);
  });

  it('narrows with the tolerance, paginates and accepts rgb() and r,g,b', async () => {
    expect(names(await byColor({ color: 'rgb(200, 16, 46)', tolerance: 1 }))).toEqual(['正红飞织', '正红牛皮']);
    const page2 = await byColor({ color: '200,16,46', tolerance: 15, page: 2, size: 3 });
    expect(names(page2)).toEqual(['橙红飞织']);
    expect(page2.body.data.total).toBe(4);
    expect(names(await byColor({ color: '#1f3a93', tolerance: 5 }))).toEqual(['蓝色超纤']);
    expect((await byColor({ color: '#00ff00', tolerance: 5 })).body.data).toEqual({ records: [], total: 0 });
  });

  it('filters by category', async () => {
    expect(names(await byColor({ color: '#c8102e', tolerance: 15, categoryId: await categoryId('flyknit') }))).toEqual(['正红飞织', '橙红飞织']);
    expect((await byColor({ color: '#c8102e', categoryId: 99_999_999 })).status).toBe(404);
  });

  it('answers bad input with 422', async () => {
    for (const body of [{ color: '#ggg000' }, { color: 'red' }, { color: '256,0,0' }, {}, { color: '#c8102e', tolerance: 31 }, { color: '#c8102e', tolerance: 0 }, { color: '#c8102e', tolerance: 'x' }]) {
      const res = await byColor(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const res = await byColor({ color: 'nope' }, 'en');
    expect(res.body.data.fields).toEqual([{ field: 'color', message: 'Invalid value' }]);
  });
});

describe('rgb-to-family (docs/product/search.md#calls third-platform-center)', () => {
  const family = (rgb: unknown, lang?: string) => post('/third-platform-center/color-card/rgb-to-family', rgb === undefined ? {} : { rgb }, lang);

  it('files a color under a family labelled in the caller’s language', async () => {
    expect((await family('200,16,46')).body.data).toEqual({ family: 'red', label: '红色系', hex: '#c8102e', lab: expect.any(Array) });
    expect((await family('rgb(31, 58, 147)', 'en')).body.data).toMatchObject({ family: 'blue', label: 'Blues', hex: '#1f3a93' });
    expect((await family('#FFFFFF', 'en')).body.data).toMatchObject({ family: 'white', label: 'Whites', lab: [100, 0, 0] });
    // Nothing given: the default 0,0,0.
    expect((await family(undefined, 'en')).body.data).toMatchObject({ family: 'black', hex: '#000000' });
  });

  it('answers what is not an RGB color with 422', async () => {
    for (const rgb of ['#12345', '300,0,0', 'rgb(1,2)', 'blue', 42]) expect((await family(rgb)).status, String(rgb)).toBe(422);
  });
});
