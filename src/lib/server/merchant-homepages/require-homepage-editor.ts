import type { SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { isSupplierSession } from '../../supplier-path';
import { AppError } from '../errors';

export const HOMEPAGE_PERMISSION = 'FUN010';

/**
 * Who may edit a homepage (docs/product/merchant-homepage.md#rules): a supplier at work in the company, holding
 * `FUN010` there (its administrators hold every code). The company is always the session's: naming another one
 * answers 100404, exactly as if it had no homepage, and changes nothing.
 */
export function requireHomepageEditor(session: SessionContext, orgId?: number): { companyId: number; userId: number } {
  const { company } = session;
  if (!company || !session.permissions.includes(HOMEPAGE_PERMISSION)) throw new AppError(ERROR.authError, { data: { permission: HOMEPAGE_PERMISSION } });
  if (!isSupplierSession(session)) throw new AppError(ERROR.authError, { message: 'validation.supplierPathOnly' });
  if (orgId !== undefined && orgId !== company.id) throw new AppError(ERROR.empty);
  return { companyId: company.id, userId: session.user.id };
}
