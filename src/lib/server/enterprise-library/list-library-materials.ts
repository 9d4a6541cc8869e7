import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LibraryListQuery, LibraryPage } from '../../contracts/enterprise-library';
import type { Lang } from '../../i18n';
import { containsPattern } from '../db/contains-pattern';
import { getDb } from '../db/client';
import { categories, companies, enterpriseLibraryItems, materials, users } from '../db/schema';
import { materialCardsByIds } from '../materials/find-materials';
import { visibleMaterial } from '../materials/published-material';
import { assertLibraryOpen } from './check-library-open';

/**
 * A page of the company's library, most recently pushed first (docs/product/enterprise-library.md#browsing-and-searching).
 * Only materials still published show: one taken off every market or deleted drops out of the list (and the count)
 * until it is published again. A keyword matches the material's names or serial number or its supplier's name.
 */
export async function listLibraryMaterials(companyId: number, query: LibraryListQuery, lang: Lang, now: Date = new Date()): Promise<LibraryPage> {
  await assertLibraryOpen(companyId, now);
  const filters: SQL[] = [eq(enterpriseLibraryItems.companyId, companyId), visibleMaterial];
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    filters.push(or(sql`${materials.nameCn} ilike ${like}`, sql`${materials.nameEn} ilike ${like}`, sql`${materials.serialNo} ilike ${like}`, sql`${companies.orgName} ilike ${like}`, sql`${companies.nameEn} ilike ${like}`)!);
  }
  if (query.supplierId !== undefined) filters.push(eq(materials.companyId, query.supplierId));
  if (query.categoryId !== undefined) {
    // A level-1 category is every material's root; a lower one takes its direct children.
    const children = getDb().select({ id: categories.id }).from(categories).where(eq(categories.parentId, query.categoryId));
    filters.push(or(eq(materials.categoryId, query.categoryId), eq(materials.rootCategoryId, query.categoryId), inArray(materials.categoryId, children))!);
  }
  const where = and(...filters);
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select({ materialId: enterpriseLibraryItems.materialId, pushedAt: enterpriseLibraryItems.pushedAt, pusherId: users.id, pusherName: users.name })
      .from(enterpriseLibraryItems)
      .innerJoin(materials, eq(materials.id, enterpriseLibraryItems.materialId))
      .innerJoin(companies, eq(companies.id, materials.companyId))
      .leftJoin(users, eq(users.id, enterpriseLibraryItems.pushedBy))
      .where(where)
      .orderBy(desc(enterpriseLibraryItems.pushedAt), desc(enterpriseLibraryItems.materialId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ n: count() })
      .from(enterpriseLibraryItems)
      .innerJoin(materials, eq(materials.id, enterpriseLibraryItems.materialId))
      .innerJoin(companies, eq(companies.id, materials.companyId))
      .where(where),
  ]);
  const cards = new Map((await materialCardsByIds(rows.map((r) => r.materialId), { lang, now })).map((card) => [card.id, card]));
  const records = rows.flatMap((row) => {
    const material = cards.get(row.materialId);
    if (!material) return [];
    return [{ material, pushedAt: row.pushedAt.toISOString(), pushedBy: row.pusherId !== null && row.pusherName !== null ? { id: row.pusherId, name: row.pusherName } : null }];
  });
  return { records, total: total?.n ?? 0 };
}
