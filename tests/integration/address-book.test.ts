/**
 * The buyer's address book (docs/product/sampling.md#calls buyer/address list|add|update|remove|default, /address-book): every rule of the
 * domain through the API, with real users, sessions and the seeded address tree.
 */
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes } from '../../src/lib/server/db/schema';
import { seedAddressTree } from '../../src/lib/server/seed/address';
import { createSession, createUser } from '../fixtures/identity';
import { apiCaller, type Json } from '../fixtures/api';

const { call } = apiCaller('/api/idealab-material/buyer/address/');
type Address = { id: number; receiver: string; phone: string; country: string; province: string | null; city: string | null; district: string | null; isDefault: number; postcode: string | null; detail: string };


const node: Record<string, number> = {};
let n = 0;
const dongguan = () => ({ countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: node['CN-GD-DG-HM'] });
const valid = (extra: object = {}) => ({ receiver: `张三${++n}`, phone: '13800138000', ...dongguan(), detail: '厚街镇新塘工业区 8 号', postcode: '523960', ...extra });
const list = async (token: string, lang?: string) => (await call('list', { token, lang })).body.data as Address[];
const add = (token: string, body: object, lang?: string) => call('add', { token, body, lang });
async function newBuyer() {
  return createSession(await createUser({ role: 1 }));
}
const field = (body: Json) => (body.data?.fields ?? []).map((f: { field: string }) => f.field);

beforeAll(async () => {
  await seedAddressTree(getDb());
  const codes = ['CN', 'CN-GD', 'CN-GD-DG', 'CN-GD-DG-HM', 'CN-GD-GZ', 'CN-FJ', 'CN-FJ-QZ', 'CN-HE', 'CN-HE-XJ', 'IT', 'IT-TOS'];
  for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, codes))) node[row.code] = row.id;
});

describe('the address book: session access', () => {
  it('refuses guests on every call', async () => {
    expect((await call('list')).body.code).toBe(100401);
    expect((await call('add', { body: valid() })).body.code).toBe(100401);
    expect((await call('default', { body: { id: 1 } })).body.code).toBe(100401);
  });
});

describe('adding, listing and the default', () => {
  it('stores an address, names its places in the caller’s language, and makes the first one the default', async () => {
    const token = await newBuyer();
    expect(await list(token)).toEqual([]);
    const { status, body } = await add(token, valid({ phone: '138 0013-8000' }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ country: '中国', province: '广东省', city: '东莞市', district: '厚街镇', phone: '13800138000', isDefault: 1, postcode: '523960' });
    const [en] = await list(token, 'en');
    expect(en).toMatchObject({ country: 'China', province: 'Guangdong', city: 'Dongguan', district: 'Houjie', isDefault: 1 });
    const second = (await add(token, valid())).body.data as Address;
    expect(second.isDefault).toBe(0);
    const third = (await add(token, valid({ postcode: '' }))).body.data as Address;
    expect(third.postcode).toBeNull();
    // The default first, then the newest.
    expect((await list(token)).map((a) => a.id)).toEqual([en?.id, third.id, second.id]);
  });

  it('setting a default clears the old one; removing the default promotes the newest remaining', async () => {
    const token = await newBuyer();
    const a = (await add(token, valid())).body.data as Address;
    const b = (await add(token, valid())).body.data as Address;
    const c = (await add(token, valid())).body.data as Address;
    expect((await call('default', { token, body: { id: b.id } })).body.data).toEqual({ defaultId: b.id });
    const after = await list(token);
    expect(after.filter((x) => x.isDefault === 1).map((x) => x.id)).toEqual([b.id]);
    expect(after[0]?.id).toBe(b.id);
    // Setting it again changes nothing.
    expect((await call('default', { token, body: { id: b.id } })).status).toBe(200);
    expect((await call('remove', { token, body: { id: b.id } })).body.data).toEqual({ defaultId: c.id });
    expect((await list(token)).map((x) => [x.id, x.isDefault])).toEqual([
      [c.id, 1],
      [a.id, 0],
    ]);
    // Removing a non-default keeps the default.
    expect((await call('remove', { token, body: { id: a.id } })).body.data).toEqual({ defaultId: c.id });
    expect((await call('remove', { token, body: { id: c.id } })).body.data).toEqual({ defaultId: null });
    expect(await list(token)).toEqual([]);
    // After emptying the book the next address is the default again.
    expect(((await add(token, valid())).body.data as Address).isDefault).toBe(1);
  });

  it('updates an address and keeps its default flag', async () => {
    const token = await newBuyer();
    const a = (await add(token, valid())).body.data as Address;
    const { status, body } = await call('update', { token, lang: 'en', body: { id: a.id, ...valid({ receiver: 'Li Si', phone: '+390212345678', countryId: node.IT, provinceId: node['IT-TOS'], cityId: null, districtId: null, postcode: null }) } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: a.id, receiver: 'Li Si', phone: '+390212345678', country: 'Italy', province: 'Tuscany', city: null, district: null, isDefault: 1, postcode: null });
  });

  it('refuses the 21st address with a clear message', async () => {
    const token = await newBuyer();
    for (let i = 0; i < 20; i += 1) expect((await add(token, valid())).status).toBe(200);
    const refused = await add(token, valid(), 'en');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(300070);
    expect(refused.body.msg).toMatch(/at most 20 addresses/);
    expect(await list(token)).toHaveLength(20);
  });
});

describe('another user’s address', () => {
  it('is not found for update, remove and default, and is never touched', async () => {
    const owner = await newBuyer();
    const other = await newBuyer();
    const mine = (await add(owner, valid())).body.data as Address;
    await add(other, valid());
    for (const [route, body] of [
      ['update', { id: mine.id, ...valid({ receiver: 'Mallory' }) }],
      ['remove', { id: mine.id }],
      ['default', { id: mine.id }],
    ] as const) {
      const res = await call(route, { token: other, body, lang: 'en' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(100404);
      expect(res.body.msg).toBe('This address does not exist or has been removed');
    }
    const [still] = await list(owner);
    expect(still).toMatchObject({ id: mine.id, receiver: mine.receiver, isDefault: 1 });
    expect((await list(other)).map((a) => a.id)).not.toContain(mine.id);
    // A made-up id is just as unknown.
    expect((await call('remove', { token: owner, body: { id: 2 ** 40 } })).status).toBe(404);
  });
});

describe('field rules', () => {
  let token: string;
  beforeAll(async () => {
    token = await newBuyer();
  });
  const refuse = async (body: object, code: number, fieldName: string) => {
    const res = await add(token, body, 'en');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(field(res.body)).toContain(fieldName);
    return res.body;
  };

  it('receiver: 1–20 characters', async () => {
    await refuse(valid({ receiver: '   ' }), 300069, 'receiver');
    await refuse(valid({ receiver: 'x'.repeat(21) }), 300070, 'receiver');
    expect((await add(token, valid({ receiver: '王'.repeat(20) }))).status).toBe(200);
  });

  it('phone: a mainland mobile or a + international number of 6–20 digits', async () => {
    for (const phone of ['12800138000', '1380013800', '138001380001', '+12345', '+123456789012345678901', '0755-12345678', 'abc']) {
      const body = await refuse(valid({ phone }), 300068, 'phone');
      expect(body.data.fields[0].message).toBe('Enter a valid phone number');
    }
    await refuse(valid({ phone: '' }), 300069, 'phone');
    for (const phone of ['19912345678', '+861380013800', '+123456']) expect((await add(token, valid({ phone }))).status).toBe(200);
  });

  it('detail: 1–120 characters; postcode: optional, at most 10 letters or digits', async () => {
    await refuse(valid({ detail: '' }), 300069, 'detail');
    await refuse(valid({ detail: 'x'.repeat(121) }), 300070, 'detail');
    await refuse(valid({ postcode: '12345678901' }), 300070, 'postcode');
    await refuse(valid({ postcode: '523-960' }), 300068, 'postcode');
    expect((await add(token, valid({ postcode: undefined, detail: 'x'.repeat(120) }))).status).toBe(200);
    expect((await add(token, valid({ postcode: 'SW1A1AA' }))).status).toBe(200);
  });

  it('country is required', async () => {
    await refuse(valid({ countryId: undefined }), 300069, 'countryId');
  });
});

describe('the place follows the address tree', () => {
  let token: string;
  beforeAll(async () => {
    token = await newBuyer();
  });
  const place = (p: object) => add(token, valid({ provinceId: null, cityId: null, districtId: null, ...p }), 'en');

  it('requires a province and a city where the chosen parent has them', async () => {
    const noProvince = await place({ countryId: node.CN });
    expect(noProvince.body.code).toBe(300069);
    expect(field(noProvince.body)).toEqual(['provinceId']);
    const noCity = await place({ countryId: node.CN, provinceId: node['CN-GD'] });
    expect(noCity.body.code).toBe(300069);
    expect(field(noCity.body)).toEqual(['cityId']);
    await expect(place({ countryId: node.IT })).resolves.toMatchObject({ status: 422 });
  });

  it('lets levels the tree lacks stay empty (a district is optional; Xinji and Tuscany have no children)', async () => {
    expect((await place({ countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-GZ'] })).status).toBe(200);
    expect((await place({ countryId: node.CN, provinceId: node['CN-HE'], cityId: node['CN-HE-XJ'] })).status).toBe(200);
    expect((await place({ countryId: node.IT, provinceId: node['IT-TOS'] })).body.data).toMatchObject({ country: 'Italy', province: 'Tuscany', city: null });
  });

  it('refuses a node that is not a child of the one before, of the wrong level, or after a gap', async () => {
    const cases: [object, string][] = [
      [{ countryId: node.CN, provinceId: node['CN-FJ'], cityId: node['CN-GD-DG'] }, 'cityId'],
      [{ countryId: node.IT, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'] }, 'provinceId'],
      [{ countryId: node['CN-GD'], provinceId: node['CN-GD-DG'] }, 'countryId'],
      [{ countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-GZ'], districtId: node['CN-GD-DG-HM'] }, 'districtId'],
      [{ countryId: node.IT, provinceId: node['IT-TOS'], districtId: node['CN-GD-DG-HM'] }, 'districtId'],
      [{ countryId: 2 ** 40 }, 'countryId'],
    ];
    for (const [p, name] of cases) {
      const res = await place(p);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(300068);
      expect(field(res.body)).toEqual([name]);
      expect(res.body.data.fields[0].message).toBe('This place does not belong to the one chosen before it');
    }
    expect(await list(token)).toHaveLength(3);
  });

  it('checks the place on update too', async () => {
    const [first] = await list(token);
    const res = await call('update', { token, body: { id: first?.id, ...valid({ provinceId: node['CN-FJ'] }) } });
    expect(res.body.code).toBe(300068);
    expect(field(res.body)).toEqual(['cityId']);
  });
});
