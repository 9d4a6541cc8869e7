import { describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, USAGE_EVENTS } from '../contracts/analytics-rules';
import type { HostType } from '../host';
import type { UsageEvent } from './events';
import { supplierList } from './events';
import { createTracker, DEVICE_ID_KEY, USAGE_FLUSH_MS, type TrackerEnv } from './tracker';

/** A browser made of fakes: storage, a beacon that can refuse, fetch, cookies, the host and a clock with timers. */
function fakeBrowser(options: { beacon?: 'accept' | 'refuse' | 'none'; host?: HostType; cookie?: string; token?: string } = {}) {
  const beacons: { url: string; body: string; type: string }[] = [];
  const fetches: { url: string; init: RequestInit }[] = [];
  const store = new Map<string, string>();
  const timers: { run: () => void; at: number }[] = [];
  let now = Date.UTC(2026, 10, 1);
  let hidden: (() => void) | null = null;
  const env: TrackerEnv = {
    sendBeacon:
      options.beacon === 'none'
        ? undefined
        : (url, data) => {
            if (options.beacon === 'refuse') return false;
            // The Blob's text is read when checked; its type says what the server is sent.
            const beacon = { url, body: '', type: data.type };
            beacons.push(beacon);
            void data.text().then((text) => (beacon.body = text));
            return true;
          },
    fetch: async (url, init) => {
      fetches.push({ url, init });
      return new Response('{}');
    },
    storage: () => ({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }),
    cookie: () => options.cookie ?? '',
    hostType: () => options.host ?? 'browser',
    loadSessionId: async () => '7312345678901234',
    roleCode: () => 500,
    bearerToken: () => options.token ?? null,
    url: '/api/data-transit/data/collect',
    now: () => now,
    randomId: () => `id${store.size}abc`,
    setTimer: (run, ms) => {
      const timer = { run, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const i = timers.indexOf(timer as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    onHidden: (flush) => {
      hidden = flush;
    },
  };
  return {
    env,
    beacons,
    fetches,
    store,
    timers,
    /** Moves the clock on, running the timers that come due. */
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers].filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    hide: () => hidden?.(),
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const view = (path: string): UsageEvent => ({ event: USAGE_EVENTS.pageView, properties: { path } });
const bodies = async (b: ReturnType<typeof fakeBrowser>) => {
  await b.settle();
  return [...b.beacons.map((x) => x.body), ...b.fetches.map((x) => String(x.init.body))].map((text) => JSON.parse(text) as { content: Record<string, unknown>[] });
};

describe('the usage-event tracker', () => {
  it('waits a short while, then sends what was queued in one beacon with the session, device and role', async () => {
    const b = fakeBrowser();
    const tracker = createTracker(b.env);
    tracker.track(view('/home'));
    await b.settle();
    tracker.track({ event: USAGE_EVENTS.sampleBagAdd, properties: { materialId: 4, colorCardId: 9, quantity: 2 } });
    expect(b.beacons).toHaveLength(0);
    b.advance(USAGE_FLUSH_MS);
    const [sent, ...more] = await bodies(b);
    expect(more).toEqual([]);
    expect(b.beacons[0]).toMatchObject({ url: '/api/data-transit/data/collect', type: 'application/json' });
    expect(sent?.content).toEqual([
      { event: 'page.view', sessionId: '7312345678901234', deviceId: expect.stringMatching(/^[A-Za-z0-9]+$/), roleCode: 500, properties: { path: '/home' }, time: expect.any(Number) },
      { event: 'sampleBag.add', sessionId: '7312345678901234', deviceId: expect.any(String), roleCode: 500, properties: { materialId: 4, colorCardId: 9, quantity: 2 }, time: expect.any(Number) },
    ]);
    // The device id is kept for the next page.
    expect(b.store.get(DEVICE_ID_KEY)).toBe(sent?.content[0]?.deviceId);
  });

  it('sends at once when the page is hidden, and never an empty call', async () => {
    const b = fakeBrowser();
    const tracker = createTracker(b.env);
    tracker.track(view('/search/materials'));
    b.hide();
    expect(b.beacons).toHaveLength(1);
    expect(b.timers).toHaveLength(0);
    b.hide();
    b.advance(USAGE_FLUSH_MS);
    expect(b.beacons).toHaveLength(1);
  });

  it('sends no more events per call than the call takes, and sends a full batch without waiting', async () => {
    const b = fakeBrowser();
    const tracker = createTracker(b.env);
    for (let i = 0; i < ANALYTICS_LIMITS.events * 2 + 3; i += 1) tracker.track(view(`/p/${i}`));
    expect(b.beacons).toHaveLength(2);
    b.hide();
    const sent = await bodies(b);
    expect(sent.map((s) => s.content.length)).toEqual([ANALYTICS_LIMITS.events, ANALYTICS_LIMITS.events, 3]);
  });

  it('splits a batch that would pass the body limit', async () => {
    const b = fakeBrowser();
    const tracker = createTracker(b.env);
    const long = '字'.repeat(ANALYTICS_LIMITS.valueLength);
    // Every property at its longest, in a script of three bytes a character: about 10 KB an event, so 19 of them,
    // within the count a call takes, pass 32 KB only counted in bytes.
    const properties = Object.fromEntries(Array.from({ length: ANALYTICS_LIMITS.properties }, (_, i) => [`p${i}`, long]));
    for (let i = 0; i < 19; i += 1) tracker.track({ event: USAGE_EVENTS.search, properties } as unknown as UsageEvent);
    b.hide();
    const sent = await bodies(b);
    expect(sent.length).toBeGreaterThan(1);
    for (const s of sent) expect(new TextEncoder().encode(JSON.stringify(s)).length).toBeLessThanOrEqual(ANALYTICS_LIMITS.bodyBytes);
    expect(sent.flatMap((s) => s.content)).toHaveLength(19);
  });

  it('cuts a text property to what the server takes', async () => {
    const b = fakeBrowser();
    createTracker(b.env).track(view(`/${'x'.repeat(500)}`));
    b.hide();
    const [sent] = await bodies(b);
    expect(String(sent?.content[0]?.properties && (sent.content[0].properties as { path: string }).path)).toHaveLength(ANALYTICS_LIMITS.valueLength);
  });

  it('falls back to a keepalive fetch where the browser has no beacon or refuses it', async () => {
    for (const beacon of ['none', 'refuse'] as const) {
      const b = fakeBrowser({ beacon });
      createTracker(b.env).track(view('/home'));
      b.hide();
      expect(b.fetches).toHaveLength(1);
      expect(b.fetches[0]?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } });
      expect((await bodies(b))[0]?.content).toHaveLength(1);
    }
  });

  it('sends with the bearer token a host app keeps, which a beacon could not carry', () => {
    const b = fakeBrowser({ token: 'tok' });
    createTracker(b.env).track(view('/home'));
    b.hide();
    expect(b.beacons).toHaveLength(0);
    expect(b.fetches[0]?.init.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('sends nothing for a visitor who opted out', () => {
    const b = fakeBrowser({ cookie: 'lang=en; usage_events=off; tz=%2B08%3A00' });
    const tracker = createTracker(b.env);
    expect(tracker.enabled()).toBe(false);
    tracker.track(view('/home'));
    b.hide();
    b.advance(USAGE_FLUSH_MS);
    expect([...b.beacons, ...b.fetches]).toEqual([]);
    expect(b.timers).toEqual([]);
  });

  it('sends nothing inside the companion app', () => {
    const b = fakeBrowser({ host: 'companionApp' });
    const tracker = createTracker(b.env);
    tracker.track(view('/mobile/detail'));
    b.hide();
    b.advance(USAGE_FLUSH_MS);
    expect([...b.beacons, ...b.fetches]).toEqual([]);
  });

  it('drops what was queued when the visitor opts out before it went', () => {
    let cookie = '';
    const b = fakeBrowser();
    const tracker = createTracker({ ...b.env, cookie: () => cookie });
    tracker.track(view('/home'));
    cookie = 'usage_events=off';
    b.hide();
    expect(b.beacons).toEqual([]);
  });

  it('uses a session id of its own when the one it was given is not one the server takes', async () => {
    const b = fakeBrowser();
    const tracker = createTracker({ ...b.env, loadSessionId: async () => '<script>' });
    tracker.track(view('/home'));
    await b.settle();
    b.hide();
    const [sent] = await bodies(b);
    expect(sent?.content[0]?.sessionId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('the suppliers of a page of results', () => {
  it('names each once between commas, within what a property holds', () => {
    expect(supplierList([3, 12, 3, 7])).toBe(',3,12,7,');
    expect(supplierList([])).toBeUndefined();
    const many = supplierList(Array.from({ length: 100 }, (_, i) => 1_000_000 + i)) ?? '';
    expect(many.length).toBeLessThanOrEqual(ANALYTICS_LIMITS.valueLength);
    expect(many).toMatch(/^,(\d+,)+$/);
  });
});
