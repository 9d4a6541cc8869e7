/**
 * Who may call a route, declared once in its definition: enforced before input validation (so a guest learns
 * nothing about a route's input) and published as `x-access` in the OpenAPI document, where the security matrix
 * test reads it for every route (and http/openapi-document.ts turns it into the operation's `security`). `x-frozen`
 * says whether an account waiting for removal (status 5) may call it; `x-token-scope`, which API token scope opens
 * it to a company's integrations (docs/product/integrations.md#api-tokens).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '../../contracts/integrations-api-tokens';
import { USER_STATUS_FROZEN } from '../../constants';
import { ERROR } from '../../errors';
import type { PermissionCode } from '../../permission-codes';
import { AppError, needLogin } from '../errors';
import { isSupplierSession } from '../../supplier-path';
import { findApiTokenSession } from '../integrations/find-api-token-session';
import { consumeLimit } from '../security/rate-limit';
import { getSession } from './auth';
import type { ApiEnv } from './context';

/**
 * `supplier`: signed in as a supplier working in a supplier company (the supplier variant of a role route).
 * `permission:A|B`: either code opens it, for a call that serves two features (an upload for the material editor or
 * the homepage builder).
 */
export type Access = 'public' | 'session' | 'supplier' | 'platformAdmin' | `permission:${PermissionCode}` | `permission:${PermissionCode}|${PermissionCode}`;

/**
 * A frozen account reads but changes nothing until the removal is withdrawn (docs/product/identity.md#removing-an-account):
 * a call that changes state (any method but GET, or a state-changing GET) is refused unless `allowFrozen` (a read
 * sent as POST, or a step the frozen page and signing in need).
 */
export interface FrozenRule {
  changesState: boolean;
  allowFrozen?: boolean | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The API token in `Authorization: Bearer …`, if that is what the caller sent (a session token is not one). */
function bearerApiToken(c: Context<ApiEnv>): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
  return match?.[1]?.startsWith(API_TOKEN_PREFIX) ? match[1] : null;
}

/**
 * A call made with an API token: an unknown or revoked token is refused on every route, public ones included, so
 * an integration learns at once that its token stopped working. A token acts as its creator in its company, only
 * where one of its scopes opens the route; elsewhere a public route answers it as a guest and any other refuses it.
 */
async function admitApiToken(c: Context<ApiEnv>, token: string, kind: Access, scope: ApiTokenScope | undefined): Promise<void> {
  const found = await findApiTokenSession(token);
  if (!found) {
    // A session token is random too, and one in 16 million starts like an API token: it stays a session.
    if (await getSession(c)) return;
    throw new AppError(ERROR.needLogin, { message: 'validation.apiTokenInvalid' });
  }
  await consumeLimit('apiToken.calls', String(found.tokenId));
  c.set('token', null);
  if (scope === undefined || !found.scopes.includes(scope)) {
    if (kind === 'public') {
      c.set('session', null);
      return;
    }
    throw new AppError(ERROR.authError, scope ? { message: 'validation.apiTokenScopeMissing', data: { scope } } : { message: 'validation.apiTokenNotAllowed' });
  }
  c.set('session', found.context);
}

export function access<K extends Access>(kind: K, rule: FrozenRule = { changesState: false }, scope?: ApiTokenScope) {
  const check: MiddlewareHandler<ApiEnv> = async (_c, next) => {
    const token = bearerApiToken(_c);
    if (token) await admitApiToken(_c, token, kind, scope);
    if (kind === 'public') return next();
    const session = await getSession(_c);
    if (!session) throw needLogin();
    // The method counts too: a route that forgot to say it changes state is still held to the rule.
    const changesState = rule.changesState || !SAFE_METHODS.has(_c.req.method);
    if (session.user.status === USER_STATUS_FROZEN && changesState && !rule.allowFrozen) {
      throw new AppError(ERROR.accountFrozen, { message: 'validation.accountFrozen' });
    }
    if (kind === 'platformAdmin' && !session.user.isPlatformAdmin) throw new AppError(ERROR.authError);
    if (kind === 'supplier' && !isSupplierSession(session)) throw new AppError(ERROR.authError, { message: 'validation.supplierPathOnly' });
    if (kind.startsWith('permission:')) {
      const codes = kind.slice('permission:'.length).split('|');
      if (!session.company || !codes.some((code) => session.permissions.includes(code))) throw new AppError(ERROR.authError, { data: { permission: codes.join('|') } });
    }
    return next();
  };
  const frozen = kind === 'public' ? {} : { 'x-frozen': rule.changesState && !rule.allowFrozen ? ('refused' as const) : ('allowed' as const) };
  return { middleware: [check] as [MiddlewareHandler<ApiEnv>], 'x-access': kind, ...frozen, ...(scope ? { 'x-token-scope': scope } : {}) } as const;
}
