import { beforeAll, describe, expect, it } from 'vitest';
import { findMaterials } from '../../src/lib/server/materials/find-materials';
import { materialQuerySchema } from '../../src/lib/contracts/materials';
import { createEnterprise } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller('');
const store = (query: string, lang?: string) => call(`/api/idealab-material/open/v2/material/store?${query}`, { lang });
const names = (records: { name: string }[]) => records.map((r) => r.name);

describe('the store by price (docs/product/catalogue.md#filtering-by-price)', () => {
  let org: number;
  beforeAll(async () => {
    await seedReferenceData();
    org = (await createEnterprise()).companyId;
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day);
    const material = (nameCn: string, daysAgo: number, attrs: Record<string, unknown>) => createMaterial(org, 'twill', { nameCn, attrs: { PF_UNIT: 'm', ...attrs }, createdAt: at(daysAgo) });
    await material('便宜', 6, { PF_PRICE: 9.5, PF_CURRENCY: 'CNY' });
    await material('中价旧', 5, { PF_PRICE: 30, PF_CURRENCY: 'CNY' });
    await material('中价新', 4, { PF_PRICE: 30, PF_CURRENCY: 'CNY' });
    await material('贵', 3, { PF_PRICE: 120, PF_CURRENCY: 'CNY' });
    // Neither has a price the domestic store can compare: one is on request, one is listed in dollars.
    await material('面议', 2, { PF_CURRENCY: 'CNY' });
    await material('美元', 1, { PF_PRICE: 20, PF_CURRENCY: 'USD' });
  });

  it('sorts low to high and high to low, ties newest first, with unpriced and foreign-currency materials last both ways', async () => {
    const up = (await store(`orgId=${org}&sort=priceAsc`)).body.data;
    expect(names(up.records)).toEqual(['便宜', '中价新', '中价旧', '贵', '美元', '面议']);
    expect(up.total).toBe(6);
    const down = (await store(`orgId=${org}&sort=priceDesc`)).body.data;
    expect(names(down.records)).toEqual(['贵', '中价新', '中价旧', '便宜', '美元', '面议']);
  });

  it('pages through a price order without repeating or skipping a material', async () => {
    const pages = await Promise.all([1, 2, 3].map(async (page) => names((await store(`orgId=${org}&sort=priceAsc&size=2&page=${page}`)).body.data.records)));
    expect(pages).toEqual([
      ['便宜', '中价新'],
      ['中价旧', '贵'],
      ['美元', '面议'],
    ]);
  });

  it('filters by a range with both bounds included, and leaves out what has no price in the market currency', async () => {
    const both = (await store(`orgId=${org}&minPrice=9.5&maxPrice=30&sort=priceAsc`)).body.data;
    // The dollar material's 20 is inside the range as a number, but not a price in yuan.
    expect(names(both.records)).toEqual(['便宜', '中价新', '中价旧']);
    expect(both.total).toBe(3);
    // Facet counts are counted under the range too.
    const families = both.facets.find((f: { facet: string }) => f.facet === 'colorFamily').values;
    expect(families.length).toBeGreaterThan(0);
    expect(families.map((v: { count: number }) => v.count)).toEqual(families.map(() => 3));
    expect(names((await store(`orgId=${org}&minPrice=30`)).body.data.records)).toEqual(['贵', '中价新', '中价旧']);
    expect(names((await store(`orgId=${org}&maxPrice=10`)).body.data.records)).toEqual(['便宜']);
    expect(names((await store(`orgId=${org}&minPrice=30&maxPrice=30`)).body.data.records)).toEqual(['中价新', '中价旧']);
    expect((await store(`orgId=${org}&minPrice=30.01&maxPrice=119.99`)).body.data.total).toBe(0);
    // An empty box is no bound: the form sends it as `minPrice=`.
    expect((await store(`orgId=${org}&minPrice=&maxPrice=`)).body.data.total).toBe(6);
  });

  it('answers the same through the domain function the store page calls', async () => {
    const query = materialQuerySchema.parse({ orgId: String(org), minPrice: '10', sort: 'priceDesc' });
    const page = await findMaterials(query, { lang: 'cn', marketType: 1 });
    expect(names(page.records)).toEqual(['贵', '中价新', '中价旧']);
  });

  it('refuses a bound that is not a number from 0 up, or a range upside down, naming the field in the caller’s language', async () => {
    for (const [query, field] of [
      ['minPrice=-1', 'minPrice'],
      ['minPrice=abc', 'minPrice'],
      ['maxPrice=Infinity', 'maxPrice'],
      ['maxPrice=100000000000', 'maxPrice'],
      ['minPrice=50&maxPrice=10', 'maxPrice'],
      ['sort=price', 'sort'],
    ] as const) {
      const res = await store(`orgId=${org}&${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.data.fields.map((f: { field: string }) => f.field), query).toEqual([field]);
    }
    const upsideDown = await store(`orgId=${org}&minPrice=50&maxPrice=10`, 'en');
    expect(upsideDown.body.data.fields[0].message).toBe('The lowest price must not be above the highest');
    const negative = await store(`orgId=${org}&minPrice=-1`, 'zh-CN');
    expect(negative.body.data.fields[0].message).toBe('价格须为不小于 0 的数字');
    expect(materialQuerySchema.safeParse({ minPrice: 50, maxPrice: 10 }).success).toBe(false);
  });
});
