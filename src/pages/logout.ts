import type { APIRoute } from 'astro';
import { revokeSession } from '../lib/server/identity/revoke-session';
import { pageCookies } from '../lib/server/pages/request';
import { clearSessionCookie, requestSessionToken } from '../lib/server/request/cookies';

export const prerender = false;

/** The user menu's log-out form (works without JavaScript): revoke server-side, clear the cookie, go home. */
export const POST: APIRoute = async ({ request, url, cookies, redirect }) => {
  const token = requestSessionToken(request.headers, url);
  if (token) await revokeSession(token);
  clearSessionCookie(pageCookies(cookies), url);
  return redirect('/home', 303);
};
