import { servedOverHttps } from './cookies';

/**
 * CSRF for the API's and the pages' state changes: did the browser send this from our own origin? Sec-Fetch-Site
 * when the browser sends it, else Origin against the request's scheme and host: `http://host` is another origin than
 * `https://host`. Behind a TLS proxy the request arrives as plain HTTP, so the scheme the browser uses is the one
 * `PUBLIC_ORIGIN` names.
 */
export function isSameOrigin(secFetchSite: string | undefined, origin: string | undefined, requestUrl: string): boolean {
  if (secFetchSite) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  if (origin) {
    try {
      const here = new URL(requestUrl);
      const theirs = new URL(origin);
      return theirs.protocol === (servedOverHttps(here) ? 'https:' : here.protocol) && theirs.host === here.host;
    } catch {
      return false;
    }
  }
  // Neither header: not a browser-initiated cross-site request (curl, server-to-server).
  return true;
}

/**
 * Whether a page navigation was started by another site (its link, form or script), rather than by this site or by
 * the user: a typed or bookmarked address, or a host app's web view, sends `Sec-Fetch-Site: none` or no such header.
 * `same-site` counts as another site, since a sibling host may belong to someone else. Without the header, a
 * Referer or Origin naming another host says the same.
 */
export function navigatedFromElsewhere(headers: Headers, requestUrl: URL): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  for (const name of ['origin', 'referer']) {
    const value = headers.get(name);
    if (!value) continue;
    try {
      if (new URL(value).host !== requestUrl.host) return true;
    } catch {
      return true;
    }
  }
  return false;
}
