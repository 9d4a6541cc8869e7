import type { Context } from 'hono';
import { clientIpOf } from '../request/client-ip';
import type { ApiEnv } from './context';

/** The caller's address for rate limits (see request/client-ip.ts: pages read it the same way). */
export function clientIp(c: Context<ApiEnv>): string {
  return clientIpOf(c.req.raw.headers, c.env?.clientAddress);
}
