/**
 * Sample requests (docs/product/sampling.md): a buyer turns sample-bag items into one request per supplier; the supplier accepts,
 * rejects or ships; the buyer cancels or confirms receipt. Every step is checked against the state machine and
 * against whose request it is, and recorded on the timeline.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, colorCards, companyMembers, materials, sampleBagItems, sampleRequestEvents, sampleRequests } from '../../src/lib/server/db/schema';
import { createEnterprise, createSession, createUser, grantCodes, signInTo } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();


useTempDataDir('sample-requests');
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
let mill: Awaited<ReturnType<typeof createEnterprise>>;
let leather: number;
let twill: number;
let hidden: number;
const node: Record<string, number> = {};

const firstCard = async (materialId: number) => {
  const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, materialId)).orderBy(asc(colorCards.sort)).limit(1);
  if (!card) throw new Error('material without color cards');
  return card.id;
};

/** A signed-in buyer with an address in their book; `bag(...)` puts samples of materials in their bag. */
async function newBuyer() {
  const token = await createSession(await createUser({ role: 1 }));
  const address = await call('/buyer/address/add', {
    token,
    body: { receiver: '林设计', phone: '13800138000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: node['CN-GD-DG-HM'], detail: '厚街镇新塘工业区 8 号', postcode: '523960' },
  });
  expect(address.status).toBe(200);
  const bag = async (materialId: number, quantity = 2) => {
    const added = await call('/buyer/sample/bag/add', { token, body: { materialId, colorCardId: await firstCard(materialId), quantity } });
    expect(added.status).toBe(200);
    return added.body.data.id as number;
  };
  return { token, addressId: address.body.data.id as number, bag };
}
type Buyer = Awaited<ReturnType<typeof newBuyer>>;

const submit = (b: Buyer, itemIds: number[], extra: { note?: string; key?: string; addressId?: number } = {}) =>
  call('/buyer/sample/apply/submit', { token: b.token, headers: extra.key === undefined ? undefined : { 'idempotency-key': extra.key }, body: { itemIds, addressId: extra.addressId ?? b.addressId, note: extra.note ?? '' } });
const buyerStep = (token: string, action: 'cancel' | 'receive', id: number) => call(`/buyer/sample/apply/${action}`, { token, body: { id } });
const supplierStep = (token: string, action: 'accept' | 'reject' | 'ship', body: object) => call(`/supplier/sample/apply/${action}`, { token, body });
const ship = (token: string, id: number) => supplierStep(token, 'ship', { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' });

/** A buyer's request to the tannery for one leather sample, freshly submitted. */
async function submittedRequest() {
  const b = await newBuyer();
  const { body } = await submit(b, [await b.bag(leather)]);
  return { buyer: b, id: body.data.requestIds[0] as number };
}

beforeAll(async () => {
  await seedReferenceData();
  for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, ['CN', 'CN-GD', 'CN-GD-DG', 'CN-GD-DG-HM']))) node[row.code] = row.id;
  tannery = await createEnterprise({ company: { orgName: '青岚皮革申请测试', nameEn: 'Qinglan Leather Requests' } });
  mill = await createEnterprise({ company: { orgName: '织美纺织申请测试', nameEn: 'Zhimei Textile Requests' } });
  leather = (await createMaterial(tannery.companyId, 'twill', { attrs: { PF_PRICE: 12.5, PF_SAMPLE_PRICE: 8.8, PF_CURRENCY: 'CNY', PF_UNIT: 'm', PF_SEASON: '1', PF_PRODUCT: ['sports-shoes'], PF_SHIP_FROM: 'CN-FJ' } })).id;
  twill = (await createMaterial(mill.companyId, 'twill')).id;
  hidden = (await createMaterial(mill.companyId, 'twill')).id;
});

describe('submitting from the sample bag', () => {
  it('makes one request per supplier with the address copied, the note, the items, and takes them out of the bag', async () => {
    const b = await newBuyer();
    const leatherItem = await b.bag(leather, 3);
    const twillItem = await b.bag(twill, 1);
    const kept = await b.bag(hidden);
    const { status, body } = await submit(b, [leatherItem, twillItem], { note: '请尽快寄出' });
    expect(status).toBe(200);
    expect(body.data.requestIds).toHaveLength(2);
    expect(body.data.count).toBe(1);
    expect((await call('/buyer/sample/bag/list', { token: b.token, body: {} })).body.data.groups.flatMap((g: any) => g.items.map((i: any) => i.id))).toEqual([kept]);

    const page = (await call('/buyer/sample/apply/list', { token: b.token, body: {} })).body.data;
    expect(page.total).toBe(2);
    expect(page.counts.submitted).toBe(2);
    const toTannery = page.records.find((r: any) => r.supplier.id === tannery.companyId);
    expect(toTannery).toMatchObject({ state: 'submitted', note: '请尽快寄出', actions: ['cancel'] });
    expect(toTannery.requestNo).toMatch(/^SR\d{8}-\d{6}$/);
    expect(toTannery.address).toMatchObject({ receiver: '林设计', phone: '13800138000', detail: '厚街镇新塘工业区 8 号', postcode: '523960' });
    expect(toTannery.address.place).toContain('东莞');
    expect(toTannery.items).toEqual([expect.objectContaining({ materialId: leather, quantity: 3, samplePrice: '8.8', available: true })]);
    expect(toTannery.events).toEqual([expect.objectContaining({ state: 'submitted', side: 'buyer', detail: { note: '请尽快寄出' } })]);

    // Later edits of the address book do not move a submitted request.
    await call('/buyer/address/update', {
      token: b.token,
      body: { id: b.addressId, receiver: '换人了', phone: '13900139000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: null, detail: '别处', postcode: null },
    });
    const again = (await call('/buyer/sample/apply/list', { token: b.token, body: { state: 'submitted' } })).body.data.records;
    expect(again.map((r: any) => r.address.receiver)).toEqual(['林设计', '林设计']);
    const english = (await call('/buyer/sample/apply/list', { token: b.token, lang: 'en', body: {} })).body.data.records;
    expect(english[0].address.place).toContain('Dongguan');
  });

  it('retrying with the same Idempotency-Key creates one request, not two', async () => {
    const b = await newBuyer();
    const item = await b.bag(leather);
    const first = await submit(b, [item], { key: 'retry-key-1' });
    const retry = await submit(b, [item], { key: 'retry-key-1' });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data.requestIds).toEqual(first.body.data.requestIds);
    expect((await call('/buyer/sample/apply/list', { token: b.token, body: {} })).body.data.total).toBe(1);
  });

  it('answers concurrent retries with the same key once', async () => {
    const b = await newBuyer();
    const item = await b.bag(twill);
    const answers = await Promise.all([1, 2, 3].map(() => submit(b, [item], { key: 'double-click' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.requestIds[0])).size).toBe(1);
    expect((await call('/buyer/sample/apply/list', { token: b.token, body: {} })).body.data.total).toBe(1);
  });

  it('refuses a key reused for a different submission, and a malformed key', async () => {
    const b = await newBuyer();
    const one = await b.bag(leather);
    const two = await b.bag(twill);
    expect((await submit(b, [one], { key: 'same' })).status).toBe(200);
    const reused = await submit(b, [two], { key: 'same' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe(100409);
    expect((await submit(b, [two], { key: 'has space' })).status).toBe(422);
    // Keys are per user: another buyer's identical key is theirs alone.
    const other = await newBuyer();
    expect((await submit(other, [await other.bag(twill)], { key: 'same' })).status).toBe(200);
    expect((await call('/buyer/sample/apply/list', { token: b.token, body: {} })).body.data.total).toBe(1);
  });

  it('refuses other people’s items and addresses, unpublished materials, long notes and empty choices, changing nothing', async () => {
    const b = await newBuyer();
    const mine = await b.bag(leather);
    const stranger = await newBuyer();
    const theirs = await stranger.bag(twill);

    expect((await submit(b, [mine, theirs])).status).toBe(404);
    expect((await submit(b, [mine], { addressId: stranger.addressId })).status).toBe(404);
    const long = await submit(b, [mine], { note: '字'.repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.data.fields.map((f: { field: string }) => f.field)).toContain('note');
    expect((await submit(b, [])).status).toBe(422);
    expect((await call('/buyer/sample/apply/submit', { body: { itemIds: [mine], addressId: b.addressId } })).status).toBe(401);

    const gone = await b.bag(hidden);
    await getDb().update(materials).set({ onMarketDomestic: 0, onMarketOverseas: 0 }).where(eq(materials.id, hidden));
    const unpublished = await submit(b, [mine, gone]);
    await getDb().update(materials).set({ onMarketDomestic: 1 }).where(eq(materials.id, hidden));
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.msg).toBe('有样品已下架或删除，请先将其移出样品袋');

    expect((await call('/buyer/sample/apply/list', { token: b.token, body: {} })).body.data.total).toBe(0);
    expect((await call('/buyer/sample/bag/get/count', { token: b.token })).body.data.count).toBe(2);
  });

  it('refuses samples of the company the buyer is signed in to', async () => {
    const insider = await createUser({ role: 1 });
    const outside = await createSession(insider);
    const address = await call('/buyer/address/add', { token: outside, body: { receiver: '内部', phone: '13800138001', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: null, detail: '一号', postcode: null } });
    const item = (await call('/buyer/sample/bag/add', { token: outside, body: { materialId: leather, colorCardId: await firstCard(leather), quantity: 1 } })).body.data.id as number;
    // The same user, now working in the tannery (say they joined it), cannot request the tannery's own samples.
    const db = getDb();
    await db.insert(companyMembers).values({ companyId: tannery.companyId, userId: insider.id, isAdmin: false });
    // Allowed to request samples in the tannery's name (FUN008), so what refuses them is whose samples they are.
    await grantCodes(tannery.companyId, insider.id, ['FUN008']);
    const inside = await signInTo(insider, tannery.companyId);
    const own = await call('/buyer/sample/apply/submit', { token: inside, body: { itemIds: [item], addressId: address.body.data.id } });
    expect(own.status).toBe(422);
    expect((await db.select({ id: sampleBagItems.id }).from(sampleBagItems).where(eq(sampleBagItems.id, item))).length).toBe(1);
  });
});

describe('moving a request along', () => {
  it('goes submitted → accepted → shipped → received, each step on the timeline with its actor and details', async () => {
    const { buyer, id } = await submittedRequest();
    const accepted = await supplierStep(tannery.adminToken, 'accept', { id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', actions: ['ship'] });
    const shipped = await ship(tannery.adminToken, id);
    expect(shipped.body.data).toMatchObject({ state: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890', actions: [] });
    expect(shipped.body.data.shippedAt).not.toBeNull();

    const logistics = (await call('/buyer/logistics/list', { token: buyer.token, body: {} })).body.data;
    expect(logistics.records.map((r: any) => [r.id, r.carrier, r.trackingNo])).toEqual([[id, '顺丰速运', 'SF1234567890']]);

    const received = await buyerStep(buyer.token, 'receive', id);
    expect(received.status).toBe(200);
    expect(received.body.data.state).toBe('received');
    expect(received.body.data.events.map((e: any) => [e.state, e.side])).toEqual([
      ['submitted', 'buyer'],
      ['accepted', 'supplier'],
      ['shipped', 'supplier'],
      ['received', 'buyer'],
    ]);
    expect(received.body.data.events[1].actorName).toBe('Test User');
    expect(received.body.data.events[2].detail).toEqual({ carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    const stamps = received.body.data.events.map((e: any) => Date.parse(e.at));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);

    const supplierView = (await call('/supplier/sample/apply/list', { token: tannery.adminToken, body: { state: 'received' } })).body.data.records;
    expect(supplierView.map((r: any) => r.id)).toContain(id);
  });

  it('lets the supplier reject with a reason the buyer sees', async () => {
    const { buyer, id } = await submittedRequest();
    const noReason = await supplierStep(tannery.adminToken, 'reject', { id, reason: '  ' });
    expect(noReason.status).toBe(422);
    const rejected = await supplierStep(tannery.adminToken, 'reject', { id, reason: '该色号已停产' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', rejectReason: '该色号已停产', actions: [] });
    const seen = (await call('/buyer/sample/apply/list', { token: buyer.token, body: {} })).body.data.records[0];
    expect(seen).toMatchObject({ state: 'rejected', rejectReason: '该色号已停产', actions: [] });
    expect(seen.events.at(-1)).toMatchObject({ state: 'rejected', side: 'supplier', detail: { reason: '该色号已停产' } });
  });

  it('lets the buyer cancel only while the request is submitted', async () => {
    const { buyer, id } = await submittedRequest();
    expect((await buyerStep(buyer.token, 'cancel', id)).body.data.state).toBe('cancelled');
    const late = await supplierStep(tannery.adminToken, 'accept', { id });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(100409);

    const second = await submittedRequest();
    await supplierStep(tannery.adminToken, 'accept', { id: second.id });
    expect((await buyerStep(second.buyer.token, 'cancel', second.id)).status).toBe(409);
  });

  it('never skips a state or repeats one', async () => {
    const { buyer, id } = await submittedRequest();
    expect((await ship(tannery.adminToken, id)).status).toBe(409);
    expect((await buyerStep(buyer.token, 'receive', id)).status).toBe(409);
    expect((await supplierStep(tannery.adminToken, 'accept', { id })).status).toBe(200);
    expect((await supplierStep(tannery.adminToken, 'accept', { id })).status).toBe(409);
    expect((await supplierStep(tannery.adminToken, 'reject', { id, reason: '太晚了' })).status).toBe(409);
    expect((await buyerStep(buyer.token, 'receive', id)).status).toBe(409);
    const [row] = await getDb().select({ state: sampleRequests.state }).from(sampleRequests).where(eq(sampleRequests.id, id));
    expect(row?.state).toBe('accepted');
    expect((await getDb().select({ id: sampleRequestEvents.id }).from(sampleRequestEvents).where(eq(sampleRequestEvents.requestId, id))).length).toBe(2);
  });

  it('checks the shipment’s carrier and tracking number', async () => {
    const { id } = await submittedRequest();
    await supplierStep(tannery.adminToken, 'accept', { id });
    const bad = await supplierStep(tannery.adminToken, 'ship', { id, carrier: '', trackingNo: 'SF 12' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['carrier', 'trackingNo']);
    const long = await supplierStep(tannery.adminToken, 'ship', { id, carrier: 'x'.repeat(41), trackingNo: 'SF1234' });
    expect(long.status).toBe(422);
    expect((await ship(tannery.adminToken, id)).status).toBe(200);
  });

  it('refuses acting on another company’s or another buyer’s request, and sides acting out of turn', async () => {
    const { buyer, id } = await submittedRequest();
    // The mill is a supplier too, but this request was made to the tannery.
    expect((await supplierStep(mill.adminToken, 'accept', { id })).status).toBe(404);
    expect((await call('/supplier/sample/apply/list', { token: mill.adminToken, body: {} })).body.data.records.map((r: any) => r.id)).not.toContain(id);
    const stranger = await newBuyer();
    expect((await buyerStep(stranger.token, 'cancel', id)).status).toBe(404);
    // A plain member without the sample-request permission (FUN007) cannot use the supplier side at all.
    expect((await supplierStep(tannery.memberToken, 'accept', { id })).status).toBe(403);
    expect((await call('/supplier/sample/apply/list', { token: tannery.memberToken, body: {} })).status).toBe(403);
    // A buyer's personal company grants no supplier codes: the buyer has no supplier side at all.
    expect((await supplierStep(buyer.token, 'accept', { id })).status).toBe(403);
    expect((await call('/supplier/sample/apply/list', { token: buyer.token, body: {} })).status).toBe(403);
    const [row] = await getDb().select({ state: sampleRequests.state }).from(sampleRequests).where(eq(sampleRequests.id, id));
    expect(row?.state).toBe('submitted');
  });
});
