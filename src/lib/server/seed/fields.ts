import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, categoryFields, materialFields } from '../db/schema';
import { CATEGORY_FIELDS, COMMON_FIELDS, FIELDS, REQUIRED_BY_MARKET } from './field-data';

/** Field definitions and the category templates of both markets (needs the catalogue seeded first). */
export async function seedMaterialFields(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const fields = await tx
      .insert(materialFields)
      .values(FIELDS.map(([fieldCode, fieldType, titleCn, titleEn, schema], sort) => ({ fieldCode, fieldType, titleCn, titleEn, schema, sort })))
      .onConflictDoNothing()
      .returning({ id: materialFields.id });
    const ids = new Map((await tx.select({ id: materialFields.id, code: materialFields.fieldCode }).from(materialFields)).map((f) => [f.code, f.id]));
    let links = 0;
    for (const [categoryCode, extra] of Object.entries(CATEGORY_FIELDS)) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.code, categoryCode)).limit(1);
      if (!category) continue;
      for (const marketType of [1, 2] as const) {
        const required = new Set([...REQUIRED_BY_MARKET[marketType], ...extra.filter((c) => c.startsWith('*')).map((c) => c.slice(1))]);
        const codes = [...new Set([...COMMON_FIELDS, ...extra.map((c) => c.replace(/^\*/, ''))])];
        const rows = codes.flatMap((code) => {
          const fieldId = ids.get(code);
          return fieldId ? [{ categoryId: category.id, fieldId, marketType, isRequired: required.has(code) ? 1 : 0 }] : [];
        });
        links += (await tx.insert(categoryFields).values(rows).onConflictDoNothing().returning({ fieldId: categoryFields.fieldId })).length;
      }
    }
    return fields.length + links;
  });
}
