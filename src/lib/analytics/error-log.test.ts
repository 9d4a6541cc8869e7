import { describe, expect, it } from 'vitest';
import { ERROR_LOG_CAP, UI } from '../constants';
import { ERROR_LOG_LIMITS } from '../contracts/analytics-rules';
import type { Environment } from '../host';
import { createErrorLog, ERROR_LOG_KEY, type ErrorLogEnv } from './error-log';

/** localStorage as a Map, fetch that records, a clock the test moves. */
function fakeBrowser(options: { environment?: Environment; enabled?: boolean; storage?: 'ok' | 'refused' } = {}) {
  const store = new Map<string, string>();
  const fetches: { url: string; init: RequestInit }[] = [];
  let now = Date.UTC(2026, 10, 1);
  const env: ErrorLogEnv = {
    storage: () => (options.storage === 'refused' ? null : { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }),
    now: () => now,
    environment: () => options.environment ?? 'production',
    enabled: () => options.enabled ?? true,
    sessionId: () => '7312345678901234',
    fetch: async (url, init) => {
      fetches.push({ url, init });
      return new Response('{}');
    },
    url: '/api/data-transit/data/error-log',
  };
  return { env, store, fetches, advance: (ms: number) => (now += ms) };
}

const failure = (trace: string) => ({ kind: 'api' as const, page: '/sample-bag', code: 100500, message: 'Server error', trace });

describe('the error log', () => {
  it('keeps failures in localStorage, at most 30, dropping the oldest', () => {
    const b = fakeBrowser();
    const log = createErrorLog(b.env);
    for (let i = 0; i < ERROR_LOG_CAP + 5; i += 1) {
      expect(log.record(failure(`trace ${i}`))).toBe(true);
      b.advance(10);
    }
    const kept = JSON.parse(b.store.get(ERROR_LOG_KEY) ?? '[]') as { trace: string }[];
    expect(kept).toHaveLength(ERROR_LOG_CAP);
    expect(kept[0]?.trace).toBe('trace 5');
    expect(kept.at(-1)?.trace).toBe(`trace ${ERROR_LOG_CAP + 4}`);
  });

  it('does not log the same trace again within 2 seconds', () => {
    const b = fakeBrowser();
    const log = createErrorLog(b.env);
    expect(log.record(failure('500 /api/x'))).toBe(true);
    b.advance(UI.dialogDedupeMs - 1);
    expect(log.record(failure('500 /api/x'))).toBe(false);
    // Another trace meanwhile is its own entry.
    expect(log.record(failure('404 /api/y'))).toBe(true);
    b.advance(1);
    expect(log.record(failure('500 /api/x'))).toBe(true);
    expect(log.entries().map((e) => e.trace)).toEqual(['500 /api/x', '404 /api/y', '500 /api/x']);
  });

  it('keeps what it is given within the route’s limits, the page without its query', () => {
    const b = fakeBrowser();
    const log = createErrorLog(b.env);
    log.record({ kind: 'error', page: '/material/detail?materialId=5&ilt=secret', code: null, message: 'm'.repeat(1000), trace: 't'.repeat(5000) });
    const [entry] = log.entries();
    expect(entry?.page).toBe('/material/detail');
    expect(entry?.message).toHaveLength(ERROR_LOG_LIMITS.messageLength);
    expect(entry?.trace).toHaveLength(ERROR_LOG_LIMITS.traceLength);
  });

  it('sends the entries not yet sent with a keepalive PUT, once', () => {
    const b = fakeBrowser();
    const log = createErrorLog(b.env);
    log.record(failure('a'));
    log.record(failure('b'));
    log.flush();
    expect(b.fetches).toHaveLength(1);
    const [{ url, init }] = b.fetches as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/data-transit/data/error-log');
    expect(init).toMatchObject({ method: 'PUT', keepalive: true, headers: { 'Content-Type': 'application/json' } });
    const body = JSON.parse(String(init.body)) as { sessionId: string; entries: { trace: string; sent?: boolean }[] };
    expect(body.sessionId).toBe('7312345678901234');
    expect(body.entries.map((e) => e.trace)).toEqual(['a', 'b']);
    expect(body.entries.every((e) => !('sent' in e))).toBe(true);
    // Sent ones stay in the log (still counted against its cap) but do not go again.
    log.flush();
    expect(b.fetches).toHaveLength(1);
    log.record(failure('c'));
    log.flush();
    expect(JSON.parse(String(b.fetches[1]?.init.body)).entries.map((e: { trace: string }) => e.trace)).toEqual(['c']);
    expect(log.entries()).toHaveLength(3);
  });

  it('sends nothing in development, but still keeps the failures', () => {
    const b = fakeBrowser({ environment: 'development' });
    const log = createErrorLog(b.env);
    log.record(failure('a'));
    log.flush();
    expect(b.fetches).toEqual([]);
    expect(log.entries()).toHaveLength(1);
  });

  it('keeps and sends nothing for a visitor who opted out or inside the companion app', () => {
    const b = fakeBrowser({ enabled: false });
    const log = createErrorLog(b.env);
    expect(log.record(failure('a'))).toBe(false);
    log.flush();
    expect(b.fetches).toEqual([]);
    expect(b.store.has(ERROR_LOG_KEY)).toBe(false);
  });

  it('lives in the page when storage is refused, with the same cap and window', () => {
    const b = fakeBrowser({ storage: 'refused' });
    const log = createErrorLog(b.env);
    for (let i = 0; i < ERROR_LOG_CAP + 1; i += 1) log.record(failure(`t${i}`));
    expect(log.record(failure(`t${ERROR_LOG_CAP}`))).toBe(false);
    expect(log.entries()).toHaveLength(ERROR_LOG_CAP);
  });

  it('ignores what it did not write', () => {
    const b = fakeBrowser();
    b.store.set(ERROR_LOG_KEY, '{"not": "a list"');
    const log = createErrorLog(b.env);
    expect(log.entries()).toEqual([]);
    b.store.set(ERROR_LOG_KEY, JSON.stringify([{ kind: 'api' }, failure('x')]));
    expect(log.entries()).toEqual([]);
    expect(log.record(failure('y'))).toBe(true);
  });
});
