import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { urlSigningSecret } from '../images/url-signing-secret';

const EPOCH = 1_735_689_600_000n; // 2025-01-01T00:00:00Z

/**
 * A snowflake-style analytics session id (docs/product/identity.md#calls `snow/id`): 41 bits of milliseconds since our epoch, then 22 random
 * bits, so ids sort by time and two processes need no coordination; as a decimal string (JS numbers lose precision
 * above 2^53), then `-` and a keyed hash of it, so the server knows the ids it issued (`isIssuedSessionId`).
 */
export function newSessionId(now: number = Date.now()): string {
  const snowflake = ((BigInt(now) - EPOCH) << 22n | BigInt(randomInt(0, 1 << 22))).toString();
  return `${snowflake}-${sessionTag(snowflake)}`;
}

function sessionTag(snowflake: string): string {
  return createHmac('sha256', urlSigningSecret()).update(`analytics-session:${snowflake}`).digest('base64url').slice(0, 16);
}

/**
 * Whether `snow/id` issued this session id: what it claims anyone can write, so views are counted only for
 * sessions the server handed to a page (docs/product/insights.md#forged-views).
 */
export function isIssuedSessionId(id: string): boolean {
  const match = /^(\d{1,20})-([A-Za-z0-9_-]{16})$/.exec(id);
  if (!match) return false;
  const [, snowflake = '', tag = ''] = match;
  return timingSafeEqual(Buffer.from(sessionTag(snowflake)), Buffer.from(tag));
}
