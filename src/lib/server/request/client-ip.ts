import { env } from '../env';

/**
 * The caller's address for rate limits, the same for API calls and page form posts. X-Forwarded-For is trusted
 * only when TRUST_PROXY says a proxy sets it (its own entry is last); otherwise anyone could pick a fresh address
 * per request. `peer` is the socket's address, when the server knows it.
 */
export function clientIpOf(headers: Headers, peer: string | undefined): string {
  if (env().TRUST_PROXY) {
    const forwarded = headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  return peer || 'unknown';
}
