/**
 * Merchants (docs/product/catalogue.md#calls merchant/search/list and choiceness, company/getcompanyinfo/orgid/v2, follow/add, follow/remove,
 * my-follow-list; docs/product/catalogue.md#states follow): real supplier companies with profiles and published materials.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { merchantProfiles } from '../../src/lib/server/db/schema';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData, testImage } from '../fixtures/materials';

const { call } = apiCaller();

const search = (body: object, lang?: string, token?: string) => call('/open/v2/merchant/search/list', { body, lang, token });
const follow = (supplierId: number, token?: string) => call('/follow/add', { body: { supplierId }, token });
const unfollow = (supplierId: number, token?: string, site = 'same-origin') => call(`/follow/remove?supplierId=${supplierId}`, { token, headers: { 'sec-fetch-site': site } });
const info = (orgId: number, token?: string, lang?: string) => call(`/company/getcompanyinfo/orgid/v2?orgId=${orgId}`, { token, lang });
const materialSupplier = async (id: number, token?: string) => (await call('/open/v2/material/detail', { body: { id, version: -1 }, token })).body.data.supplierInfo;
type Card = { orgId: number; orgName: string; isFollow: number; followCount: number; isChoiceness: number; materialCount: number; previews: unknown[] };

// One run's names: other test files share the database, so searches look for this tag only.
const tag = randomUUID().slice(0, 8);
useTempDataDir('merchants');
let tannery: number;
let tanneryTwill: number;
let mill: number;
let buyer: string;

async function merchant(orgName: string, nameEn: string, profile: Partial<typeof merchantProfiles.$inferInsert> = {}) {
  const e = await createEnterprise({ company: { orgName, nameEn, addressProvince: 'CN-FJ', mainProducts: ['sports-shoes', 'boots'], corpCerStatus: 2, introduction: '测试简介' } });
  await getDb()
    .insert(merchantProfiles)
    .values({ companyId: e.companyId, logoImageId: (await testImage('#336699', e.companyId)).id, sloganCn: '测试口号', sloganEn: 'A test slogan', ...profile });
  return e;
}

beforeAll(async () => {
  await seedReferenceData();
  tannery = (await merchant(`青岚皮革${tag}有限公司`, `Qinglan Leather ${tag} Co.`)).companyId;
  mill = (await merchant(`织美纺织${tag}有限公司`, `Zhimei Textiles ${tag} Co.`, { isChoiceness: 1 })).companyId;
  tanneryTwill = (await createMaterial(tannery, 'twill')).id;
  await createMaterial(tannery, 'jersey');
  await createMaterial(mill, 'jersey');
  const user = await createUser({ role: 1 });
  buyer = await createSession(user);
});

describe('merchant search (docs/product/catalogue.md#calls merchant/search/list)', () => {
  it('finds a merchant by its Chinese name and answers in Chinese, with counts and newest covers', async () => {
    const { status, body } = await search({ keyword: `皮革${tag}`, page: 1, size: 12 });
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    const [card] = body.data.records as Card[];
    expect(card).toMatchObject({ orgId: tannery, id: tannery, orgName: `青岚皮革${tag}有限公司`, materialCount: 2, followCount: 0, isFollow: 0, isChoiceness: 0, slogan: '测试口号' });
    expect(card?.previews).toHaveLength(2);
    expect(body.data.records[0].mainProducts).toEqual(['运动鞋', '靴子']);
    expect(body.data.records[0].logo.src).toMatch(/^\/api\/img\/\d+\/tiny\.jpg/);
  });

  it('finds it by its English name, case-insensitively, and answers in English', async () => {
    const { body } = await search({ keyword: `qinglan leather ${tag}` }, 'en');
    expect(body.data.records.map((r: Card) => r.orgName)).toEqual([`Qinglan Leather ${tag} Co.`]);
    expect(body.data.records[0].mainProducts).toEqual(['Sports shoes', 'Boots']);
  });

  it('pages, finds nothing for an unknown name, and treats LIKE wildcards as text', async () => {
    const both = await search({ keyword: tag, page: 1, size: 1 });
    expect(both.body.data.total).toBe(2);
    expect(both.body.data.records).toHaveLength(1);
    // The platform pick comes first.
    expect(both.body.data.records[0].orgId).toBe(mill);
    expect((await search({ keyword: tag, page: 2, size: 1 })).body.data.records[0].orgId).toBe(tannery);
    expect((await search({ keyword: `${tag}-nobody` })).body.data).toEqual({ records: [], total: 0 });
    expect((await search({ keyword: `%${tag}` })).body.data.total).toBe(0);
  });

  it('refuses a bad page or an over-long keyword (422) instead of failing', async () => {
    const res = await search({ keyword: 'x'.repeat(51) }, 'en');
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0].field).toBe('keyword');
    expect((await search({ page: 0 })).status).toBe(422);
  });
});

describe('platform picks (docs/product/catalogue.md#calls merchant/search/choiceness)', () => {
  it('lists only picks', async () => {
    const { body } = await call('/open/v2/merchant/search/choiceness', { body: { page: 1, size: 60 } });
    const ids = (body.data.records as Card[]).map((r) => r.orgId);
    expect(ids).toContain(mill);
    expect(ids).not.toContain(tannery);
    expect((body.data.records as Card[]).every((r) => r.isChoiceness === 1)).toBe(true);
  });
});

describe('merchant detail (docs/product/catalogue.md#calls company/getcompanyinfo/orgid/v2)', () => {
  it('answers business information in the caller’s language', async () => {
    const { status, body } = await info(tannery, undefined, 'en');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ orgId: tannery, orgName: `Qinglan Leather ${tag} Co.`, nameEn: `Qinglan Leather ${tag} Co.`, certified: true, materialCount: 2, newMaterialCount: 2, introduction: '测试简介' });
  });

  it('answers 100404 for a company that is not a merchant, and 422 for a malformed id', async () => {
    const personal = await createUser();
    const res = await info(personal.companyId);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(100404);
    expect((await info(0)).status).toBe(422);
    expect((await call('/company/getcompanyinfo/orgid/v2?orgId=abc')).status).toBe(422);
  });
});

describe('following (docs/product/catalogue.md#states follow: isFollow toggles, followCount ±1)', () => {
  it('follows once however often it is asked, and unfollows', async () => {
    const before = (await info(tannery)).body.data.followCount as number;
    const first = await follow(tannery, buyer);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ isFollow: 1, followCount: before + 1 });
    expect((await follow(tannery, buyer)).body.data).toEqual({ isFollow: 1, followCount: before + 1 });
    expect((await info(tannery, buyer)).body.data).toMatchObject({ isFollow: 1, followCount: before + 1 });
    // A guest sees the count, never someone else's follow.
    expect((await info(tannery)).body.data).toMatchObject({ isFollow: 0, followCount: before + 1 });
    // A material's detail tells the same, for the same viewer: its count is the supplier's alone, with another
    // supplier followed too.
    await follow(mill, buyer);
    const viaDetail = await materialSupplier(tanneryTwill, buyer);
    expect(viaDetail).toMatchObject({ supplierId: tannery, isFollow: 1 });
    expect(viaDetail.followCount).toBe((await info(tannery)).body.data.followCount);
    expect(await materialSupplier(tanneryTwill)).toMatchObject({ isFollow: 0 });

    const off = await unfollow(tannery, buyer);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ isFollow: 0, followCount: before });
    expect(await materialSupplier(tanneryTwill, buyer)).toMatchObject({ isFollow: 0 });
    await unfollow(mill, buyer);
    expect((await unfollow(tannery, buyer)).body.data).toEqual({ isFollow: 0, followCount: before });
  });

  it('refuses an unfollow from another site (the GET (docs/product/catalogue.md#calls) changes state), and changes nothing', async () => {
    await follow(mill, buyer);
    const count = (await info(mill)).body.data.followCount as number;
    const res = await unfollow(mill, buyer, 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(100403);
    expect((await info(mill, buyer)).body.data).toMatchObject({ isFollow: 1, followCount: count });
    await unfollow(mill, buyer);
  });

  it('asks a guest to log in (100401)', async () => {
    const res = await follow(tannery);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(100401);
    expect((await unfollow(tannery)).body.code).toBe(100401);
    expect((await call('/v2/merchant/search/my-follow-list', { body: {} })).body.code).toBe(100401);
  });

  it('answers 100404 for a company that is not a merchant, and changes nothing', async () => {
    const personal = await createUser();
    const res = await follow(personal.companyId, buyer);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(100404);
    expect((await follow(Number.MAX_SAFE_INTEGER, buyer)).body.code).toBe(100404);
    expect((await follow(-1, buyer)).status).toBe(422);
  });

  it('refuses to let a supplier follow its own company', async () => {
    const own = await merchant(`自家${tag}`, `Own ${tag}`);
    const res = await follow(own.companyId, own.adminToken);
    expect(res.status).toBe(422);
    expect((await info(own.companyId)).body.data.followCount).toBe(0);
  });
});

describe('followed merchants (docs/product/catalogue.md#calls my-follow-list)', () => {
  it('lists exactly the merchants the caller follows, marked followed', async () => {
    const someone = await createSession(await createUser({ role: 1 }));
    const list = async () => (await call('/v2/merchant/search/my-follow-list', { body: { page: 1, size: 60 }, token: someone })).body.data;
    expect(await list()).toEqual({ records: [], total: 0 });
    await follow(tannery, someone);
    await follow(mill, someone);
    // Another buyer's follows are theirs alone.
    await follow(tannery, buyer);
    const both = await list();
    expect(both.total).toBe(2);
    expect((both.records as Card[]).map((r) => r.orgId).sort((a, b) => a - b)).toEqual([tannery, mill].sort((a, b) => a - b));
    expect((both.records as Card[]).every((r) => r.isFollow === 1)).toBe(true);
    await unfollow(mill, someone);
    expect((await list()).records.map((r: Card) => r.orgId)).toEqual([tannery]);
  });
});
