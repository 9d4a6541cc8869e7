/**
 * Who may call a route, declared once in its definition: enforced before input validation (so a guest learns
 * nothing about a route's input) and published as `x-access` in the OpenAPI document, where the security matrix
 * test reads it for every route. `x-frozen` says whether an account waiting for removal (status 5) may call it.
 */
import type { MiddlewareHandler } from 'hono';
import { USER_STATUS_FROZEN } from '../../constants';
import { ERROR } from '../../errors';
import type { PermissionCode } from '../../permission-codes';
import { AppError, needLogin } from '../errors';
import { isSupplierSession } from '../../supplier-path';
import { getSession } from './auth';
import type { ApiEnv } from './context';

/** `supplier`: signed in as a supplier working in a supplier company (the supplier variant of a role route). */
export type Access = 'public' | 'session' | 'supplier' | 'platformAdmin' | `permission:${PermissionCode}`;

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

export function access<K extends Access>(kind: K, rule: FrozenRule = { changesState: false }) {
  const check: MiddlewareHandler<ApiEnv> = async (_c, next) => {
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
      const code = kind.slice('permission:'.length);
      if (!session.company || !session.permissions.includes(code)) throw new AppError(ERROR.authError, { data: { permission: code } });
    }
    return next();
  };
  const frozen = kind === 'public' ? {} : { 'x-frozen': rule.changesState && !rule.allowFrozen ? ('refused' as const) : ('allowed' as const) };
  return { middleware: [check] as [MiddlewareHandler<ApiEnv>], 'x-access': kind, ...frozen } as const;
}
