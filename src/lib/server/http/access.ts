/**
 * Who may call a route, declared once in its definition: enforced before input validation (so a guest learns
 * nothing about a route's input) and published as `x-access` in the OpenAPI document, where the security matrix
 * test reads it for every route.
 */
import type { MiddlewareHandler } from 'hono';
import { ERROR } from '../../errors';
import type { PermissionCode } from '../../permission-codes';
import { AppError, needLogin } from '../errors';
import { isSupplierSession } from '../../supplier-path';
import { getSession } from './auth';
import type { ApiEnv } from './context';

/** `supplier`: signed in as a supplier working in a supplier company (the supplier variant of a role route). */
export type Access = 'public' | 'session' | 'supplier' | 'platformAdmin' | `permission:${PermissionCode}`;

export function access<K extends Access>(kind: K) {
  const check: MiddlewareHandler<ApiEnv> = async (_c, next) => {
    if (kind === 'public') return next();
    const session = await getSession(_c);
    if (!session) throw needLogin();
    if (kind === 'platformAdmin' && !session.user.isPlatformAdmin) throw new AppError(ERROR.authError);
    if (kind === 'supplier' && !isSupplierSession(session)) throw new AppError(ERROR.authError, { message: 'validation.supplierPathOnly' });
    if (kind.startsWith('permission:')) {
      const code = kind.slice('permission:'.length);
      if (!session.company || !session.permissions.includes(code)) throw new AppError(ERROR.authError, { data: { permission: code } });
    }
    return next();
  };
  return { middleware: [check] as [MiddlewareHandler<ApiEnv>], 'x-access': kind } as const;
}
