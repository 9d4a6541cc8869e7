import { eq } from 'drizzle-orm';
import { CER_STATUS } from '../../contracts/certification';
import type { SessionCompany, SessionContext } from '../../contracts/identity';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../errors';

/**
 * The certified-company gate (docs/product/companies.md#rules, docs/product/routes.md#roles) for actions only a certified company may take: passes with the current
 * company when its status is 2, else throws 400007 with `data.gate = 'company'`, which the browser client turns
 * into the prompt leading to /profile/info?tab=cert-info. The status is read from the database, not the session
 * object, so a long-lived context cannot carry a certification that was since withdrawn or never granted.
 */
export async function requireCertifiedCompany(session: SessionContext): Promise<SessionCompany> {
  const { company } = session;
  if (company) {
    const [row] = await getDb().select({ status: companies.corpCerStatus }).from(companies).where(eq(companies.id, company.id)).limit(1);
    if (row?.status === CER_STATUS.certified) return { ...company, corpCerStatus: row.status };
  }
  throw new AppError(ERROR.notCertified, { data: { gate: 'company' } });
}
