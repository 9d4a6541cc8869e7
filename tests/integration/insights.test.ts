/**
 * Insights (docs/product/insights.md): the usage-data routes anyone may write through (the error log, the counting
 * image, the opt-out honoured by all of them), the dashboard's aggregations over known rows, its CSV and who may
 * have it, the page's loader, and the supplier's slice.
 */
import { and, count, eq, gte, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_LOG_LIMITS, USAGE_EVENTS } from '../../src/lib/contracts/analytics';
import { rangeOf, type InsightsRange } from '../../src/lib/contracts/insights';
import { ERROR } from '../../src/lib/errors';
import { getT } from '../../src/lib/i18n';
import { countClientErrors } from '../../src/lib/server/analytics/count-client-errors';
import { countMaterialViews } from '../../src/lib/server/analytics/count-material-views';
import { countSearches } from '../../src/lib/server/analytics/count-searches';
import { countShareOpens } from '../../src/lib/server/analytics/count-share-opens';
import { countVisits } from '../../src/lib/server/analytics/count-visits';
import { measureSampleFunnel } from '../../src/lib/server/analytics/measure-sample-funnel';
import { pruneEvents } from '../../src/lib/server/analytics/prune-events';
import { rankSearchColors } from '../../src/lib/server/analytics/rank-search-colors';
import { rankSearchWords } from '../../src/lib/server/analytics/rank-search-words';
import { summarizeSupplierInsights } from '../../src/lib/server/analytics/summarize-supplier-insights';
import { traceHash } from '../../src/lib/server/analytics/record-client-errors';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, analyticsEvents, clientErrors, colorCards, sampleBagAdds, sampleRequestEvents, sampleRequestItems, sampleRequests, shares, shareViewDays, users } from '../../src/lib/server/db/schema';
import { findSession } from '../../src/lib/server/identity/find-session';
import { loadInsightsPage } from '../../src/lib/server/pages/insights';
import { LIMITS } from '../../src/lib/server/security/rate-limit';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

useTempDataDir('insights');
beforeAll(async () => {
  await seedReferenceData();
});

const { call, send } = apiCaller('');
const ERROR_LOG = '/api/data-transit/data/error-log';
const COLLECT = '/api/data-transit/data/collect';
const PIXEL = '/api/data-transit/data/pixel';
const CSV = '/api/idealab-material/admin/insights/csv';
const M = '/api/idealab-material';
const OPTED_OUT = 'lang=cn; usage_events=off';
const DAY = 86_400_000;

let n = 0;
const unique = (what: string) => `in-${what}-${Date.now()}-${(n += 1)}`;
const entry = (overrides: Record<string, unknown> = {}) => ({ kind: 'api', page: '/sample-bag', code: 100500, message: 'Server error', trace: '100500 /api/idealab-material/buyer/sample/bag/list', time: Date.now(), ...overrides });

async function errorsOf(sessionId: string) {
  return getDb().select().from(clientErrors).where(eq(clientErrors.sessionId, sessionId));
}

async function eventsOf(sessionId: string) {
  return getDb().select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
}

describe('the error log route', () => {
  it('stores each entry with the page, code and message, the trace only as a hash, and the user from the session', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const sessionId = unique('log');
    const res = await call(ERROR_LOG, { method: 'PUT', token, ip: '10.12.0.1', body: { sessionId, entries: [entry(), entry({ kind: 'error', page: '/home', code: null, message: 'x is undefined', trace: 'TypeError: x is undefined\n    at a.js:1:2' })] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ stored: 2 });
    const rows = await errorsOf(sessionId);
    expect(rows.map((r) => ({ kind: r.kind, page: r.page, code: r.code, message: r.message, userId: r.userId, companyId: r.companyId }))).toEqual([
      { kind: 'api', page: '/sample-bag', code: 100500, message: 'Server error', userId: user.id, companyId: user.companyId },
      { kind: 'error', page: '/home', code: null, message: 'x is undefined', userId: user.id, companyId: user.companyId },
    ]);
    expect(rows[1]?.traceHash).toBe(traceHash('TypeError: x is undefined\n    at a.js:1:2'));
    expect(rows[1]?.traceHash).toMatch(/^[0-9a-f]{16}$/);
    // Nothing of the trace itself is kept.
    expect(JSON.stringify(rows)).not.toContain('a.js');
  });

  it.each([
    ['too many entries', () => Array.from({ length: ERROR_LOG_LIMITS.entries + 1 }, () => entry()), 'entries', ERROR.fieldTooLong],
    ['no entries', () => [], 'entries', ERROR.fieldInvalid],
    ['a page that is not a path', () => [entry(), entry({ page: 'https://elsewhere.test/x' })], 'entries[1].page', ERROR.fieldInvalid],
    ['a page too long', () => [entry({ page: `/${'p'.repeat(ERROR_LOG_LIMITS.pageLength)}` })], 'entries[0].page', ERROR.fieldTooLong],
    ['a message too long', () => [entry({ message: 'm'.repeat(ERROR_LOG_LIMITS.messageLength + 1) })], 'entries[0].message', ERROR.fieldTooLong],
    ['a trace too long', () => [entry({ trace: 't'.repeat(ERROR_LOG_LIMITS.traceLength + 1) })], 'entries[0].trace', ERROR.fieldTooLong],
    ['an unknown kind', () => [entry({ kind: 'warning' })], 'entries[0].kind', ERROR.fieldInvalid],
    ['a code that is not a number', () => [entry({ code: '500' })], 'entries[0].code', ERROR.fieldInvalid],
    ['a time before 2020', () => [entry({ time: Date.UTC(2019, 0, 1) })], 'entries[0].time', ERROR.fieldInvalid],
  ])('refuses %s with the field at fault and stores nothing', async (_what, entries, field, code) => {
    const sessionId = unique('bad');
    const res = await call(ERROR_LOG, { method: 'PUT', ip: '10.12.1.1', body: { sessionId, entries: entries() } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await errorsOf(sessionId)).toEqual([]);
  });

  it('answers 413 for a body over its limit', async () => {
    const sessionId = unique('large');
    const res = await call(ERROR_LOG, { method: 'PUT', ip: '10.12.1.2', rawBody: JSON.stringify({ sessionId, entries: [entry()], pad: 'x'.repeat(ERROR_LOG_LIMITS.bodyBytes) }) });
    expect(res.status).toBe(413);
    expect(await errorsOf(sessionId)).toEqual([]);
  });

  it('answers 429 once a session has spent its calls, from any address', async () => {
    const sessionId = unique('limit');
    const { points } = LIMITS['errorLog.session'];
    for (let i = 0; i < points; i += 1) expect((await call(ERROR_LOG, { method: 'PUT', ip: `10.12.2.${i}`, body: { sessionId, entries: [entry()] } })).status, `call ${i + 1}`).toBe(200);
    const over = await call(ERROR_LOG, { method: 'PUT', ip: '10.12.3.1', body: { sessionId, entries: [entry()] } });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERROR.rateLimited);
    expect(await errorsOf(sessionId)).toHaveLength(points);
  });

  it('answers 429 once an address has spent its calls, whatever sessions it names', async () => {
    const { points } = LIMITS['errorLog.ip'];
    for (let i = 0; i < points; i += 1) expect((await call(ERROR_LOG, { method: 'PUT', ip: '10.12.4.1', body: { sessionId: unique('ip'), entries: [entry()] } })).status).toBe(200);
    const sessionId = unique('ip-over');
    expect((await call(ERROR_LOG, { method: 'PUT', ip: '10.12.4.1', body: { sessionId, entries: [entry()] } })).status).toBe(429);
    expect(await errorsOf(sessionId)).toEqual([]);
  });

  it('stores nothing for a visitor who opted out', async () => {
    const sessionId = unique('opted-out');
    const res = await call(ERROR_LOG, { method: 'PUT', ip: '10.12.5.1', cookie: OPTED_OUT, body: { sessionId, entries: [entry()] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ stored: 0 });
    expect(await errorsOf(sessionId)).toEqual([]);
  });
});

describe('usage events and the opt-out', () => {
  it('stores nothing from a visitor who opted out, and answers no ids', async () => {
    const sessionId = unique('collect');
    const res = await call(COLLECT, { ip: '10.12.6.1', cookie: OPTED_OUT, body: { content: [{ event: 'page.view', sessionId, roleCode: 502, properties: { path: '/home' } }] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ids: [] });
    expect(await eventsOf(sessionId)).toEqual([]);
    // The same call without the cookie is stored.
    expect((await call(COLLECT, { ip: '10.12.6.1', body: { content: [{ event: 'page.view', sessionId, roleCode: 502, properties: { path: '/home' } }] } })).body.data.ids).toHaveLength(1);
  });
});

describe('the counting image of pages without script', () => {
  const ua = (tag: string) => `Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 insights-${tag}`;
  const viewsFrom = async (tag: string) => {
    const rows = await getDb().select().from(analyticsEvents).where(and(like(analyticsEvents.sessionId, 'px%'), gte(analyticsEvents.receivedAt, new Date(Date.now() - 60_000))));
    return rows.filter((r) => String((r.properties as { path?: string }).path ?? '').includes(tag) || String((r.properties as { materialId?: number }).materialId ?? '') === tag);
  };

  it('answers a GIF nobody may keep, and counts each view under a session of the day', async () => {
    const tag = unique('pixel');
    for (let i = 0; i < 2; i += 1) {
      const res = await send(`${PIXEL}?path=${encodeURIComponent(`/help-center/article/${tag}`)}`, { ip: '10.12.7.1', headers: { 'user-agent': ua(tag) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 6).toString('latin1')).toBe('GIF89a');
    }
    const views = await viewsFrom(tag);
    expect(views).toHaveLength(2);
    expect(views.every((v) => v.event === USAGE_EVENTS.pageView && v.roleCode === 502 && v.userId === null)).toBe(true);
    expect(new Set(views.map((v) => v.sessionId)).size).toBe(1);
    expect(views[0]?.sessionId).toMatch(/^px[A-Za-z0-9_-]{22}$/);
    expect(views[0]?.properties).toEqual({ path: `/help-center/article/${tag}`, script: false });
  });

  it('counts a material’s view with its page, and takes the viewer from the session', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const materialId = 900_000 + n;
    const res = await send(`${PIXEL}?path=/mobile/detail&materialId=${materialId}&supplierId=77`, { token, ip: '10.12.7.2', headers: { 'user-agent': ua('m') } });
    expect(res.status).toBe(200);
    const [view] = await viewsFrom(String(materialId));
    expect(view).toMatchObject({ event: USAGE_EVENTS.materialView, userId: user.id, roleCode: 500, properties: { materialId, supplierId: 77, script: false } });
  });

  it.each([
    ['an opted-out visitor', { cookie: OPTED_OUT }, ua('o')],
    ['the companion app', {}, 'Mozilla/5.0 (iPhone) MatlibApp/3.2'],
    ['a crawler', {}, 'Mozilla/5.0 (compatible; Googlebot/2.1)'],
  ])('answers the image but counts nothing for %s', async (_who, init, agent) => {
    const tag = unique('skip');
    const res = await send(`${PIXEL}?path=/policy/${tag}`, { ip: '10.12.7.3', ...init, headers: { 'user-agent': agent } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(await viewsFrom(tag)).toEqual([]);
  });

  it.each([
    ['a path that is not one', '?path=help'],
    ['no path', ''],
    ['a material without its supplier', '?path=/mobile/detail&materialId=5'],
  ])('refuses %s', async (_what, query) => {
    expect((await call(`${PIXEL}${query}`, { ip: '10.12.7.4' })).status).toBe(422);
  });
});

/** A stretch of days long past, which no other test writes into: the aggregations can be checked exactly. */
const PAST: InsightsRange = { from: '2025-02-01', to: '2025-02-03', days: 3, preset: null };
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

describe('the dashboard’s aggregations', () => {
  let supplier: Awaited<ReturnType<typeof createEnterprise>>;

  beforeAll(async () => {
    supplier = await createEnterprise({ company: { orgName: '洞察皮革', nameEn: 'Insight Leather' } });
    const event = (event: string, day: string, sessionId: string, properties: Record<string, unknown>, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
      event,
      sessionId,
      roleCode: 500,
      properties,
      occurredAt: at(day),
      receivedAt: at(day),
      ...extra,
    });
    const view = (day: string, sessionId: string, userId: number | null = null) => event(USAGE_EVENTS.pageView, day, sessionId, { path: '/home' }, { userId });
    const search = (day: string, sessionId: string, properties: Record<string, unknown>) => event(USAGE_EVENTS.search, day, sessionId, properties);
    await getDb()
      .insert(analyticsEvents)
      .values([
        view('2025-02-01', 'pa', 1),
        view('2025-02-01', 'pa', 1),
        view('2025-02-01', 'pb'),
        view('2025-02-03', 'pa', 1),
        // Outside the range on either side.
        view('2025-01-31', 'pc'),
        view('2025-02-04', 'pc'),
        search('2025-02-01', 'pa', { kind: 'text', keywords: ' 真皮 ', results: 12, suppliers: `,${supplier.companyId},` }),
        search('2025-02-02', 'pb', { kind: 'text', keywords: '真皮', results: 0 }),
        search('2025-02-02', 'pb', { kind: 'text', keywords: 'Nappa', results: 0 }),
        search('2025-02-03', 'pa', { kind: 'text', keywords: 'nappa', results: 0 }),
        search('2025-02-03', 'pa', { kind: 'color', hex: 'aa3322', tolerance: 10, results: 4, suppliers: `,1,${supplier.companyId},` }),
        search('2025-02-03', 'pb', { kind: 'color', hex: 'AA3322', tolerance: 5, results: 0 }),
        // Anyone can send an event: a "hex" that is not one is not painted.
        search('2025-02-03', 'pb', { kind: 'color', hex: 'url(#x)', results: 1 }),
        search('2025-02-03', 'pb', { kind: 'photo', results: 30 }),
        event(USAGE_EVENTS.materialView, '2025-02-01', 'pa', { materialId: 11, supplierId: supplier.companyId }),
        event(USAGE_EVENTS.materialView, '2025-02-02', 'pb', { materialId: 12, supplierId: supplier.companyId }),
        event(USAGE_EVENTS.materialView, '2025-02-02', 'pb', { materialId: 12, supplierId: supplier.companyId }),
        // The supplier's own people looking do not count.
        event(USAGE_EVENTS.materialView, '2025-02-02', 'pd', { materialId: 12, supplierId: supplier.companyId }, { companyId: supplier.companyId }),
        event(USAGE_EVENTS.materialView, '2025-02-02', 'pd', { materialId: 13, supplierId: 'not-an-id' }),
        event(USAGE_EVENTS.materialView, '2025-02-02', 'pd', { materialId: 14, supplierId: 999_999_999 }),
      ]);
    await getDb()
      .insert(clientErrors)
      .values([
        { sessionId: 'pa', kind: 'api', page: '/sample-bag', code: 100500, message: 'first', traceHash: 'aaaa', occurredAt: at('2025-02-01'), receivedAt: at('2025-02-01', 8) },
        { sessionId: 'pb', kind: 'api', page: '/sample-bag', code: 100404, message: 'latest', traceHash: 'bbbb', occurredAt: at('2025-02-02'), receivedAt: at('2025-02-02', 9) },
        { sessionId: 'pb', kind: 'api', page: '/sample-bag', code: 100404, message: 'latest', traceHash: 'bbbb', occurredAt: at('2025-02-01'), receivedAt: at('2025-02-01', 9) },
        { sessionId: null, kind: 'error', page: '/home', code: null, message: 'oops', traceHash: 'cccc', occurredAt: at('2025-02-03'), receivedAt: at('2025-02-03') },
        { sessionId: 'pc', kind: 'error', page: '/home', code: null, message: 'outside', traceHash: 'dddd', occurredAt: at('2025-02-05'), receivedAt: at('2025-02-05') },
      ]);
  });

  it('counts page views, sessions and signed-in users per day and over the range, every day shown', async () => {
    const visits = await countVisits(PAST);
    expect(visits.days).toEqual([
      { day: '2025-02-01', pageViews: 3, sessions: 2, users: 1 },
      { day: '2025-02-02', pageViews: 0, sessions: 0, users: 0 },
      { day: '2025-02-03', pageViews: 1, sessions: 1, users: 1 },
    ]);
    // A session on two days is one session of the range.
    expect(visits.total).toEqual({ pageViews: 4, sessions: 2, users: 1 });
  });

  it('ranks the words searched, and those that found nothing, trimmed and in lower case', async () => {
    expect(await rankSearchWords(PAST, { limit: 10 })).toEqual([
      { word: 'nappa', searches: 2, noResult: 2, sessions: 2 },
      { word: '真皮', searches: 2, noResult: 1, sessions: 2 },
    ]);
    expect(await rankSearchWords(PAST, { noResults: true, limit: 1 })).toEqual([{ word: 'nappa', searches: 2, noResult: 2, sessions: 2 }]);
    expect(await countSearches(PAST)).toEqual([
      { kind: 'text', searches: 4, noResult: 3 },
      { kind: 'color', searches: 3, noResult: 1 },
      { kind: 'photo', searches: 1, noResult: 0 },
    ]);
  });

  it('ranks the colors searched, only real hex colors', async () => {
    expect(await rankSearchColors(PAST, { limit: 10 })).toEqual([{ hex: 'AA3322', searches: 2, noResult: 1 }]);
  });

  it('counts detail views per supplier with its name, once per session, material and day, leaving out its own people and ids that are not ids', async () => {
    const views = await countMaterialViews(PAST, { limit: 10, lang: 'en' });
    expect(views.suppliers).toEqual([
      // Session pb's two views of material 12 on one day are one view.
      { supplierId: supplier.companyId, name: 'Insight Leather', views: 2, materials: 2, sessions: 2 },
      { supplierId: 999_999_999, name: null, views: 1, materials: 1, sessions: 1 },
    ]);
    expect(views.total).toBe(3);
    expect((await countMaterialViews(PAST, { limit: 10, lang: 'cn' })).suppliers[0]?.name).toBe('洞察皮革');
  });

  it('counts errors per page, with the latest one’s code and message', async () => {
    const errors = await countClientErrors(PAST, { limit: 10 });
    expect(errors.total).toBe(4);
    expect(errors.pages).toEqual([
      { page: '/sample-bag', errors: 3, traces: 2, sessions: 2, lastCode: 100404, lastMessage: 'latest', lastAt: at('2025-02-02', 9).toISOString() },
      { page: '/home', errors: 1, traces: 1, sessions: 0, lastCode: null, lastMessage: 'oops', lastAt: at('2025-02-03').toISOString() },
    ]);
  });

  it('counts share opens per day and per kind, and a supplier’s shares of its own materials', async () => {
    const own = await createMaterial(supplier.companyId, 'twill');
    const owner = await createUser();
    const made = (id: string, kind: string, materialIds: number[]) => ({ id, kind, ownerUserId: owner.id, type: 1, validityType: 1, viewRange: 1, isSync: 0, materialIds });
    const [a, b] = [unique('share-a'), unique('share-b')];
    await getDb().insert(shares).values([made(a, 'material', [own.id]), made(b, 'folder', [])]);
    await getDb().insert(shareViewDays).values([
      { shareId: a, day: '2024-03-01', views: 4 },
      { shareId: a, day: '2024-03-02', views: 1 },
      { shareId: b, day: '2024-03-02', views: 2 },
      { shareId: b, day: '2024-03-04', views: 9 },
    ]);
    const range: InsightsRange = { from: '2024-03-01', to: '2024-03-03', days: 3, preset: null };
    const all = await countShareOpens(range);
    expect(all.days).toEqual([
      { day: '2024-03-01', opens: 4 },
      { day: '2024-03-02', opens: 3 },
      { day: '2024-03-03', opens: 0 },
    ]);
    expect(all.total).toBe(7);
    expect(all.byKind).toEqual([
      { kind: 'material', opens: 5, shares: 1 },
      { kind: 'folder', opens: 2, shares: 1 },
    ]);
    const mine = await countShareOpens(range, { supplierCompanyId: supplier.companyId });
    expect(mine.total).toBe(5);
    expect(mine.byKind).toEqual([{ kind: 'material', opens: 5, shares: 1 }]);
  });
});

describe('the sample funnel', () => {
  let tannery: Awaited<ReturnType<typeof createEnterprise>>;
  let leather: number;
  const node: Record<string, number> = {};
  const { call: material } = apiCaller(M);

  beforeAll(async () => {
    for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, ['CN', 'CN-GD', 'CN-GD-DG']))) node[row.code] = row.id;
    tannery = await createEnterprise({ company: { orgName: '漏斗皮革', nameEn: 'Funnel Leather' } });
    leather = (await createMaterial(tannery.companyId, 'twill', { hexes: ['#aa3322', '#223344', '#556677'] })).id;
  });

  async function buyerWithAddress() {
    const token = await createSession(await createUser({ role: 1 }));
    const address = await material('/buyer/address/add', { token, body: { receiver: '林设计', phone: '13800138000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], detail: '厚街镇 8 号' } });
    expect(address.status).toBe(200);
    return { token, addressId: address.body.data.id as number };
  }

  it('follows the lines bagged to their requests and each request’s steps, with the share and median time of each', async () => {
    const cards = (await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, leather))).map((c) => c.id);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    const range = rangeOf({});
    const before = await measureSampleFunnel(range, { supplierCompanyId: tannery.companyId });
    expect(before.steps.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);

    // Buyer one bags two colors (one twice: still one line) and requests both; the tannery accepts, ships, and the
    // buyer confirms receipt. Buyer two bags a third color and takes it out again.
    const one = await buyerWithAddress();
    const bag = async (token: string, colorCardId: number) => (await material('/buyer/sample/bag/add', { token, body: { materialId: leather, colorCardId, quantity: 1 } })).body.data.id as number;
    const first = await bag(one.token, cards[0]!);
    await bag(one.token, cards[0]!);
    const second = await bag(one.token, cards[1]!);
    const submitted = await material('/buyer/sample/apply/submit', { token: one.token, body: { itemIds: [first, second], addressId: one.addressId, note: '' } });
    expect(submitted.status).toBe(200);
    const requestId = submitted.body.data.requestIds[0] as number;
    expect((await material('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id: requestId } })).status).toBe(200);
    expect((await material('/supplier/sample/apply/ship', { token: tannery.adminToken, body: { id: requestId, carrier: '顺丰速运', trackingNo: 'SF1234567890' } })).status).toBe(200);
    expect((await material('/buyer/sample/apply/receive', { token: one.token, body: { id: requestId } })).status).toBe(200);
    const two = await buyerWithAddress();
    const dropped = await bag(two.token, cards[2]!);
    expect((await material('/buyer/sample/bag/del', { token: two.token, body: { ids: [dropped] } })).status).toBe(200);

    // Known times: the lines an hour before the request, acceptance two hours after it, shipment a day later,
    // receipt two days after that.
    const events = await getDb().select().from(sampleRequestEvents).where(eq(sampleRequestEvents.requestId, requestId));
    const submittedAt = events.find((e) => e.state === 'submitted')!.at.getTime();
    const moveTo = (state: string, time: number) => getDb().update(sampleRequestEvents).set({ at: new Date(time) }).where(and(eq(sampleRequestEvents.requestId, requestId), eq(sampleRequestEvents.state, state)));
    await moveTo('accepted', submittedAt + 2 * 3600_000);
    await moveTo('shipped', submittedAt + 26 * 3600_000);
    await moveTo('received', submittedAt + 74 * 3600_000);
    const [request] = await getDb().select({ createdAt: sampleRequests.createdAt }).from(sampleRequests).where(eq(sampleRequests.id, requestId));
    await getDb().update(sampleRequestItems).set({ addedToBagAt: new Date(request!.createdAt.getTime() - 3600_000) }).where(eq(sampleRequestItems.requestId, requestId));

    const funnel = await measureSampleFunnel(range, { supplierCompanyId: tannery.companyId });
    expect(funnel.requests).toBe(1);
    expect(funnel.steps.map((s) => [s.step, s.count, s.fromPrevious])).toEqual([
      ['added', 3, null],
      ['requested', 2, 2 / 3],
      ['accepted', 1, 1],
      ['shipped', 1, 1],
      ['received', 1, 1],
    ]);
    // The request's own time and its "submitted" step are written in one transaction, a moment apart.
    const hours = funnel.steps.map((s) => (s.medianSeconds === null ? null : Math.round(s.medianSeconds / 360) / 10));
    expect(hours).toEqual([null, 1, 2, 24, 48]);

    // The supplier's slice holds the same funnel.
    expect((await summarizeSupplierInsights(tannery.companyId, 'cn')).sampleFunnel).toEqual(funnel);
    // Another supplier's funnel is not touched.
    const other = await createEnterprise();
    expect((await measureSampleFunnel(range, { supplierCompanyId: other.companyId })).steps.every((s) => s.count === 0)).toBe(true);
  });

  it('leaves out lines bagged outside the range', async () => {
    const range = { from: '2024-01-01', to: '2024-01-02', days: 2, preset: null };
    await getDb().insert(sampleBagAdds).values({ userId: (await createUser()).id, materialId: leather, supplierCompanyId: tannery.companyId, at: new Date('2023-12-31T23:59:59Z') });
    expect((await measureSampleFunnel(range, { supplierCompanyId: tannery.companyId })).steps[0]?.count).toBe(0);
  });
});

describe('the supplier’s slice', () => {
  it('counts the views of its materials by others once per session and day, and the searches that showed them', async () => {
    const company = await createEnterprise();
    const item = await createMaterial(company.companyId, 'twill', { nameCn: '切片真皮', nameEn: 'Sliced leather' });
    const now = new Date();
    const base = { sessionId: unique('slice'), roleCode: 500, occurredAt: now, receivedAt: now };
    await getDb()
      .insert(analyticsEvents)
      .values([
        // One session replaying its view many times is one view; another session's is a second.
        ...Array.from({ length: 50 }, () => ({ ...base, event: USAGE_EVENTS.materialView, properties: { materialId: item.id, supplierId: company.companyId } })),
        { ...base, sessionId: unique('slice'), event: USAGE_EVENTS.materialView, properties: { materialId: item.id, supplierId: company.companyId } },
        { ...base, event: USAGE_EVENTS.materialView, properties: { materialId: item.id, supplierId: company.companyId }, companyId: company.companyId },
        { ...base, event: USAGE_EVENTS.search, properties: { kind: 'text', keywords: '切片', results: 3, suppliers: `,1,${company.companyId},` } },
        { ...base, event: USAGE_EVENTS.search, properties: { kind: 'text', keywords: '切片', results: 3, suppliers: `,${company.companyId}1,` } },
      ]);
    const slice = await summarizeSupplierInsights(company.companyId, 'en', now);
    expect(slice.range.days).toBe(30);
    expect(slice.materialViews.total).toBe(2);
    expect(slice.materialViews.days.at(-1)?.views).toBe(2);
    expect(slice.materialViews.materials).toEqual([{ materialId: item.id, name: 'Sliced leather', views: 2 }]);
    // `,12,` does not name supplier 1.
    expect(slice.searches).toEqual({ searches: 1, words: [{ word: '切片', searches: 1 }] });
  });
});

describe('the CSV', () => {
  let adminToken: string;

  beforeAll(async () => {
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    adminToken = await createSession(admin);
    // A word that would be a formula in a spreadsheet, and one that needs quotes.
    const properties = (keywords: string) => ({ kind: 'text', keywords, results: 0 });
    const when = at('2025-03-10');
    await getDb()
      .insert(analyticsEvents)
      .values(['=HYPERLINK("x")', 'leather, soft', '真皮'].map((keywords) => ({ event: USAGE_EVENTS.search, sessionId: 'csv', roleCode: 500, properties: properties(keywords), occurredAt: when, receivedAt: when })));
  });

  it('downloads a section as UTF-8 with a byte-order mark, quoted, heads in the caller’s language', async () => {
    const res = await send(`${CSV}?section=noResults&from=2025-03-10&to=2025-03-10`, { token: adminToken, lang: 'zh-CN' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="matlib-insights-noResults-2025-03-10-2025-03-10.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(`${getT('cn')('insights.sections.searchWords.word')},搜索次数,无结果,会话`);
    expect(lines.slice(1, -1).sort()).toEqual(['"\'=hyperlink(""x"")",1,1,1', '"leather, soft",1,1,1', '真皮,1,1,1']);
    expect(lines.at(-1)).toBe('');
  });

  it('has every day of a range in the visits section, and its total', async () => {
    const res = await send(`${CSV}?section=visits&days=7`, { token: adminToken, lang: 'en' });
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Day,Page views,Sessions,Signed-in users');
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines.at(-1)).toMatch(/^Whole range,\d+,\d+,\d+$/);
  });

  it('is for platform administrators only', async () => {
    expect((await call(`${CSV}?section=visits`)).status).toBe(401);
    const buyer = await createSession(await createUser());
    const refused = await call(`${CSV}?section=visits`, { token: buyer });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR.authError);
  });

  it.each([
    ['an unknown section', 'section=secrets', 'section'],
    ['a range that is not a preset', 'section=visits&days=8', 'days'],
    ['a start without an end', 'section=visits&from=2025-01-01', 'to'],
    ['a day that does not exist', 'section=visits&from=2025-02-30&to=2025-03-01', 'from'],
    ['a start after the end', 'section=visits&from=2025-03-02&to=2025-03-01', 'from'],
    ['an end after today', `section=visits&from=2025-01-01&to=${new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)}`, 'to'],
    ['more than 366 days', 'section=visits&from=2024-01-01&to=2025-01-01', 'from'],
  ])('refuses %s with the field at fault', async (_what, query, field) => {
    const res = await call(`${CSV}?${query}`, { token: adminToken });
    expect(res.status).toBe(422);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('the dashboard page’s loader (/admin/insights)', () => {
  const t = getT('en');

  it('is for platform administrators only', async () => {
    const buyer = await findSession(await createSession(await createUser()));
    expect((await loadInsightsPage(null, new URL('http://x/admin/insights'), 'en', t)).kind).toBe('forbidden');
    expect((await loadInsightsPage(buyer, new URL('http://x/admin/insights'), 'en', t)).kind).toBe('forbidden');
  });

  it('shows the last 30 days by default, a preset or a custom range, and the fields at fault otherwise', async () => {
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const session = await findSession(await createSession(admin));
    const now = new Date('2026-03-15T10:00:00Z');
    const shown = await loadInsightsPage(session, new URL('http://x/admin/insights'), 'en', t, now);
    expect(shown.kind === 'ok' && shown.range).toEqual({ from: '2026-02-14', to: '2026-03-15', days: 30, preset: 30 });
    const week = await loadInsightsPage(session, new URL('http://x/admin/insights?days=7'), 'en', t, now);
    expect(week.kind === 'ok' && week.insights.visits.days).toHaveLength(7);
    const custom = await loadInsightsPage(session, new URL('http://x/admin/insights?from=2025-02-01&to=2025-02-03'), 'en', t, now);
    expect(custom.kind === 'ok' && custom.insights.visits.total.pageViews).toBe(4);
    const wrong = await loadInsightsPage(session, new URL('http://x/admin/insights?from=2025-02-03&to=2025-02-01'), 'en', t, now);
    expect(wrong).toEqual({ kind: 'invalid', typed: { from: '2025-02-03', to: '2025-02-01' }, fieldErrors: { from: 'The start cannot be after the end' } });
  });
});

describe('retention', () => {
  it('deletes error-log entries and the bag’s timeline past the retention with the usage events', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 200 * DAY);
    const [error] = await getDb().insert(clientErrors).values({ kind: 'api', page: '/x', message: 'old', traceHash: 'eeee', occurredAt: old, receivedAt: old }).returning({ id: clientErrors.id });
    const [fresh] = await getDb().insert(clientErrors).values({ kind: 'api', page: '/x', message: 'new', traceHash: 'ffff', occurredAt: now }).returning({ id: clientErrors.id });
    const user = await createUser();
    await getDb().insert(sampleBagAdds).values([{ userId: user.id, at: old }, { userId: user.id, at: now }]);
    expect(await pruneEvents(180, now)).toBeGreaterThanOrEqual(2);
    expect((await getDb().select({ id: clientErrors.id }).from(clientErrors).where(inArray(clientErrors.id, [error!.id, fresh!.id]))).map((r) => r.id)).toEqual([fresh!.id]);
    const [left] = await getDb().select({ n: count() }).from(sampleBagAdds).where(eq(sampleBagAdds.userId, user.id));
    expect(left?.n).toBe(1);
  });
});
