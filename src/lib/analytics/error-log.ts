/**
 * The browser's error log (docs/product/insights.md#the-error-log): the failures this browser met (API errors the
 * client normalised, uncaught errors, unhandled rejections) kept in localStorage, at most ERROR_LOG_CAP entries with
 * the oldest dropped, the same trace not logged again within `UI.dialogDedupeMs`. Outside development the entries
 * not yet sent go to our error-log route with a `keepalive` PUT. Nothing is kept or sent for a visitor who opted
 * out, nor inside the companion app.
 */
import { ERROR_LOG_CAP, UI } from '../constants';
import { ERROR_LOG_LIMITS, type ClientErrorKind } from '../contracts/analytics-rules';
import type { Environment } from '../host';

export const ERROR_LOG_KEY = 'matlib.errors';

export interface ErrorEntry {
  kind: ClientErrorKind;
  page: string;
  code: number | null;
  message: string;
  trace: string;
  time: number;
  /** Already handed to the server. */
  sent?: true;
}

export interface ErrorLogEnv {
  /** `localStorage`, or null where storage is refused (then the log lives in this page only). */
  storage: () => Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  environment: () => Environment;
  /** Usage data may be kept and sent here (not opted out, not the companion app). */
  enabled: () => boolean;
  sessionId: () => string | null;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  url: string;
}

export interface ErrorLog {
  /** Keeps a failure; false when it was not kept (the same trace within the window, or usage data off). */
  record(entry: Omit<ErrorEntry, 'time' | 'sent'>): boolean;
  entries(): ErrorEntry[];
  /** Sends the entries not yet sent (never in development). */
  flush(): void;
}

function isEntry(value: unknown): value is ErrorEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e.kind === 'string' && typeof e.page === 'string' && typeof e.message === 'string' && typeof e.trace === 'string' && typeof e.time === 'number';
}

/** A path as the route takes it: the path alone, printable, within its length. */
function pagePath(page: string): string {
  const path = page.split(/[?#]/)[0]?.replace(/[^\x21-\x7e]/g, '') ?? '';
  return (path.startsWith('/') ? path : `/${path}`).slice(0, ERROR_LOG_LIMITS.pageLength);
}

export function createErrorLog(env: ErrorLogEnv): ErrorLog {
  // Where storage is refused, or holds something we did not write.
  let memory: ErrorEntry[] = [];

  function read(): ErrorEntry[] {
    const storage = env.storage();
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(ERROR_LOG_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isEntry).slice(-ERROR_LOG_CAP) : [];
    } catch {
      return memory;
    }
  }

  function write(entries: ErrorEntry[]): void {
    memory = entries.slice(-ERROR_LOG_CAP);
    try {
      env.storage()?.setItem(ERROR_LOG_KEY, JSON.stringify(memory));
    } catch {
      // Storage full or refused: the page keeps its own copy.
    }
  }

  function record(entry: Omit<ErrorEntry, 'time' | 'sent'>): boolean {
    if (!env.enabled()) return false;
    const now = env.now();
    const trace = entry.trace.slice(0, ERROR_LOG_LIMITS.traceLength) || entry.message.slice(0, ERROR_LOG_LIMITS.traceLength) || entry.kind;
    const entries = read();
    if (entries.some((e) => e.trace === trace && now - e.time < UI.dialogDedupeMs)) return false;
    entries.push({ kind: entry.kind, page: pagePath(entry.page), code: entry.code, message: entry.message.slice(0, ERROR_LOG_LIMITS.messageLength), trace, time: now });
    write(entries);
    return true;
  }

  function flush(): void {
    if (env.environment() === 'development' || !env.enabled()) return;
    const entries = read();
    const unsent = entries.filter((e) => !e.sent);
    if (unsent.length === 0) return;
    // Marked before sending: the page may close before the answer, and a report is worth less than a repeat.
    write(entries.map((e) => (e.sent ? e : { ...e, sent: true as const })));
    const id = env.sessionId();
    const body = JSON.stringify({ ...(id ? { sessionId: id } : {}), entries: unsent.map(({ kind, page, code, message, trace, time }) => ({ kind, page, code, message, trace, time })) });
    void env.fetch(env.url, { method: 'PUT', body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  }

  return { record, entries: read, flush };
}
