import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import { UNLIMITED, type ResourceCode, type ResourceQuota } from '../../contracts/membership';
import { ERROR } from '../../errors';
import { getDb, type Database } from '../db/client';
import { resourceQuotas } from '../db/schema';
import { AppError } from '../errors';
import { listActiveGrants } from './list-active-grants';
import { sumQuotaTotals } from './sum-quota-totals';

/** The database or a transaction: a caller that creates the metered thing can consume in the same transaction. */
export type QuotaExecutor = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * Uses `amount` of a company's quota for a resource, or throws 400101 (no quota) and uses nothing. Available
 * means the total is -1 (unlimited) or `used + amount <= total` (docs/product/companies.md#data, docs/product/companies.md#rules quota check).
 *
 * Concurrency: the decision is one conditional UPDATE of the usage row. Concurrent consumers queue on that row's
 * lock and PostgreSQL re-evaluates the condition against the committed usage before each update, so parallel
 * calls can never take the usage past the total. The upsert before it only makes sure the row exists and carries
 * the total of the packages valid now; it decides nothing.
 */
export async function consumeQuota(
  companyId: number,
  code: ResourceCode,
  amount: number = 1,
  options: { db?: QuotaExecutor; now?: Date } = {},
): Promise<ResourceQuota> {
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError(`quota amount must be a positive integer, got ${amount}`);
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const total = sumQuotaTotals((await listActiveGrants(db, companyId, now)).map((g) => g.resources)).get(code) ?? 0;

  await db
    .insert(resourceQuotas)
    .values({ companyId, code, confTotal: total, used: 0 })
    .onConflictDoUpdate({ target: [resourceQuotas.companyId, resourceQuotas.code], set: { confTotal: total }, setWhere: ne(resourceQuotas.confTotal, total) });

  const [row] = await db
    .update(resourceQuotas)
    .set({ used: sql`${resourceQuotas.used} + ${amount}` })
    .where(
      and(
        eq(resourceQuotas.companyId, companyId),
        eq(resourceQuotas.code, code),
        or(eq(resourceQuotas.confTotal, UNLIMITED), lte(sql`${resourceQuotas.used} + ${amount}`, resourceQuotas.confTotal)),
      ),
    )
    .returning({ code: resourceQuotas.code, confTotal: resourceQuotas.confTotal, used: resourceQuotas.used });
  if (row) return row;

  const [current] = await db
    .select({ used: resourceQuotas.used })
    .from(resourceQuotas)
    .where(and(eq(resourceQuotas.companyId, companyId), eq(resourceQuotas.code, code)));
  throw new AppError(ERROR.noQuota, { data: { code, confTotal: total, used: current?.used ?? 0, amount } });
}
