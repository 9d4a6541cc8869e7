/**
 * CSRF for the API's and the pages' state changes: did the browser send this from our own origin? Sec-Fetch-Site
 * when the browser sends it, else Origin against the request's host.
 */
export function isSameOrigin(secFetchSite: string | undefined, origin: string | undefined, requestUrl: string): boolean {
  if (secFetchSite) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  if (origin) {
    try {
      return new URL(origin).host === new URL(requestUrl).host;
    } catch {
      return false;
    }
  }
  // Neither header: not a browser-initiated cross-site request (curl, server-to-server).
  return true;
}
