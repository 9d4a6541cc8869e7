/**
 * Sessions offered in a page URL (docs/product/routes.md#route-guard): `ilt`, a live session token our host apps pass on first load, and
 * `token`, a one-time hand-off exchanged for a new session. Either could be an attacker's own session slipped into
 * a link (login CSRF, session fixation), so only a live session is taken, and it becomes this browser's session
 * without asking only when the navigation came from here or from a host app and nobody else is signed in here.
 * Otherwise the user is asked first, on the switch page.
 */
import { isHostAppUserAgent } from '../../host';
import { loginUrl, SESSION_SWITCH_PATH } from '../../routes';
import { findSession } from '../identity/find-session';
import { exchangeHandOffToken } from '../identity/hand-off-session';
import { SESSION_TOKEN_PATTERN } from '../identity/session-token';
import { requestSessionToken } from '../request/cookies';
import { navigatedFromElsewhere } from '../request/same-origin';

/** Where to send the browser next, and the session cookie to set on the way when the switch needs no question. */
export interface UrlSessionStep {
  location: string;
  token?: string;
}

const pathOf = (url: URL, drop: readonly string[]) => {
  const clean = new URL(url);
  for (const name of drop) clean.searchParams.delete(name);
  return clean.pathname + clean.search;
};

/** The switch page for a live session token, coming back to `next`. */
export function sessionSwitchUrl(token: string, next: string): string {
  return `${SESSION_SWITCH_PATH}?${new URLSearchParams({ ilt: token, redirect: next })}`;
}

/**
 * `Sec-Fetch-Site: none` is an address typed or bookmarked, but also a link opened from mail or chat, which anyone
 * may have written: only a host app's web view, known by its user agent, hands over a session that way unasked.
 */
const openedFromOutside = (headers: Headers) => headers.get('sec-fetch-site') === 'none' && !isHostAppUserAgent(headers.get('user-agent') ?? '');

async function mustAsk(userId: number, headers: Headers, url: URL): Promise<boolean> {
  if (navigatedFromElsewhere(headers, url) || openedFromOutside(headers)) return true;
  const here = requestSessionToken(headers, url);
  const current = here ? await findSession(here) : null;
  return current !== null && current.user.id !== userId;
}

/**
 * The step for a URL offering a session, or null when it offers none. A dead `ilt` is dropped without a cookie; a
 * failed hand-off goes to login. `handOff` is false on public routes, which leave `token` alone.
 */
export async function takeUrlSession(url: URL, headers: Headers, options: { handOff: boolean }): Promise<UrlSessionStep | null> {
  const offered = url.searchParams.get('ilt');
  if (offered && SESSION_TOKEN_PATTERN.test(offered)) {
    const next = pathOf(url, ['ilt']);
    const target = (await findSession(offered))?.user;
    if (!target) return { location: next };
    return (await mustAsk(target.id, headers, url)) ? { location: sessionSwitchUrl(offered, next) } : { location: next, token: offered };
  }

  const handOff = url.searchParams.get('token');
  if (handOff && options.handOff) {
    const next = pathOf(url, ['token', '_companyId']);
    const companyId = Number.parseInt(url.searchParams.get('_companyId') ?? '', 10);
    // A hand-off lives a minute, too short to wait for an answer: it is exchanged now, and the new session waits.
    const result = SESSION_TOKEN_PATTERN.test(handOff) ? await exchangeHandOffToken(handOff, Number.isInteger(companyId) ? companyId : null) : null;
    const target = result ? (await findSession(result.token))?.user : null;
    if (!result || !target) return { location: loginUrl(next) };
    return (await mustAsk(target.id, headers, url)) ? { location: sessionSwitchUrl(result.token, next) } : { location: next, token: result.token };
  }
  return null;
}
