/** Certification and function-permission checks (docs/product/companies.md#states certification, docs/product/routes.md#roles). Isomorphic. */
import type { SessionContext } from './contracts/identity';
import { USER_TYPE } from './constants';

export const CERTIFIED = 2;

/** Whose certification counts for a user: a buyer's current company's, anyone else's own (docs/product/companies.md#states). */
export function certificationSubject(session: SessionContext): 'company' | 'personal' {
  return session.user.role === USER_TYPE.buyer ? 'company' : 'personal';
}

/** A buyer is verified when the company's status is 2; other users when their personal status is 2 (docs/product/companies.md#states). */
export function isCertified(session: SessionContext | null): boolean {
  if (!session) return false;
  if (certificationSubject(session) === 'company') return session.company?.corpCerStatus === CERTIFIED;
  return session.user.personalCerStatus === CERTIFIED;
}

/** Checker form: a boolean. All checks pass in development (docs/product/routes.md#roles). */
export function hasPermission(session: SessionContext | null, code: string, environment?: string): boolean {
  if (environment === 'development') return true;
  return session?.permissions.includes(code) ?? false;
}

export const isSupplier = (session: SessionContext | null) => session?.user.role === USER_TYPE.supplier;
export const isBuyer = (session: SessionContext | null) => session !== null && session.user.role !== USER_TYPE.supplier;
