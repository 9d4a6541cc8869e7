import { randomInt } from 'node:crypto';

const EPOCH = 1_735_689_600_000n; // 2025-01-01T00:00:00Z

/**
 * A snowflake-style analytics session id (docs/product/identity.md#calls `snow/id`): 41 bits of milliseconds since our epoch, then 22 random
 * bits, so ids sort by time and two processes need no coordination. Returned as a decimal string (JS numbers
 * lose precision above 2^53).
 */
export function newSessionId(now: number = Date.now()): string {
  return ((BigInt(now) - EPOCH) << 22n | BigInt(randomInt(0, 1 << 22))).toString();
}
