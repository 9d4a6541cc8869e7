/**
 * The page's usage data (docs/product/insights.md#sending): its tracker and error log wired to the browser. Safe to
 * import anywhere, islands rendered on the server included: the browser is touched only when an event is tracked,
 * an error recorded, or `startUsage` runs (in the `UsageEvents` island, on every page with script).
 */
import { USAGE_PATHS } from '../api/analytics';
import { ApiError, api, onApiFailure, TOKEN_STORAGE_KEY } from '../api/client';
import { ANALYTICS_LIMITS, USAGE_EVENTS } from '../contracts/analytics-rules';
import { detectHost } from '../host';
import { $session } from '../stores/session';
import { createErrorLog } from './error-log';
import type { UsageEvent } from './events';
import { roleCodeOf } from './role-code';
import { createTracker, USAGE_FLUSH_MS } from './tracker';

export { searchWords, supplierList, type UsageEvent } from './events';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const host = () => detectHost({ userAgent: navigator.userAgent, url: new URL(location.href) });
const randomId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
const ID = new RegExp(`^[A-Za-z0-9_-]{1,${ANALYTICS_LIMITS.idLength}}$`);
let knownSessionId: string | null = null;

const hiddenListeners: (() => void)[] = [];
let watchingVisibility = false;
function onHidden(flush: () => void): void {
  hiddenListeners.push(flush);
  if (watchingVisibility) return;
  watchingVisibility = true;
  const all = () => hiddenListeners.forEach((f) => f());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') all();
  });
  window.addEventListener('pagehide', all);
}

const tracker = createTracker({
  sendBeacon: typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  fetch: (url, init) => fetch(url, init),
  storage: localStore,
  cookie: () => document.cookie,
  hostType: () => host().type,
  loadSessionId: () =>
    api.sessionId().then((id) => {
      if (id && ID.test(id)) knownSessionId = id;
      return id;
    }),
  roleCode: () => roleCodeOf($session.get()),
  bearerToken: () => localStore()?.getItem(TOKEN_STORAGE_KEY) ?? null,
  url: USAGE_PATHS.collect,
  now: () => Date.now(),
  randomId,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  onHidden,
});

const errorLog = createErrorLog({
  storage: localStore,
  now: () => Date.now(),
  environment: () => host().environment,
  enabled: () => tracker.enabled(),
  sessionId: () => knownSessionId,
  fetch: (url, init) => fetch(url, init),
  url: USAGE_PATHS.errorLog,
});

/** Sends a usage event with the next batch: call it where the thing happens, after it succeeded. */
export function track(event: UsageEvent): void {
  if (typeof window === 'undefined') return;
  tracker.track(event);
}

function describe(reason: unknown): { message: string; trace: string } {
  if (reason instanceof Error) return { message: reason.message, trace: reason.stack ?? `${reason.name}: ${reason.message}` };
  const text = typeof reason === 'string' ? reason : (() => {
    try {
      return JSON.stringify(reason) ?? String(reason);
    } catch {
      return String(reason);
    }
  })();
  return { message: text, trace: text };
}

let started = false;
let errorFlush: ReturnType<typeof setTimeout> | null = null;

/** Keeps a failure, and sends the log on the same short timer as usage events. */
function recordError(entry: Parameters<typeof errorLog.record>[0]): void {
  if (!errorLog.record(entry) || errorFlush !== null) return;
  errorFlush = setTimeout(() => {
    errorFlush = null;
    errorLog.flush();
  }, USAGE_FLUSH_MS);
}

/**
 * Once per page: counts the view and the page's own events (a search's results, a material's detail), and starts
 * the error log on uncaught errors, unhandled rejections and the API client's failures. Entries kept on earlier
 * pages are sent with this page's first flush.
 */
export function startUsage(pageEvents: readonly UsageEvent[] = []): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const page = () => location.pathname;
  onApiFailure((error, url) => {
    let path = url;
    try {
      path = new URL(url, location.href).pathname;
    } catch {
      // Not a URL: kept as the client gave it.
    }
    recordError({ kind: 'api', page: page(), code: error.code, message: error.message, trace: `${error.code} ${path}` });
  });
  window.addEventListener('error', (event) => {
    const { message, trace } = describe(event.error ?? event.message);
    recordError({ kind: 'error', page: page(), code: null, message: message || event.message, trace: event.error ? trace : `${event.message} @ ${event.filename}:${event.lineno}:${event.colno}` });
  });
  window.addEventListener('unhandledrejection', (event) => {
    // The client already logged its own failures, once per code and address.
    if (event.reason instanceof ApiError) return;
    recordError({ kind: 'rejection', page: page(), code: null, ...describe(event.reason) });
  });
  onHidden(() => errorLog.flush());
  tracker.track({ event: USAGE_EVENTS.pageView, properties: { path: page() } });
  for (const event of pageEvents) tracker.track(event);
  // A log left from earlier pages goes with this page's events.
  if (errorLog.entries().some((e) => !e.sent)) setTimeout(() => errorLog.flush(), 0);
}
