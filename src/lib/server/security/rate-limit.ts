/**
 * Rate limits (docs/architecture.md#security) with rate-limiter-flexible: counters in memory for the single embedded process, in
 * PostgreSQL (table `rate_limits`) when several app processes share a database server.
 *
 * Login failures are counted per account *and client address* and per address: someone guessing a password is
 * stopped, while the real owner, from their own address, can still sign in (no account-wide lockout). Sending codes
 * and checking share codes follow the same rule: a count that anyone can spend must never refuse the real user.
 *
 * Each entry of LIMITS is a default an operator can change without a release: `RATE_LIMIT_<NAME>=points/seconds`,
 * where NAME is the entry's name in capitals with `_` between words (`code.accountIp` is RATE_LIMIT_CODE_ACCOUNT_IP;
 * docs/operations.md#rate-limits). A new limit is one more entry here and a row in that table.
 *
 * Limited answers (API calls and page form posts) tell the client where it stands in the `RateLimit-Policy` and
 * `RateLimit` headers (`"code.ip";q=30;w=3600`, `"code.ip";r=29;t=3512`): every limit the request was checked
 * against is recorded in the request's `LimitReport` (`reportLimits`). Marks and counts that never refuse
 * (`setMark`, `countPoint`, `isSpent`) are not reported.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { API_TOKEN_LIMITS } from '../../contracts/integrations-api-tokens';
import { CODE_RESEND_S } from '../../contracts/identity-rules';
import { ERROR } from '../../errors';
import { getPool } from '../db/client';
import { env } from '../env';
import { AppError } from '../errors';

export const LIMITS = {
  /** Wrong passwords or codes for one account from one address. */
  'login.accountIp': { points: 5, duration: 15 * 60 },
  /** Wrong passwords or codes from one address, whatever the account. */
  'login.ip': { points: 50, duration: 15 * 60 },
  /** Codes one address asks for one account in a day: the owner's own budget, which nobody else can spend. */
  'code.accountIp': { points: 10, duration: 24 * 60 * 60 },
  /** One code per account, purpose and address a minute (`CODE_RESEND_S`). */
  'code.resend': { points: 1, duration: CODE_RESEND_S },
  /**
   * Codes sent to one account in a day at the request of addresses that have not proved it: a backstop against
   * flooding a mailbox or phone from many addresses. It never refuses: once spent, those addresses share
   * `code.accountSlow`, so strangers who spend it keep the owner at a new address waiting minutes, never a day.
   * Requests from a proven address (`account.provenAddress`) or from the account's own session are not counted.
   */
  'code.account': { points: 20, duration: 24 * 60 * 60 },
  /** Once `code.account` is spent: the codes addresses that have not proved the account may have sent to it. */
  'code.accountSlow': { points: 1, duration: 10 * 60 },
  /** Codes requested from one address in an hour. */
  'code.ip': { points: 30, duration: 60 * 60 },
  /** Codes one signed-in user asks for in an hour, whatever the address. */
  'code.user': { points: 30, duration: 60 * 60 },
  /** Not a limit but a mark: this address proved this account (a right code or password) within two weeks. */
  'account.provenAddress': { points: 1, duration: 14 * 24 * 60 * 60 },
  /** Code checks from one address (wrong codes also count against the code's own five tries). */
  'codeCheck.ip': { points: 60, duration: 15 * 60 },
  /** Registrations from one address in an hour. */
  'register.ip': { points: 10, duration: 60 * 60 },
  /**
   * Wrong codes for one password share in an hour, from anywhere. Never refuses: once spent, each address gets only
   * `TRIES_UNDER_ATTACK` wrong codes a day for the share (server/sharing/check-share-code.ts), so the right code
   * still opens it for its viewers while the code space (923 521) stays out of reach.
   */
  'shareCode.share': { points: 30, duration: 60 * 60 },
  /** Wrong codes for one password share from one address in a day. */
  'shareCode.shareIp': { points: 10, duration: 24 * 60 * 60 },
  /** Wrong share codes from one address in a quarter hour, whatever the share. */
  'shareCode.ip': { points: 20, duration: 15 * 60 },
  /**
   * Material book PDFs one address downloads in ten minutes: each is up to tens of megabytes, and a new version is
   * drawn for seconds; a person downloads a few.
   */
  'materialBookPdf.ip': { points: 20, duration: 10 * 60 },
  /** Photos one user searches with in an hour (each is decoded, described and kept). */
  'imageSearch.user': { points: 120, duration: 60 * 60 },
  /**
   * Usage events (stored rows, not calls: a call holds up to 20) from one address in five minutes, whoever sends
   * them: two a second on average, room for an office behind one address.
   */
  'analytics.ip': { points: 600, duration: 5 * 60 },
  /**
   * Analytics session ids (`snow/id`) one address is given in an hour: a tab asks once. Material views count only in
   * issued sessions, once a day per material, so this bounds what one address can make a supplier's views.
   */
  'analyticsSession.ip': { points: 120, duration: 60 * 60 },
  /** Usage-event calls for one session in five minutes: the signed-in user, else the analytics session of the batch. */
  'analytics.session': { points: 60, duration: 5 * 60 },
  /** Error-log calls from one address in five minutes; each holds the browser's whole log, at most 30 entries. */
  'errorLog.ip': { points: 60, duration: 5 * 60 },
  /** Error-log calls for one session in five minutes: the signed-in user, else the analytics session of the log. */
  'errorLog.session': { points: 20, duration: 5 * 60 },
  /** "Was this helpful?" answers from one address in an hour: one per article and voter is kept anyway, this bounds the writes. */
  'helpFeedback.ip': { points: 30, duration: 60 * 60 },
  /** "Contact us" messages from one address in an hour: a person writes one or two; every message is a stored row an operator reads. */
  'contact.ip': { points: 5, duration: 60 * 60 },
  /** Calls one API token makes in a minute (`API_TOKEN_LIMITS.callsPerMinute`): an integration's loop cannot crowd out people. */
  'apiToken.calls': { points: API_TOKEN_LIMITS.callsPerMinute, duration: 60 },
  /**
   * Account lookups and invitations one signed-in user sends in an hour, and the same from one address: a company
   * adds a few people at a time, and the answers tell nothing about the accounts anyway.
   */
  'memberInvite.user': { points: 30, duration: 60 * 60 },
  'memberInvite.ip': { points: 60, duration: 60 * 60 },
  /** "Send test" presses for one webhook endpoint in a minute: a person checks a receiver, nobody floods one. */
  'webhook.test': { points: 5, duration: 60 },
} as const satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;

/** `points` in `duration` seconds. */
export interface Limit {
  points: number;
  duration: number;
}

/** The variable that overrides a limit: `code.accountIp` → `RATE_LIMIT_CODE_ACCOUNT_IP`. */
export function limitVariable(name: string): string {
  return `RATE_LIMIT_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/\./g, '_').toUpperCase()}`;
}

let settings: Readonly<Record<LimitName, Limit>> | undefined;

/**
 * Every limit as this installation runs it: LIMITS with the environment's overrides. The start script calls it so a
 * variable naming no limit (a typo would otherwise be silently ignored) stops the server with a clear message.
 */
export function limitSettings(): Readonly<Record<LimitName, Limit>> {
  if (settings) return settings;
  const overrides = env().RATE_LIMITS;
  const names = Object.keys(LIMITS) as LimitName[];
  const known = new Set(names.map(limitVariable));
  const unknown = Object.keys(overrides).filter((variable) => !known.has(variable));
  if (unknown.length > 0) throw new Error(`Invalid environment:\n${unknown.map((v) => `  ${v}: no rate limit has this name (see docs/operations.md#rate-limits)`).join('\n')}`);
  settings = Object.fromEntries(names.map((name) => [name, overrides[limitVariable(name)] ?? LIMITS[name]])) as Record<LimitName, Limit>;
  return settings;
}

export const limitOf = (name: LimitName): Limit => limitSettings()[name];

/** Where one request stands with each limit it was checked against, for the RateLimit headers. */
export type LimitReport = Map<LimitName, { limit: Limit; remaining: number; resetS: number | null }>;

// One store for the Astro bundle and the start script, which may load this module through different graphs.
const REPORT_KEY = Symbol.for('matlib.rateLimitReport');
const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<LimitReport> | undefined>;
const reports = (globals[REPORT_KEY] ??= new AsyncLocalStorage<LimitReport>());

/** Runs one request's work, recording in `report` every limit it is checked against. */
export function reportLimits<T>(report: LimitReport, fn: () => T): T {
  return reports.run(report, fn);
}

function record(name: LimitName, points: number, res: RateLimiterRes | null): void {
  const report = reports.getStore();
  if (!report) return;
  const limit = limitOf(name);
  report.set(name, { limit, remaining: Math.max(0, points - (res?.consumedPoints ?? 0)), resetS: res ? Math.max(0, Math.ceil(res.msBeforeNext / 1000)) : null });
}

/**
 * The `RateLimit-Policy` and `RateLimit` fields (IETF httpapi ratelimit-headers draft): each limit as a policy named
 * after it, with its quota `q` over the window `w`, and what is left `r` with the seconds `t` until it resets
 * (left out while no window is open). Null when the request met no limit.
 */
export function rateLimitHeaders(report: LimitReport): { 'RateLimit-Policy': string; RateLimit: string } | null {
  if (report.size === 0) return null;
  const entries = [...report.entries()];
  return {
    'RateLimit-Policy': entries.map(([name, { limit }]) => `"${name}";q=${limit.points};w=${limit.duration}`).join(', '),
    RateLimit: entries.map(([name, { remaining, resetS }]) => `"${name}";r=${remaining}${resetS === null ? '' : `;t=${resetS}`}`).join(', '),
  };
}

/** 429 with the seconds to wait, in the envelope and in Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfter: number) {
    super(ERROR.rateLimited, { data: { retryAfter } });
  }
}

const limiters = new Map<LimitName, RateLimiterAbstract>();

function storeKind(): 'memory' | 'postgres' {
  const e = env();
  return e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'postgres' : 'memory');
}

function limiter(name: LimitName): RateLimiterAbstract {
  let l = limiters.get(name);
  if (!l) {
    const opts = { keyPrefix: name, ...limitOf(name) };
    // The table comes from our migrations, so the limiter must not try to create it.
    l = storeKind() === 'postgres' ? new RateLimiterPostgres({ ...opts, storeClient: getPool(), tableName: 'rate_limits', tableCreated: true }) : new RateLimiterMemory(opts);
    limiters.set(name, l);
  }
  return l;
}

const retrySeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Throws RateLimitedError when the key has no points left, without spending one. `points` narrows the budget below
 * the limit's own (a share under attack gives each address less).
 */
export async function assertNotLimited(name: LimitName, key: string, points: number = limitOf(name).points): Promise<void> {
  const res = await limiter(name).get(key);
  record(name, points, res);
  if (res && res.consumedPoints >= points) throw new RateLimitedError(retrySeconds(res));
}

/** Whether the key has used all its points: for counts that change a decision rather than refuse. */
export async function isSpent(name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(name).get(key);
  return res !== null && res.consumedPoints >= limitOf(name).points;
}

/** Spends one point and never refuses: the count goes on past the limit. */
export async function countPoint(name: LimitName, key: string): Promise<void> {
  await limiter(name).penalty(key, 1);
}

/** Sets a mark (a limit of one point) for the limit's whole window from now, whatever it held. */
export async function setMark(name: LimitName, key: string): Promise<void> {
  const { points, duration } = limitOf(name);
  await limiter(name).set(key, points, duration);
}

/** Spends `cost` points (one by default); throws RateLimitedError when fewer were left. */
export async function consumeLimit(name: LimitName, key: string, cost = 1): Promise<void> {
  const { points } = limitOf(name);
  try {
    record(name, points, await limiter(name).consume(key, cost));
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      record(name, points, err);
      throw new RateLimitedError(retrySeconds(err));
    }
    throw err;
  }
}

/** Forgets a key's count (a successful login clears its failures). */
export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Tests switch stores between cases. */
export function resetLimiters(): void {
  limiters.clear();
  settings = undefined;
}
