import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { materials } from '../../src/lib/server/db/schema';
import { backfillSearchText } from '../../src/lib/server/search/backfill-search-text';
import { materialSearchSchema } from '../../src/lib/contracts/materials';
import { findMaterials } from '../../src/lib/server/materials/find-materials';
import { seedSearchWords } from '../../src/lib/server/seed/search-words';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();
const search = (body: Record<string, unknown>, lang = 'zh-CN') => call('/open/v2/material/search', { body, lang });
const names = (r: { body: { data: { records: { name: string }[] } } }) => r.body.data.records.map((m) => m.name);

let org: number;
beforeAll(async () => {
  await seedReferenceData();
  // A merchant of its own, so other files' materials never match (every search filters by orgId).
  org = (await createEnterprise({ company: { orgName: '晋江飞织科技有限公司', nameEn: 'Jinjiang Flyweave Technology' } })).companyId;
  await createMaterial(org, 'full-grain', { nameCn: '荔枝纹头层牛皮', nameEn: 'Pebble-grain full-grain cowhide', serialNo: 'LT-88001', attrs: { PF_PRICE: 30, PF_COMPOSITION: '100% 牛皮 Cowhide', PF_SEASON: '2' } });
  await createMaterial(org, 'microfiber', { nameCn: '超纤皮 PU 涂层', nameEn: 'Microfiber PU coated', serialNo: 'SY-1002', attrs: { PF_PRICE: 22, PF_PRODUCT: ['sports-shoes'] } });
  await createMaterial(org, 'flyknit', { nameCn: '提花飞织鞋面', nameEn: 'Jacquard flyknit upper', serialNo: 'KN-77', attrs: { PF_PRICE: 40, PF_COMPOSITION: '100% 涤纶 PES' } });
});

describe('text search (docs/product/search.md#calls open/v2/material/search, docs/product/search.md#how-results-are-ranked)', () => {
  it('finds Chinese by 1-, 2- and 3-character queries', async () => {
    expect(names(await search({ keywords: '皮', orgId: org })).sort()).toEqual(['荔枝纹头层牛皮', '超纤皮 PU 涂层'].sort());
    expect(names(await search({ keywords: '牛皮', orgId: org }))).toEqual(['荔枝纹头层牛皮']);
    expect(names(await search({ keywords: '头层牛', orgId: org }))).toEqual(['荔枝纹头层牛皮']);
    // Bigrams must be in order: the characters of 牛头 are in the name, but not as a word.
    expect((await search({ keywords: '牛头', orgId: org })).body.data.total).toBe(0);
  });

  it('finds English words (the last one as a prefix), mixed scripts, serial numbers, categories and suppliers', async () => {
    expect(names(await search({ keywords: 'micro', orgId: org }, 'en'))).toEqual(['Microfiber PU coated']);
    expect(names(await search({ keywords: 'PU 超纤', orgId: org }))).toEqual(['超纤皮 PU 涂层']);
    expect(names(await search({ keywords: 'lt-88001', orgId: org }))).toEqual(['荔枝纹头层牛皮']);
    // The category (飞织 / Flyknit) and the supplier's name are searchable too. Flyknit is a synonym of 飞织, which
    // the supplier's name holds: all three match, the one with it in its name and category first.
    const flyknit = names(await search({ keywords: 'flyknit', orgId: org }));
    expect(flyknit[0]).toBe('提花飞织鞋面');
    expect(flyknit).toHaveLength(3);
    expect((await search({ keywords: '飞织科技', orgId: org })).body.data.total).toBe(3);
    // Attribute values: composition and dictionary labels in both languages.
    expect(names(await search({ keywords: '涤纶', orgId: org }))).toEqual(['提花飞织鞋面']);
    expect(names(await search({ keywords: 'autumn', orgId: org }))).toEqual(['荔枝纹头层牛皮']);
  });

  it('ranks name matches above matches in other fields', async () => {
    // 牛皮 is in one name and in another material's... composition only; the name match comes first.
    await createMaterial(org, 'pigskin', { nameCn: '猪皮里衬', attrs: { PF_PRICE: 5, PF_COMPOSITION: '牛皮 30% 猪皮 70%' } });
    expect(names(await search({ keywords: '牛皮', orgId: org })).slice(0, 2)).toEqual(['荔枝纹头层牛皮', '猪皮里衬']);
  });

  it('combines with the store’s filters and facets, and answers bad input clearly', async () => {
    const found = await search({ keywords: '皮', orgId: org, season: ['2'] });
    expect(names(found)).toEqual(['荔枝纹头层牛皮']);
    expect(found.body.data.facets.find((f: { facet: string }) => f.facet === 'season')).toBeDefined();
    expect((await search({ keywords: '！！！', orgId: org })).body.data).toMatchObject({ total: 0, records: [] });
    expect((await search({ keywords: '', orgId: org })).status).toBe(422);
    expect((await search({ keywords: 'x'.repeat(51) })).status).toBe(422);
    expect((await search({ keywords: "o'brien ) & | !", orgId: org })).status).toBe(200);
  });
});

describe('indexing materials saved before search existed', () => {
  it('fills search_text from the latest version at start, and only where it is missing', async () => {
    const { id } = await createMaterial(org, 'satin', { nameCn: '真丝缎面' });
    await getDb().update(materials).set({ searchText: null }).where(eq(materials.id, id));
    expect((await search({ keywords: '真丝', orgId: org })).body.data.total).toBe(0);
    expect(await backfillSearchText(getDb())).toBeGreaterThanOrEqual(1);
    expect(names(await search({ keywords: '真丝', orgId: org }))).toEqual(['真丝缎面']);
    expect(await backfillSearchText(getDb())).toBe(0);
  });
});

describe('search history (docs/product/search.md#states: newest first, de-duplicated, top 20; docs/product/search.md#calls his-keyword)', () => {
  const history = async (token: string) => (await call('/v2/material/search/his-keyword', { token })).body.data.map((w: { word: string }) => w.word);
  const searchAs = (token: string, keywords: string) => call('/open/v2/material/search', { token, body: { keywords, orgId: org } });

  it('remembers a signed-in user’s searches newest first without duplicates, keeps 20, and forgets on request', async () => {
    const token = await createSession(await createUser());
    for (const word of ['牛皮', 'mesh', '牛皮', '飞织']) await searchAs(token, word);
    expect(await history(token)).toEqual(['飞织', '牛皮', 'mesh']);
    for (let i = 0; i < 25; i += 1) await searchAs(token, `w${i}`);
    const kept = await history(token);
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('w24');
    expect(kept).not.toContain('飞织');
    const del = await call('/v2/material/search/his-keyword/del?word=w24', { token });
    expect(del.body.data).toEqual({ deleted: 1 });
    expect((await history(token))[0]).toBe('w23');
    const crossSite = await call('/v2/material/search/his-keyword/del', { token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    await call('/v2/material/search/his-keyword/del', { token });
    expect(await history(token)).toEqual([]);
  });

  it('is for signed-in users: a guest’s search is not remembered and the history asks for login', async () => {
    expect((await search({ keywords: '牛皮', orgId: org })).status).toBe(200);
    expect((await call('/v2/material/search/his-keyword')).body.code).toBe(100401);
  });

  it('offers hot words and shading words in the caller’s language', async () => {
    await seedSearchWords(getDb());
    const cn = (await call('/open/v2/material/search/keyword', { lang: 'zh-CN' })).body.data;
    expect(cn.hotWords[0]).toEqual({ word: '头层牛皮' });
    expect(cn.hotWords).toContainEqual({ word: '秋冬新品', linkTo: '/main/material-store?season=2' });
    expect(cn.shadingWords.length).toBeGreaterThan(1);
    const en = (await call('/open/v2/material/search/hot-list', { lang: 'en' })).body.data;
    expect(en[0]).toEqual({ word: 'nappa' });
  });
});

describe('ranking a capped candidate set (docs/product/search.md#how-results-are-ranked)', () => {
  it('ranks only the newest candidates, and its total matches what the pages return', async () => {
    const mill = (await createEnterprise()).companyId;
    const day = 86_400_000;
    await createMaterial(mill, 'twill', { nameCn: '斜纹布 旧', createdAt: new Date(Date.now() - 3 * day) });
    await createMaterial(mill, 'twill', { nameCn: '斜纹布 中', createdAt: new Date(Date.now() - 2 * day) });
    await createMaterial(mill, 'twill', { nameCn: '斜纹布 新', createdAt: new Date(Date.now() - 1 * day) });
    const query = materialSearchSchema.parse({ keywords: '斜纹布', orgId: mill });
    const capped = await findMaterials(query, { lang: 'cn', marketType: 1, rankCandidates: 2 });
    expect(capped.total).toBe(2);
    expect(capped.records.map((r) => r.name).sort()).toEqual(['斜纹布 中', '斜纹布 新']);
    expect((await findMaterials({ ...query, sort: 'newest' }, { lang: 'cn', marketType: 1, rankCandidates: 2 })).total).toBe(3);
  });
});

describe('a merchant’s own material search (docs/product/search.md#calls merchant/material/search/{x}, newest/{x})', () => {
  const post = (orgId: number | string, body: unknown) => call(`/open/v2/merchant/material/search/${orgId}`, { body });

  it('searches only that merchant’s materials, most relevant first, or lists them all without keywords', async () => {
    const other = (await createEnterprise()).companyId;
    await createMaterial(other, 'full-grain', { nameCn: '别家牛皮' });
    const mine = await post(org, { keywords: '牛皮' });
    expect(mine.body.data.records.map((r: { name: string }) => r.name)).not.toContain('别家牛皮');
    expect(mine.body.data.records[0].name).toBe('荔枝纹头层牛皮');
    expect((await post(other, { keywords: '牛皮' })).body.data.records.map((r: { name: string }) => r.name)).toEqual(['别家牛皮']);
    expect((await post(other, {})).body.data.total).toBe(1);
    expect((await post('abc', {})).status).toBe(422);
  });

  it('lists a merchant’s newest materials', async () => {
    const { data } = (await call(`/open/v2/merchant/material/search/newest/${org}?size=2`)).body;
    expect(data.records).toHaveLength(2);
    expect(new Date(data.records[0].gmtCreateTime).getTime()).toBeGreaterThanOrEqual(new Date(data.records[1].gmtCreateTime).getTime());
  });
});
