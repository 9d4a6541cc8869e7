import type { Context } from 'hono';
import type { SessionCompany, SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import type { PermissionCode } from '../../permission-codes';
import { findSession } from '../identity/find-session';
import { requestSessionToken } from '../request/cookies';
import { AppError, needLogin } from '../errors';
import type { ApiEnv } from './context';

/** The caller's session, looked up once per request and only by routes that need it. */
export async function getSession(c: Context<ApiEnv>): Promise<SessionContext | null> {
  const cached = c.get('session');
  if (cached !== undefined) return cached;
  const token = requestSessionToken(c.req.raw.headers, new URL(c.req.url));
  c.set('token', token);
  const session = token ? await findSession(token) : null;
  c.set('session', session);
  return session;
}

/** The guard form (docs/product/routes.md#roles): throws 100401 when nobody is signed in. */
export async function requireSession(c: Context<ApiEnv>): Promise<SessionContext> {
  const session = await getSession(c);
  if (!session) throw needLogin();
  return session;
}

/**
 * The guard form of a permission check (docs/product/routes.md#roles): the caller must be signed in, working in a company, and hold the code
 * there (company administrators hold every code). Returns the session with its company.
 */
export async function requirePermission(c: Context<ApiEnv>, code: PermissionCode): Promise<SessionContext & { company: SessionCompany }> {
  const session = await requireSession(c);
  const { company } = session;
  if (!company || !session.permissions.includes(code)) throw new AppError(ERROR.authError, { data: { permission: code } });
  return { ...session, company };
}
