/**
 * The demo supplier's first company (the tannery) keeps an enterprise library: a dozen rendered materials of other
 * suppliers, pushed by the demo supplier the way the material page does, so the library page and a material's
 * library actions show something on the first start. Skipped when that library has anything in it.
 */
import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { colorCards, companies, companyMembers, enterpriseLibraryItems, materials, users } from '../db/schema';
import { pushLibraryMaterials } from '../enterprise-library/push-library-materials';
import { RENDER_STATUS } from '../../constants';
import { DEMO_ACCOUNTS } from './demo-accounts';

const TAKE = 12;

export async function seedEnterpriseLibrary(db: Database): Promise<number> {
  const [first] = await db
    .select({ companyId: companies.id, userId: users.id })
    .from(companies)
    .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(sql`lower(${users.account})`, DEMO_ACCOUNTS.supplier), eq(companies.isPersonal, false)))
    .orderBy(asc(companies.id))
    .limit(1);
  if (!first) return 0;
  const [held] = await db.select({ one: sql<number>`1` }).from(enterpriseLibraryItems).where(eq(enterpriseLibraryItems.companyId, first.companyId)).limit(1);
  if (held) return 0;
  const rendered = await db
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        ne(materials.companyId, first.companyId),
        eq(materials.onMarketDomestic, 1),
        eq(materials.isDelete, 0),
        notExists(db.select({ one: sql`1` }).from(colorCards).where(and(eq(colorCards.materialId, materials.id), ne(colorCards.renderingStatus, RENDER_STATUS.success)))),
      ),
    )
    .orderBy(asc(materials.id))
    .limit(TAKE);
  if (rendered.length === 0) return 0;
  const { pushed } = await pushLibraryMaterials(first.companyId, first.userId, rendered.map((m) => m.id));
  return pushed;
}
