import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CACHE_FLAG } from '../../src/lib/constants';
import { getDb } from '../../src/lib/server/db/client';
import { seedAddressTree } from '../../src/lib/server/seed/address';
import { apiCaller } from '../fixtures/api';
import { createEnterprise } from '../fixtures/identity';

const { call } = apiCaller('/api');
type Node = { id: number; fullZhName: string; fullEnName: string; children: Node[] };
const post = async (level: string, body?: unknown) => (await call(`/authcenter/mp/address/${level}`, { method: 'POST', body })).body.data as Node[];

beforeAll(async () => {
  await seedAddressTree(getDb());
});

describe('the address tree (docs/product/catalogue.md#data, docs/product/catalogue.md#calls mp/address)', () => {
  it('is seeded once', async () => {
    expect(await seedAddressTree(getDb())).toBe(0);
  });

  it('walks country → province → city → district with both names', async () => {
    const countries = await post('country');
    const china = countries.find((c) => c.fullEnName === 'China');
    expect(china).toMatchObject({ fullZhName: '中国', children: [] });
    expect(countries.map((c) => c.fullEnName)).toEqual(expect.arrayContaining(['Vietnam', 'Italy']));
    const guangdong = (await post('province', { parentId: china?.id })).find((p) => p.fullEnName === 'Guangdong');
    const dongguan = (await post('city', { parentId: guangdong?.id })).find((c) => c.fullZhName === '东莞市');
    expect((await post('district', { parentId: dongguan?.id })).map((d) => d.fullEnName)).toEqual(['Houjie', "Chang'an"]);
    // A parent of another level has no children at this one.
    expect(await post('district', { parentId: china?.id })).toEqual([]);
  });

  it('lists the industry hubs first and serves the whole tree with its cache version', async () => {
    const top = (await call('/idealab-material/address/top/city')).body.data as Node[];
    expect(top.map((c) => c.fullEnName)).toEqual(expect.arrayContaining(['Dongguan', 'Quanzhou', 'Wenzhou']));
    const whole = (await call('/idealab-material/address/tree')).body.data as { version: string; tree: Node[] };
    expect(whole.version).toBe(ADDRESS_CACHE_FLAG);
    const jinjiang = whole.tree.find((c) => c.fullEnName === 'China')?.children.find((p) => p.fullEnName === 'Fujian')?.children.find((c) => c.fullEnName === 'Quanzhou')?.children[0];
    expect(jinjiang?.fullZhName).toBe('晋江市');
  });

  it('refuses a malformed parent id', async () => {
    expect((await call('/authcenter/mp/address/city', { body: { parentId: 'x' } })).status).toBe(422);
  });
});

describe('address/location (docs/product/catalogue.md#calls): where a picker starts', () => {
  it('answers the caller’s company address when it names tree nodes, nulls for guests', async () => {
    expect((await call('/idealab-material/address/location')).body.data).toEqual({ country: null, province: null, city: null });
    const mill = await createEnterprise({ company: { addressCountry: 'CN', addressProvince: 'CN-ZJ', addressCity: 'CN-ZJ-SX' } });
    const { data } = (await call('/idealab-material/address/location', { token: mill.adminToken })).body;
    expect(data.country.fullEnName).toBe('China');
    expect(data.province.fullZhName).toBe('浙江省');
    expect(data.city.fullEnName).toBe('Shaoxing');
  });
});
