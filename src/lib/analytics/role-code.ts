import { ROLE_CODE } from '../constants';
import type { SessionContext } from '../contracts/identity';
import { isSupplierSession } from '../supplier-path';

export type RoleCode = (typeof ROLE_CODE)[keyof typeof ROLE_CODE];

/**
 * The role an event is sent under (docs/product/insights.md#usage-events): a supplier at work, a signed-in buyer, or
 * anyone else (a guest).
 */
export function roleCodeOf(session: Pick<SessionContext, 'user' | 'company'> | null): RoleCode {
  if (!session) return ROLE_CODE.other;
  return isSupplierSession(session) ? ROLE_CODE.supplier : ROLE_CODE.buyer;
}
