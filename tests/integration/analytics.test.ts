/**
 * Usage events are written by anyone, so they are bounded: what one call may carry, how many calls an address and a
 * session may make, and how long the rows are kept.
 */
import { count, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS } from '../../src/lib/contracts/analytics';
import { ERROR } from '../../src/lib/errors';
import { pruneEvents } from '../../src/lib/server/analytics/prune-events';
import { getDb } from '../../src/lib/server/db/client';
import { analyticsEvents } from '../../src/lib/server/db/schema';
import { enqueueJob } from '../../src/lib/server/jobs/enqueue-job';
import { producer } from '../../src/lib/server/jobs/job-boss';
import { repeatJobs } from '../../src/lib/server/jobs/repeat-jobs';
import { LIMITS } from '../../src/lib/server/security/rate-limit';
import { apiCaller } from '../fixtures/api';
import { createSession, createUser } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';

const { call } = apiCaller('');
const COLLECT = '/api/data-transit/data/collect';
const DAY_MS = 24 * 60 * 60 * 1000;

let n = 0;
/** A fresh session id, so each test counts its own events and its own calls. */
const session = (what: string) => `an-${what}-${Date.now()}-${(n += 1)}`;
const event = (sessionId: string, overrides: Record<string, unknown> = {}) => ({ event: 'page.view', sessionId, roleCode: 500, ...overrides });

async function stored(sessionId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
  return row?.n ?? 0;
}

describe('what one call may carry', () => {
  it('takes a batch of as many events with as many properties as allowed', async () => {
    const s = session('full');
    const properties = Object.fromEntries(Array.from({ length: ANALYTICS_LIMITS.properties }, (_, i) => [`p${i}`.padEnd(ANALYTICS_LIMITS.keyLength, 'k'), i % 2 ? 'value' : i]));
    const res = await call(COLLECT, { body: { content: Array.from({ length: ANALYTICS_LIMITS.events }, () => event(s, { properties, time: Date.now() })) }, ip: '10.8.0.1' });
    expect(res.status).toBe(200);
    expect(await stored(s)).toBe(ANALYTICS_LIMITS.events);
  });

  it('answers 413 for a body over the route’s limit, even when every value is within its own', async () => {
    const s = session('large');
    const properties = Object.fromEntries(Array.from({ length: ANALYTICS_LIMITS.properties }, (_, i) => [`p${i}`, 'v'.repeat(ANALYTICS_LIMITS.valueLength)]));
    const res = await call(COLLECT, { body: { content: Array.from({ length: ANALYTICS_LIMITS.events }, () => event(s, { properties })) }, ip: '10.8.0.1' });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ERROR.payloadTooLarge);
    expect(await stored(s)).toBe(0);
  });

  const longKey = 'k'.repeat(ANALYTICS_LIMITS.keyLength + 1);
  it.each([
    ['too many events', (s: string) => Array.from({ length: ANALYTICS_LIMITS.events + 1 }, () => event(s)), 'content', ERROR.fieldTooLong],
    ['too many properties', (s: string) => [event(s), event(s, { properties: Object.fromEntries(Array.from({ length: ANALYTICS_LIMITS.properties + 1 }, (_, i) => [`p${i}`, i])) })], 'content[1].properties', ERROR.fieldTooLong],
    ['a property name too long', (s: string) => [event(s), event(s, { properties: { [longKey]: 1 } })], `content[1].properties.${longKey}`, ERROR.fieldInvalid],
    ['a property name that is not a word', (s: string) => [event(s), event(s, { properties: { 'a b': 1 } })], 'content[1].properties.a b', ERROR.fieldInvalid],
    ['a property value too long', (s: string) => [event(s), event(s, { properties: { q: 'v'.repeat(ANALYTICS_LIMITS.valueLength + 1) } })], 'content[1].properties.q', ERROR.fieldTooLong],
    ['a nested property value', (s: string) => [event(s), event(s, { properties: { q: { deep: 1 } } })], 'content[1].properties.q', ERROR.fieldInvalid],
    ['a session id too long', () => [event('s'.repeat(ANALYTICS_LIMITS.idLength + 1))], 'content[0].sessionId', ERROR.fieldTooLong],
    ['a session id with markup', () => [event('<script>')], 'content[0].sessionId', ERROR.fieldInvalid],
    ['a time before 2020', (s: string) => [event(s), event(s, { time: Date.UTC(2019, 11, 31) })], 'content[1].time', ERROR.fieldInvalid],
    ['a time no date can hold', (s: string) => [event(s), event(s, { time: 9_000_000_000_000_000 })], 'content[1].time', ERROR.fieldTooLong],
    ['two sessions in one batch', (s: string) => [event(s), event(`${s}-other`)], 'content[1].sessionId', ERROR.fieldInvalid],
  ])('refuses %s with a field error and stores nothing', async (_what, content, field, code) => {
    const s = session('bound');
    const res = await call(COLLECT, { body: { content: content(s) }, ip: '10.8.0.2' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
    const [row] = await getDb().select({ n: count() }).from(analyticsEvents).where(like(analyticsEvents.sessionId, `${s}%`));
    expect(row?.n).toBe(0);
  });
});

describe('how often', () => {
  it('answers 429 with Retry-After once a session has spent its calls, and stores nothing then', async () => {
    const s = session('limit');
    const { points } = LIMITS['analytics.session'];
    for (let i = 0; i < points; i += 1) {
      // Each call from another address: only the session's count can stop them.
      const res = await call(COLLECT, { body: { content: [event(s)] }, ip: `10.8.1.${i}` });
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const over = await call(COLLECT, { body: { content: [event(s)] }, ip: '10.8.2.1' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(ERROR.rateLimited);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored(s)).toBe(points);
  });

  it('counts a signed-in user across analytics sessions', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const { points } = LIMITS['analytics.session'];
    for (let i = 0; i < points; i += 1) {
      const res = await call(COLLECT, { body: { content: [event(session('user'))] }, token, ip: `10.8.3.${i}` });
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const over = await call(COLLECT, { body: { content: [event(session('user'))] }, token, ip: '10.8.4.1' });
    expect(over.status).toBe(429);
  });

  it('stores at most the address’s budget of events in five minutes, whatever sessions it names, and tells the client where it stands', async () => {
    const { points, duration } = LIMITS['analytics.ip'];
    const full = ANALYTICS_LIMITS.events;
    let sent = 0;
    for (let i = 0; sent + full <= points; i += 1, sent += full) {
      const s = session('ip');
      const res = await call(COLLECT, { body: { content: Array.from({ length: full }, () => event(s)) }, ip: '10.8.5.1' });
      expect(res.status, `call ${i + 1}`).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toContain(`"analytics.ip";q=${points};w=${duration}`);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`"analytics\\.ip";r=${points - sent - full};t=\\d+`));
    }
    const fresh = session('ip-over');
    const over = await call(COLLECT, { body: { content: [event(fresh)] }, ip: '10.8.5.1' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit')).toMatch(/"analytics\.ip";r=0;t=\d+/);
    expect(await stored(fresh)).toBe(0);
    // Another address is not affected.
    expect((await call(COLLECT, { body: { content: [event(fresh)] }, ip: '10.8.5.2' })).status).toBe(200);
  });
});

describe('forged views', () => {
  const SNOW = '/api/data-transit/data/snow/id';
  const view = (sessionId: string) => event(sessionId, { event: 'material.view', properties: { materialId: 11, supplierId: 22 } });

  it('keeps a material view only in a session the server issued, and the rest of the batch either way', async () => {
    const issued = (await call(SNOW, { ip: '10.8.6.1' })).body.data as string;
    expect(issued).toMatch(/^\d+-[A-Za-z0-9_-]{16}$/);
    expect((await call(COLLECT, { body: { content: [view(issued), view(issued)] }, ip: '10.8.6.1' })).body.data.ids).toHaveLength(2);
    expect(await stored(issued)).toBe(2);
    for (const forged of [session('forged'), `${issued.split('-')[0]}-${'A'.repeat(16)}`, `${BigInt(issued.split('-')[0]!) + 1n}-${issued.split('-')[1]}`]) {
      const res = await call(COLLECT, { body: { content: [view(forged), event(forged)] }, ip: '10.8.6.1' });
      expect(res.status).toBe(200);
      expect(res.body.data.ids).toHaveLength(1);
      const rows = await getDb().select({ event: analyticsEvents.event }).from(analyticsEvents).where(eq(analyticsEvents.sessionId, forged));
      expect(rows).toEqual([{ event: 'page.view' }]);
    }
  });

  it('gives one address a bounded number of sessions', async () => {
    const { points, duration } = LIMITS['analyticsSession.ip'];
    for (let i = 0; i < points; i += 1) expect((await call(SNOW, { ip: '10.8.6.2' })).status, `session ${i + 1}`).toBe(200);
    const over = await call(SNOW, { ip: '10.8.6.2' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-policy')).toBe(`"analyticsSession.ip";q=${points};w=${duration}`);
    expect((await call(SNOW, { ip: '10.8.6.3' })).status).toBe(200);
  });
});

describe('how long', () => {
  it('deletes the events received before the retention period and keeps the rest', async () => {
    const s = session('retention');
    const now = new Date();
    const receivedDaysAgo = [400, 91, 89, 1, 0];
    const rows = await getDb()
      .insert(analyticsEvents)
      .values(receivedDaysAgo.map((days) => ({ event: `age.${days}`, sessionId: s, roleCode: 500, occurredAt: now, receivedAt: new Date(now.getTime() - days * DAY_MS) })))
      .returning({ id: analyticsEvents.id, event: analyticsEvents.event });
    // Other files write events meanwhile; this asks only about its own rows.
    expect(await pruneEvents(90, now)).toBeGreaterThanOrEqual(2);
    const left = await getDb().select({ event: analyticsEvents.event }).from(analyticsEvents).where(inArray(analyticsEvents.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.event).sort()).toEqual(['age.0', 'age.1', 'age.89']);
  });

  it('is a job every app process queues at start, one waiting at a time however many ask', async () => {
    const stop = repeatJobs();
    try {
      await waitUntil('the retention job to be queued', () => producer().findJobs('prune-analytics'), (jobs) => jobs.length > 0);
    } finally {
      stop();
    }
    await enqueueJob('prune-analytics', {}, { startAfter: 3600 });
    expect(await enqueueJob('prune-analytics', {}, { startAfter: 3600 })).toBe(0);
  });
});
