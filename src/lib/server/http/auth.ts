import type { Context } from 'hono';
import type { SessionContext } from '../../contracts/identity';
import { findSession } from '../identity/find-session';
import { readSessionToken } from '../identity/session-token';
import { needLogin } from './app-error';
import type { ApiEnv } from './context';

/** The caller's session, looked up once per request and only by routes that need it. */
export async function getSession(c: Context<ApiEnv>): Promise<SessionContext | null> {
  const cached = c.get('session');
  if (cached !== undefined) return cached;
  const token = readSessionToken(c.req.header('cookie') ?? null, c.req.header('authorization') ?? null);
  c.set('token', token);
  const session = token ? await findSession(token) : null;
  c.set('session', session);
  return session;
}

/** The guard form (§6): throws 100401 when nobody is signed in. */
export async function requireSession(c: Context<ApiEnv>): Promise<SessionContext> {
  const session = await getSession(c);
  if (!session) throw needLogin();
  return session;
}
