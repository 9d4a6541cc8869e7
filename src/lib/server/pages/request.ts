/**
 * A page's request as the shared request helpers read it (request/): its cookies as a `CookieJar` and the caller's
 * address, the same way the API reads them.
 */
import type { AstroCookies } from 'astro';
import { clientIpOf } from '../request/client-ip';
import type { CookieJar } from '../request/cookies';

export function pageCookies(cookies: AstroCookies): CookieJar {
  return {
    get: (name) => cookies.get(name)?.value,
    set: (name, value, attributes) => cookies.set(name, value, attributes),
    delete: (name, attributes) => cookies.delete(name, attributes),
  };
}

/** The caller's address for rate limits; `clientAddress` throws where the adapter cannot tell it. */
export function pageClientIp(context: { request: Request; clientAddress: string }): string {
  let peer: string | undefined;
  try {
    peer = context.clientAddress;
  } catch {
    peer = undefined;
  }
  return clientIpOf(context.request.headers, peer);
}
