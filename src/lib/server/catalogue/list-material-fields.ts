import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { categories, categoryFields, materialFields } from '../db/schema';

export interface MaterialField {
  fieldCode: string;
  fieldType: number;
  isRequired: number;
  marketType: number | null;
  defaultJsonSchema: Record<string, unknown> & { title: string };
}

const toField = (row: typeof materialFields.$inferSelect, lang: Lang, link?: { isRequired: number; marketType: number }): MaterialField => ({
  fieldCode: row.fieldCode,
  fieldType: row.fieldType,
  isRequired: link?.isRequired ?? 0,
  marketType: link?.marketType ?? null,
  defaultJsonSchema: { ...row.schema, title: lang === 'en' ? row.titleEn : row.titleCn },
});

/**
 * The fields a material of a category has in a market (docs/product/catalogue.md#calls category-template). A level-2 category uses its
 * level-1 parent's template. Null when the category does not exist.
 */
export async function listCategoryTemplate(categoryId: number, marketType: number, lang: Lang): Promise<MaterialField[] | null> {
  const db = getDb();
  const [category] = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!category) return null;
  const rows = await db
    .select({ field: materialFields, isRequired: categoryFields.isRequired, marketType: categoryFields.marketType })
    .from(categoryFields)
    .innerJoin(materialFields, eq(materialFields.id, categoryFields.fieldId))
    .where(and(eq(categoryFields.categoryId, category.parentId ?? category.id), eq(categoryFields.marketType, marketType)))
    .orderBy(asc(materialFields.fieldType), asc(materialFields.sort));
  return rows.map((r) => toField(r.field, lang, r));
}

/** Field definitions by PF code (docs/product/catalogue.md#calls dyn/attr-list). */
export async function listFieldDefinitions(codes: string[], lang: Lang): Promise<MaterialField[]> {
  const rows = await getDb().select().from(materialFields).where(inArray(materialFields.fieldCode, codes)).orderBy(asc(materialFields.sort));
  return rows.map((r) => toField(r, lang));
}
