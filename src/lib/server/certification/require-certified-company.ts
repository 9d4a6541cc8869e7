import { eq } from 'drizzle-orm';
import { CER_STATUS } from '../../contracts/certification';
import { ERROR } from '../../errors';
import { getDb, type Database, type Tx } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../errors';

/**
 * The certified-company gate (docs/product/companies.md#rules, docs/product/routes.md#roles) for actions only a certified company may take: passes with the current
 * company when its status is 2, else throws 400007 with `data.gate = 'company'`, which the browser client turns
 * into the prompt leading to /profile/info?tab=cert-info. The status is read from the database, not the session
 * object, so a long-lived context cannot carry a certification that was since withdrawn or never granted. `db`: the
 * transaction of a change the gate guards (the embedded database has one connection, held by that transaction).
 */
export async function requireCertifiedCompany<C extends { id: number }>(holder: { company: C | null }, db: Database | Tx = getDb()): Promise<C & { corpCerStatus: number }> {
  const { company } = holder;
  if (company) {
    const [row] = await db.select({ status: companies.corpCerStatus }).from(companies).where(eq(companies.id, company.id)).limit(1);
    if (row?.status === CER_STATUS.certified) return { ...company, corpCerStatus: row.status };
  }
  throw new AppError(ERROR.notCertified, { data: { gate: 'company' } });
}
