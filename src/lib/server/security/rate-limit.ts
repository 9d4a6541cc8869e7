/**
 * Rate limits (docs/architecture.md#security) with rate-limiter-flexible: counters in memory for the single embedded process, in
 * PostgreSQL (table `rate_limits`) when several app processes share a database server.
 *
 * Login failures are counted per account *and client address* and per address: someone guessing a password is
 * stopped, while the real owner, from their own address, can still sign in (no account-wide lockout). Sending codes
 * and checking share codes follow the same rule: a count that anyone can spend must never refuse the real user.
 */
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
   * flooding a mailbox or phone from many addresses. Requests from a proven address (`account.provenAddress`) or
   * from the account's own session are not counted and never refused by it.
   */
  'code.account': { points: 20, duration: 24 * 60 * 60 },
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
   * Usage-event calls from one address in five minutes, whoever sends them: one a second on average, room for an
   * office behind one address; every call is up to 20 stored rows.
   */
  'analytics.ip': { points: 300, duration: 5 * 60 },
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
  /** "Send test" presses for one webhook endpoint in a minute: a person checks a receiver, nobody floods one. */
  'webhook.test': { points: 5, duration: 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

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
    const opts = { keyPrefix: name, ...LIMITS[name] };
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
export async function assertNotLimited(name: LimitName, key: string, points: number = LIMITS[name].points): Promise<void> {
  const res = await limiter(name).get(key);
  if (res && res.consumedPoints >= points) throw new RateLimitedError(retrySeconds(res));
}

/** Whether the key has used all its points: for counts that change a decision rather than refuse. */
export async function isSpent(name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(name).get(key);
  return res !== null && res.consumedPoints >= LIMITS[name].points;
}

/** Spends one point and never refuses: the count goes on past the limit. */
export async function countPoint(name: LimitName, key: string): Promise<void> {
  await limiter(name).penalty(key, 1);
}

/** Sets a mark (a limit of one point) for the limit's whole window from now, whatever it held. */
export async function setMark(name: LimitName, key: string): Promise<void> {
  await limiter(name).set(key, LIMITS[name].points, LIMITS[name].duration);
}

/** Spends one point; throws RateLimitedError when none was left. */
export async function consumeLimit(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimitedError(retrySeconds(err));
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
}
