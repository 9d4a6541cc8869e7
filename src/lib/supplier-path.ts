/**
 * The supplier role's API paths insert a `supplier` segment after the service prefix:
 * `/idealab-material/collect/folder/add` → `/idealab-material/supplier/collect/folder/add` (docs/api-paths.md).
 * Shared by the server (one route definition serves both, and gates the supplier path with `isSupplierSession`)
 * and the client (which picks the path with the same rule), so a client never calls a path the server refuses.
 */
import { USER_TYPE } from './constants';
import type { SessionContext } from './contracts/identity';

export type RoleUserType = typeof USER_TYPE.buyer | typeof USER_TYPE.supplier;

export function supplierPath(path: string): string {
  const m = /^(\/api)?(\/[^/]+)(\/.*)?$/.exec(path);
  if (!m) return path;
  const [, api = '', service, rest = ''] = m;
  if (rest.startsWith('/supplier/') || rest === '/supplier') return path;
  return `${api}${service}/supplier${rest}`;
}

/** The path for a user type: suppliers get the supplier segment. */
export function pathForRole(path: string, userType: number): string {
  return userType === USER_TYPE.supplier ? supplierPath(path) : path;
}

/**
 * A supplier at work: a supplier account working in a company that is a supplier. A supplier account still in its
 * own personal space without the supplier role (join-us pending) works as a buyer until the company is approved.
 */
export function isSupplierSession(session: Pick<SessionContext, 'user' | 'company'> | null): boolean {
  return session?.user.role === USER_TYPE.supplier && session.company?.role === USER_TYPE.supplier;
}

/** The user type a session's calls go out as: the supplier paths for a supplier at work, the buyer paths otherwise. */
export function userTypeOf(session: Pick<SessionContext, 'user' | 'company'> | null): RoleUserType {
  return isSupplierSession(session) ? USER_TYPE.supplier : USER_TYPE.buyer;
}
