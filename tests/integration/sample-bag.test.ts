/**
 * The sample bag (docs/product/sampling.md#data sample bag item, docs/product/sampling.md#calls buyer/sample/bag/add, bag/list, sampleItem/update/quantity, bag/del,
 * sampleItem/del, sampleItem/list, bag/get/count): a buyer's own bag of color-card samples, grouped by supplier.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, materials, sampleBagItems } from '../../src/lib/server/db/schema';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();

const add = (token: string | undefined, materialId: number, colorCardId: number, quantity: unknown = 1, lang?: string) => call('/buyer/sample/bag/add', { token, body: { materialId, colorCardId, quantity }, lang });
const list = (token: string, lang?: string) => call('/buyer/sample/bag/list', { token, body: {}, lang });
const chosen = (token: string, ids: number[]) => call('/sampleItem/list', { token, body: { ids } });
const setQuantity = (token: string, id: number, quantity: unknown) => call('/buyer/sampleItem/update/quantity', { token, body: { id, quantity } });
const delOne = (token: string, id: number) => call('/buyer/sampleItem/del', { token, body: { id } });
const delMany = (token: string, ids: number[]) => call('/buyer/sample/bag/del', { token, body: { ids } });
const countOf = async (token: string) => (await call('/buyer/sample/bag/get/count', { token })).body.data.count as number;

useTempDataDir('sample-bag');
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
let mill: Awaited<ReturnType<typeof createEnterprise>>;
let leather: number;
let leatherCards: number[];
let twill: number;
let twillCards: number[];
let unpublished: number;
let unpublishedCards: number[];
let deleted: number;
let deletedCards: number[];

const cardsOf = async (materialId: number) =>
  (await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, materialId)).orderBy(asc(colorCards.sort))).map((r) => r.id);
const attrs = { PF_PRICE: 12.5, PF_SAMPLE_PRICE: 8.8, PF_CURRENCY: 'CNY', PF_UNIT: 'm', PF_SEASON: '1', PF_PRODUCT: ['sports-shoes'], PF_SHIP_FROM: 'CN-FJ' };
const buyer = async () => createSession(await createUser({ role: 1 }));

beforeAll(async () => {
  await seedReferenceData();
  tannery = await createEnterprise({ company: { orgName: '青岚皮革样品测试', nameEn: 'Qinglan Leather Samples' } });
  mill = await createEnterprise({ company: { orgName: '织美纺织样品测试', nameEn: 'Zhimei Textile Samples' } });
  leather = (await createMaterial(tannery.companyId, 'twill', { attrs, hexes: ['#1b1b1b', '#8b5a2b', '#c0c0c0'] })).id;
  leatherCards = await cardsOf(leather);
  twill = (await createMaterial(mill.companyId, 'twill')).id;
  twillCards = await cardsOf(twill);
  unpublished = (await createMaterial(mill.companyId, 'twill', { marketTypes: [] })).id;
  unpublishedCards = await cardsOf(unpublished);
  deleted = (await createMaterial(mill.companyId, 'twill')).id;
  deletedCards = await cardsOf(deleted);
  await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, deleted));
});

describe('adding (docs/product/sampling.md#calls buyer/sample/bag/add)', () => {
  it('adds a color card of a published material and counts it', async () => {
    const token = await buyer();
    // Asked first, so the count the toolbar keeps must be dropped by the add.
    expect(await countOf(token)).toBe(0);
    const res = await add(token, leather, leatherCards[0]!, 3);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ quantity: 3, capped: false, notice: null, count: 1 });
    expect(await countOf(token)).toBe(1);
  });

  it('adding the same color again sums the quantity, and caps it at 99 with a notice in the caller’s language', async () => {
    const token = await buyer();
    const first = await add(token, leather, leatherCards[0]!, 40);
    expect((await add(token, leather, leatherCards[0]!, 50)).body.data).toMatchObject({ id: first.body.data.id, quantity: 90, capped: false, count: 1 });
    const capped = await add(token, leather, leatherCards[0]!, 20, 'en');
    expect(capped.status).toBe(200);
    expect(capped.body.data).toMatchObject({ id: first.body.data.id, quantity: 99, capped: true, count: 1 });
    expect(capped.body.data.notice).toMatch(/99/);
    // Already full: refused, with the message on the quantity field.
    const full = await add(token, leather, leatherCards[0]!, 1, 'en');
    expect(full.status).toBe(422);
    expect(full.body.data.fields[0]).toMatchObject({ field: 'quantity' });
    expect(full.body.data.fields[0].message).toMatch(/99/);
    const rows = await getDb().select().from(sampleBagItems).where(eq(sampleBagItems.id, first.body.data.id));
    expect(rows.map((r) => r.quantity)).toEqual([99]);
    // Another color of the same material is another item; the notice in Chinese.
    expect((await add(token, leather, leatherCards[1]!, 98)).body.data.count).toBe(2);
    expect((await add(token, leather, leatherCards[1]!, 5)).body.data).toMatchObject({ quantity: 99, capped: true, notice: '每个颜色最多 99 件样品，数量已调整为 99' });
  });

  it('refuses a quantity of 0, 100, 1.5 or a string', async () => {
    const token = await buyer();
    for (const quantity of [0, 100, 1.5, '2', -1]) {
      const res = await add(token, leather, leatherCards[0]!, quantity, 'en');
      expect(res.status, String(quantity)).toBe(422);
      expect(res.body.data.fields[0].field).toBe('quantity');
    }
    expect((await add(token, leather, leatherCards[0]!, 99)).status).toBe(200);
    expect(await countOf(token)).toBe(1);
  });

  it('refuses the caller’s own company’s material, in the caller’s language', async () => {
    const cn = await add(tannery.memberToken, leather, leatherCards[0]!, 1);
    expect(cn.status).toBe(422);
    expect(cn.body.msg).toBe('不能把自己企业的材料加入样品袋');
    const en = await add(tannery.adminToken, leather, leatherCards[0]!, 1, 'en');
    expect(en.body.msg).toBe("You cannot add your own company's material to the sample bag");
    // Another company's material is fine for a supplier.
    expect((await add(tannery.adminToken, twill, twillCards[0]!, 1)).status).toBe(200);
  });

  it('refuses a color card of another material, and a missing one', async () => {
    const token = await buyer();
    const res = await add(token, leather, twillCards[0]!, 1, 'en');
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0]).toEqual({ field: 'colorCardId', message: 'This color card does not belong to the material' });
    expect((await add(token, leather, 0, 1)).status).toBe(422);
    expect(await countOf(token)).toBe(0);
  });

  it('refuses an unpublished, a deleted or an unknown material as not found', async () => {
    const token = await buyer();
    for (const [id, card] of [[unpublished, unpublishedCards[0]!], [deleted, deletedCards[0]!], [Number.MAX_SAFE_INTEGER, leatherCards[0]!]] as const) {
      const res = await add(token, id, card, 1);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(100404);
    }
    expect(await countOf(token)).toBe(0);
  });

  it('holds at most 200 items', async () => {
    const user = await createUser({ role: 1 });
    const token = await createSession(user);
    // Fill the bag directly: 200 distinct (material, color) items would need 200 color cards.
    const many = (await createMaterial(mill.companyId, 'twill', { hexes: Array.from({ length: 201 }, (_, i) => `#${(0x100000 + i * 997).toString(16).slice(-6)}` ) })).id;
    const cards = await cardsOf(many);
    await getDb().insert(sampleBagItems).values(cards.slice(0, 200).map((colorCardId) => ({ userId: user.id, materialId: many, colorCardId, quantity: 1 })));
    const res = await add(token, many, cards[200]!, 1, 'en');
    expect(res.status).toBe(422);
    expect(res.body.msg).toMatch(/200/);
    // Adding to an item already there is still fine.
    expect((await add(token, many, cards[0]!, 1)).body.data).toMatchObject({ quantity: 2, count: 200 });
  }, 60_000);

  it('answers 401 to a guest', async () => {
    expect((await add(undefined, leather, leatherCards[0]!, 1)).status).toBe(401);
    expect((await call('/buyer/sample/bag/get/count')).status).toBe(401);
    expect((await call('/buyer/sample/bag/list', { body: {} })).status).toBe(401);
  });
});

describe('the bag (docs/product/sampling.md#calls buyer/sample/bag/list, sampleItem/list)', () => {
  it('groups items by supplier with tiles, color cards, quantities and the sample price, newest first', async () => {
    const token = await buyer();
    await add(token, leather, leatherCards[0]!, 2);
    await add(token, twill, twillCards[1]!, 5);
    await add(token, leather, leatherCards[2]!, 7);
    const { status, body } = await list(token, 'en');
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.groups.map((g: any) => [g.supplierId, g.supplierName])).toEqual([
      [tannery.companyId, 'Qinglan Leather Samples'],
      [mill.companyId, 'Zhimei Textile Samples'],
    ]);
    const [leatherGroup, millGroup] = body.data.groups;
    expect(leatherGroup.items.map((i: any) => [i.materialId, i.colorCard.id, i.quantity])).toEqual([
      [leather, leatherCards[2], 7],
      [leather, leatherCards[0], 2],
    ]);
    expect(leatherGroup.items[0]).toMatchObject({ colorCard: { name: 'C3', hex: '#c0c0c0' }, samplePrice: 8.8, available: true });
    expect(leatherGroup.items[0].material).toMatchObject({ id: leather, supplierInfo: { supplierId: tannery.companyId } });
    expect(leatherGroup.items[0].material.cover.src).toMatch(/^\/api\/img\//);
    expect(millGroup.items[0]).toMatchObject({ materialId: twill, quantity: 5, samplePrice: null, colorCard: { id: twillCards[1] } });
    expect((await list(token)).body.data.groups[0].supplierName).toBe('青岚皮革样品测试');
  });

  it('keeps an item whose material went off the market, marked unavailable', async () => {
    const token = await buyer();
    const gone = (await createMaterial(mill.companyId, 'twill')).id;
    await add(token, gone, (await cardsOf(gone))[0]!, 1);
    await getDb().update(materials).set({ onMarketDomestic: 0 }).where(eq(materials.id, gone));
    const { body } = await list(token);
    expect(body.data.groups[0].items[0]).toMatchObject({ materialId: gone, available: false });
    expect(await countOf(token)).toBe(1);
  });

  it('lists chosen items only, and only the caller’s', async () => {
    const token = await buyer();
    const a = (await add(token, leather, leatherCards[0]!, 1)).body.data.id;
    await add(token, twill, twillCards[0]!, 1);
    const stranger = await buyer();
    const theirs = (await add(stranger, leather, leatherCards[1]!, 1)).body.data.id;
    const { body } = await chosen(token, [a, theirs]);
    expect(body.data.total).toBe(1);
    expect(body.data.groups[0].items.map((i: any) => i.id)).toEqual([a]);
    expect((await chosen(token, [])).status).toBe(422);
  });
});

describe('changing the bag (docs/product/sampling.md#calls sampleItem/update/quantity, sampleItem/del, bag/del, bag/get/count)', () => {
  it('updates a quantity within 1–99 and refuses 0, 100 and fractions', async () => {
    const token = await buyer();
    const id = (await add(token, leather, leatherCards[0]!, 1)).body.data.id;
    expect((await setQuantity(token, id, 99)).body.data).toEqual({ id, quantity: 99 });
    expect((await setQuantity(token, id, 1)).body.data).toEqual({ id, quantity: 1 });
    for (const q of [0, 100, 2.5]) expect((await setQuantity(token, id, q)).status, String(q)).toBe(422);
    const [row] = await getDb().select().from(sampleBagItems).where(eq(sampleBagItems.id, id));
    expect(row?.quantity).toBe(1);
  });

  it('deletes one item, and several at once, updating the count', async () => {
    const token = await buyer();
    const ids = [];
    for (const card of leatherCards) ids.push((await add(token, leather, card, 1)).body.data.id);
    ids.push((await add(token, twill, twillCards[0]!, 1)).body.data.id);
    expect(await countOf(token)).toBe(4);
    const one = await delOne(token, ids[0]);
    expect(one.body.data).toEqual({ id: ids[0], count: 3 });
    expect((await delOne(token, ids[0])).status).toBe(404);
    const many = await delMany(token, [ids[1], ids[2]]);
    expect(many.body.data).toEqual({ removed: 2, count: 1 });
    expect(await countOf(token)).toBe(1);
    expect((await list(token)).body.data.groups[0].items[0].id).toBe(ids[3]);
  });

  it('leaves another user’s items untouched: not found, nothing deleted or changed', async () => {
    const mine = await buyer();
    const theirs = await buyer();
    const own = (await add(mine, leather, leatherCards[0]!, 1)).body.data.id;
    const other = (await add(theirs, leather, leatherCards[0]!, 4)).body.data.id;
    expect((await setQuantity(mine, other, 9)).status).toBe(404);
    expect((await delOne(mine, other)).status).toBe(404);
    const mixed = await delMany(mine, [own, other]);
    expect(mixed.status).toBe(404);
    expect(mixed.body.code).toBe(100404);
    expect(await countOf(mine)).toBe(1);
    expect(await countOf(theirs)).toBe(1);
    expect((await list(theirs)).body.data.groups[0].items[0]).toMatchObject({ id: other, quantity: 4 });
  });

  it('refuses malformed input', async () => {
    const token = await buyer();
    expect((await delMany(token, [])).status).toBe(422);
    expect((await call('/buyer/sampleItem/del', { token, body: { id: 'x' } })).status).toBe(422);
    expect((await call('/buyer/sample/bag/add', { token, body: { materialId: leather } })).status).toBe(422);
  });
});
