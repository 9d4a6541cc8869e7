import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CategoryNode } from '../../contracts/catalogue';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { categories } from '../db/schema';

type Row = typeof categories.$inferSelect;
const node = (row: Row, lang: Lang): CategoryNode => ({
  id: row.id,
  code: row.code,
  name: lang === 'en' ? row.nameEn : row.nameCn,
  originName: row.nameCn,
  parentId: row.parentId,
  level: row.level,
});

/** The categories of a level (under `parentId` when given), in the caller's language (docs/product/catalogue.md#calls category/level). */
export async function listCategories(level: number, lang: Lang, parentId?: number): Promise<CategoryNode[]> {
  const rows = await getDb()
    .select()
    .from(categories)
    .where(and(eq(categories.level, level), parentId === undefined ? (level === 1 ? isNull(categories.parentId) : undefined) : eq(categories.parentId, parentId)))
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((r) => node(r, lang));
}

/** The whole tree: level 1 with its children in `matchResult`. */
export async function listCategoryTree(lang: Lang): Promise<CategoryNode[]> {
  const rows = await getDb().select().from(categories).orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  const byId = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const n = { ...node(row, lang), matchResult: [] };
    byId.set(row.id, n);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    (parent ? (parent.matchResult ??= []) : roots).push(n);
  }
  return roots;
}
