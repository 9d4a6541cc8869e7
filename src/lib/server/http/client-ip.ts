import type { Context } from 'hono';
import { env } from '../env';
import type { ApiEnv } from './context';

/**
 * The caller's address for rate limits. X-Forwarded-For is trusted only when TRUST_PROXY says a proxy sets it;
 * otherwise anyone could pick a fresh address per request.
 */
export function clientIp(c: Context<ApiEnv>): string {
  if (env().TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  return c.env?.clientAddress ?? 'unknown';
}
