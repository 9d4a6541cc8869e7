import type { APIRoute } from 'astro';
import { revokeSession } from '../lib/server/identity/revoke-session';
import { readSessionToken, SESSION_COOKIE } from '../lib/server/identity/session-token';

export const prerender = false;

/** The user menu's log-out form (works without JavaScript): revoke server-side, clear the cookie, go home. */
export const POST: APIRoute = async ({ request, cookies, redirect }) => {
  const token = readSessionToken(request.headers.get('cookie'), request.headers.get('authorization'));
  if (token) await revokeSession(token);
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return redirect('/home', 303);
};
