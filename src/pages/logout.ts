import type { APIRoute } from 'astro';
import { revokeSession } from '../lib/server/identity/revoke-session';
import { readSessionToken } from '../lib/server/identity/session-token';
import { pageCookies } from '../lib/server/pages/request';
import { clearSessionCookie } from '../lib/server/request/cookies';

export const prerender = false;

/** The user menu's log-out form (works without JavaScript): revoke server-side, clear the cookie, go home. */
export const POST: APIRoute = async ({ request, cookies, redirect }) => {
  const token = readSessionToken(request.headers.get('cookie'), request.headers.get('authorization'));
  if (token) await revokeSession(token);
  clearSessionCookie(pageCookies(cookies));
  return redirect('/home', 303);
};
