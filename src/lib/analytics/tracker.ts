/**
 * Usage events from the page to `data-transit/data/collect` (docs/product/insights.md#sending): queued, sent in
 * batches of at most the call's limit on a short timer and at once when the page is hidden, with
 * `navigator.sendBeacon` (which outlives the page) or, where there is none or it refuses, a `keepalive` fetch.
 * Nothing is queued inside the companion app or for a visitor who opted out.
 *
 * Every browser global is a seam (`TrackerEnv`), so tests drive it with fakes of `navigator`, storage and timers.
 */
import { ANALYTICS_LIMITS, usageOptedOut } from '../contracts/analytics-rules';
import type { HostType } from '../host';
import type { UsageEvent } from './events';
import type { RoleCode } from './role-code';

/** How long an event waits for others to share its call. */
export const USAGE_FLUSH_MS = 5_000;
/** Where the device id is kept: one per browser, random, not tied to the person. */
export const DEVICE_ID_KEY = 'matlib.did';

export interface TrackerEnv {
  /** `navigator.sendBeacon`, bound; absent where the browser has none. */
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  /** `localStorage`, or null where storage is refused. */
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  /** `document.cookie`: where the opt-out lives. */
  cookie: () => string;
  hostType: () => HostType;
  /** The analytics session id once known; asked for by `loadSessionId` at the first event. */
  loadSessionId: () => Promise<string | null>;
  roleCode: () => RoleCode;
  /** The bearer token a host app keeps; a beacon cannot carry it, so such a page sends with fetch. */
  bearerToken: () => string | null;
  url: string;
  now: () => number;
  randomId: () => string;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  /** Calls `flush` when the page is hidden or left; registered at the first event. */
  onHidden: (flush: () => void) => void;
}

type Queued = { event: string; properties: Record<string, string | number | boolean | null>; time: number };

export interface Tracker {
  /** Queues an event; a no-op when usage events are off here. */
  track(event: UsageEvent): void;
  /** Sends what is queued now. */
  flush(): void;
  /** Whether this page sends usage events at all. */
  enabled(): boolean;
}

const encoder = new TextEncoder();
const ID = new RegExp(`^[A-Za-z0-9_-]{1,${ANALYTICS_LIMITS.idLength}}$`);

/** Texts cut to what the server takes, so one long value never costs the whole batch. */
function bounded(properties: object): Queued['properties'] {
  const out: Queued['properties'] = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'string' ? value.slice(0, ANALYTICS_LIMITS.valueLength) : (value as number | boolean | null);
  }
  return out;
}

export function createTracker(env: TrackerEnv): Tracker {
  let queue: Queued[] = [];
  let timer: unknown = null;
  let started = false;
  let sessionId: string | null = null;
  let fallbackId: string | null = null;

  const enabled = () => env.hostType() !== 'companionApp' && !usageOptedOut(env.cookie());

  function deviceId(): string | undefined {
    try {
      const storage = env.storage();
      if (!storage) return undefined;
      const kept = storage.getItem(DEVICE_ID_KEY);
      if (kept && ID.test(kept)) return kept;
      const made = env.randomId();
      storage.setItem(DEVICE_ID_KEY, made);
      return made;
    } catch {
      return undefined;
    }
  }

  function start(): void {
    if (started) return;
    started = true;
    env.onHidden(flush);
    void env.loadSessionId().then(
      (id) => {
        // A `sessionId` from the page's query is anyone's text: one the server would refuse is not used.
        if (id && ID.test(id)) sessionId = id;
      },
      () => undefined,
    );
  }

  function send(body: string): void {
    const token = env.bearerToken();
    if (!token && env.sendBeacon) {
      try {
        if (env.sendBeacon(env.url, new Blob([body], { type: 'application/json' }))) return;
      } catch {
        // A beacon the browser refuses goes by fetch instead.
      }
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    void env.fetch(env.url, { method: 'POST', body, headers, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  }

  /** Calls of at most ANALYTICS_LIMITS.events events and bodyBytes bytes each. */
  function batches(events: object[]): string[] {
    const bodies: string[] = [];
    let current: object[] = [];
    const body = (list: object[]) => JSON.stringify({ content: list });
    for (const event of events) {
      const next = [...current, event];
      if (current.length > 0 && (next.length > ANALYTICS_LIMITS.events || encoder.encode(body(next)).length > ANALYTICS_LIMITS.bodyBytes)) {
        bodies.push(body(current));
        current = [event];
      } else current = next;
    }
    if (current.length > 0) bodies.push(body(current));
    return bodies;
  }

  function flush(): void {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
    const events = queue;
    queue = [];
    if (events.length === 0 || !enabled()) return;
    // The page may be closing: the session id is used if it came, else one of this page's own.
    const sid = sessionId ?? (fallbackId ??= env.randomId());
    const device = deviceId();
    const role = env.roleCode();
    const content = events.map((e) => ({ event: e.event, sessionId: sid, ...(device ? { deviceId: device } : {}), roleCode: role, properties: e.properties, time: e.time }));
    for (const body of batches(content)) send(body);
  }

  function track(event: UsageEvent): void {
    if (!enabled()) return;
    start();
    queue.push({ event: event.event, properties: bounded(event.properties), time: env.now() });
    if (queue.length >= ANALYTICS_LIMITS.events) flush();
    else if (timer === null) timer = env.setTimer(flush, USAGE_FLUSH_MS);
  }

  return { track, flush, enabled };
}
