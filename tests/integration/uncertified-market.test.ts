/**
 * The market gate for companies that are not certified (docs/product/markets.md#uncertified-companies): at most
 * `UNCERTIFIED_MARKET_LIMIT` materials and material books on the market at once; past it, putting more on answers
 * 400007 with `data.gate = 'company'` (the certification prompt) and nothing changes. Certified companies are unaffected.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNCERTIFIED_MARKET_LIMIT } from '../../src/lib/constants';
import { getDb } from '../../src/lib/server/db/client';
import { companies, materialBooks, materials } from '../../src/lib/server/db/schema';
import { ERROR } from '../../src/lib/errors';
import { apiCaller, type Answer } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();

useTempDataDir('uncertified-market');
const certify = (companyId: number) => getDb().update(companies).set({ corpCerStatus: 2 }).where(eq(companies.id, companyId));

function gated(answer: Answer) {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ code: ERROR.notCertified, data: { gate: 'company' } });
}

beforeAll(async () => {
  await seedReferenceData();
});

describe('materials', () => {
  let supplier: Awaited<ReturnType<typeof createEnterprise>>;
  const drafts: number[] = [];
  const put = (ids: number[], marketTypes = [1], on = true) => call(`/v2/material/${on ? 'on' : 'off'}`, { token: supplier.adminToken, body: { materialIds: ids, marketTypes } });
  const onMarket = async () =>
    (await getDb().select({ n: count() }).from(materials).where(and(eq(materials.companyId, supplier.companyId), eq(materials.onMarketDomestic, 1))))[0]!.n;

  beforeAll(async () => {
    supplier = await createEnterprise();
    for (let i = 0; i <= UNCERTIFIED_MARKET_LIMIT.materials; i += 1) drafts.push((await createMaterial(supplier.companyId, 'twill', { marketTypes: [] })).id);
  });

  it('lets an uncertified company fill the limit, then asks for certification and changes nothing', async () => {
    const limit = UNCERTIFIED_MARKET_LIMIT.materials;
    // All at once past the limit: refused as a whole.
    gated(await put(drafts));
    expect(await onMarket()).toBe(0);

    expect((await put(drafts.slice(0, limit))).status).toBe(200);
    const extra = drafts[limit]!;
    gated(await put([extra]));
    expect(await onMarket()).toBe(limit);
    // A new material saved straight onto the market is held by the same gate (the editor, the import, the API).
    await expect(createMaterial(supplier.companyId, 'twill')).rejects.toMatchObject({ code: ERROR.notCertified });
    expect(await onMarket()).toBe(limit);

    // What is on the market already may go on the other market too, and one off makes room for another.
    expect((await put([drafts[0]!], [2])).status).toBe(200);
    expect((await put([drafts[1]!], [1, 2], false)).status).toBe(200);
    expect((await put([extra])).status).toBe(200);
  });

  it('does not hold back a certified company', async () => {
    await certify(supplier.companyId);
    expect((await put([drafts[1]!])).status).toBe(200);
    expect((await createMaterial(supplier.companyId, 'twill')).id).toBeGreaterThan(0);
    expect(await onMarket()).toBe(UNCERTIFIED_MARKET_LIMIT.materials + 2);
  });
});

describe('material books', () => {
  const ON = '/open/market/v1.4/materalbook/batch/on';

  it('go on the market up to the limit for an uncertified company, and past it once certified', async () => {
    const maker = await createEnterprise();
    const books: number[] = [];
    for (let i = 0; i <= UNCERTIFIED_MARKET_LIMIT.books; i += 1) books.push((await call('/material/book/add', { token: maker.adminToken, body: { name: `Book ${i}` } })).body.data.id);

    gated(await call(ON, { token: maker.adminToken, body: { ids: books } }));
    expect((await call(ON, { token: maker.adminToken, body: { ids: books.slice(0, UNCERTIFIED_MARKET_LIMIT.books) } })).status).toBe(200);
    gated(await call(ON, { token: maker.adminToken, body: { ids: books.slice(-1) } }));
    const live = await getDb().select({ id: materialBooks.id }).from(materialBooks).where(and(inArray(materialBooks.id, books), eq(materialBooks.onMarket, 1)));
    expect(live).toHaveLength(UNCERTIFIED_MARKET_LIMIT.books);
    // Putting on again what is on already is no new publication.
    expect((await call(ON, { token: maker.adminToken, body: { ids: books.slice(0, 1) } })).status).toBe(200);

    await certify(maker.companyId);
    expect((await call(ON, { token: maker.adminToken, body: { ids: books.slice(-1) } })).status).toBe(200);
  });
});
