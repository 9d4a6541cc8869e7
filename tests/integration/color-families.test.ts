import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, materialFacets, materialVersions } from '../../src/lib/server/db/schema';
import { reclassifyColorFamilies } from '../../src/lib/server/colors/reclassify-color-families';
import { apiCaller } from '../fixtures/api';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();
const store = (query: string) => call(`/open/v2/material/store?orgId=${org}&${query}`);
const detail = (id: number) => call('/open/v2/material/detail', { body: { id, version: -1 } });

let org: number;
let id: number;
beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise({ company: { orgName: '色系重排测试有限公司', nameEn: 'Family Refile Co' } })).companyId;
  ({ id } = await createMaterial(org, 'full-grain', { nameCn: '驼色藏青牛皮', hexes: ['#c19a6b', '#1f2a44'] }));
});

/** What an install saved before the current rules holds: camel filed as yellow, navy as black, everywhere. */
async function fileAsBefore(materialId: number) {
  const db = getDb();
  const before = { '#c19a6b': 'yellow', '#1f2a44': 'black' };
  for (const [hex, family] of Object.entries(before)) await db.update(colorCards).set({ colorFamily: family }).where(and(eq(colorCards.materialId, materialId), eq(colorCards.hex, hex)));
  await db.delete(materialFacets).where(and(eq(materialFacets.materialId, materialId), eq(materialFacets.facet, 'colorFamily')));
  await db.insert(materialFacets).values(Object.values(before).map((value) => ({ materialId, facet: 'colorFamily', value })));
  await db.execute(sql`
    update ${materialVersions} set data = jsonb_set(data, '{colorCards}', (
      select jsonb_agg(jsonb_set(card, '{colorFamily}', to_jsonb(${JSON.stringify(before)}::jsonb ->> (card ->> 'hex'))) order by n)
        from jsonb_array_elements(data -> 'colorCards') with ordinality as t(card, n)))
     where material_id = ${materialId}`);
}

describe('refiling cards saved under older color-family rules (docs/product/search.md#families)', () => {
  it('corrects the cards, the store’s family facet and the version snapshots, once', async () => {
    await fileAsBefore(id);
    const facets = async () => (await getDb().select({ value: materialFacets.value }).from(materialFacets).where(and(eq(materialFacets.materialId, id), eq(materialFacets.facet, 'colorFamily')))).map((f) => f.value).sort();
    expect(await facets()).toEqual(['black', 'yellow']);

    expect(await reclassifyColorFamilies(getDb())).toBeGreaterThanOrEqual(2);

    const cards = await getDb().select({ hex: colorCards.hex, family: colorCards.colorFamily }).from(colorCards).where(eq(colorCards.materialId, id));
    expect(Object.fromEntries(cards.map((c) => [c.hex, c.family]))).toEqual({ '#c19a6b': 'brown', '#1f2a44': 'blue' });
    expect(await facets()).toEqual(['blue', 'brown']);
    // The store counts by those facets (asked only now: it keeps a filter's total for a while).
    expect((await store('colorFamily=yellow')).body.data.total).toBe(0);
    expect((await store('colorFamily=brown')).body.data.total).toBe(1);
    expect((await store('colorFamily=blue')).body.data.total).toBe(1);
    const shown = (await detail(id)).body.data.colorCardList.map((c: { colorFamily: string }) => c.colorFamily);
    expect(shown.sort()).toEqual(['blue', 'brown']);
    const [snapshot] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(eq(materialVersions.materialId, id));
    expect((snapshot!.data.colorCards as { colorFamily: string }[]).map((c) => c.colorFamily).sort()).toEqual(['blue', 'brown']);

    // Everything is filed right now: a second start changes nothing.
    await reclassifyColorFamilies(getDb());
    const again = await getDb().select({ family: colorCards.colorFamily }).from(colorCards).where(eq(colorCards.materialId, id));
    expect(again.map((c) => c.family).sort()).toEqual(['blue', 'brown']);
  });
});
