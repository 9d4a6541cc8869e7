import { z } from 'zod';

/** GET /api/idealab-material/category/level: the categories of one level (under a parent), or the whole tree. */
export const categoryLevelQuerySchema = z.object({
  level: z.coerce.number().int().min(1, 'validation.invalidValue').max(2, 'validation.invalidValue').default(1),
  parentId: z.coerce.number().int().positive().optional(),
  tree: z.enum(['0', '1']).default('0'),
});

/** §3 Category: name in the caller's language, originName the Chinese original, children as matchResult. */
export type CategoryNode = { id: number; code: string; name: string; originName: string; parentId: number | null; level: number; matchResult?: CategoryNode[] };

export const dictionaryTypeSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'validation.invalidValue');
/** GET /api/idealab-material/open/dict/item/list?typeCode= */
export const dictionaryQuerySchema = z.object({ typeCode: dictionaryTypeSchema });
/** POST /api/idealab-material/open/dict/item/list-codes: several dictionaries at once. */
export const dictionaryCodesSchema = z.array(dictionaryTypeSchema).min(1).max(20);

export type DictionaryItem = { itemValue: string; label: string; children: DictionaryItem[] };

/** An industry alias of a category or a material field, as the alias lists answer it. */
export const aliasSchema = z.object({ sourceId: z.number().int(), sourceName: z.string(), alias: z.string(), status: z.number().int() }).meta({ id: 'Alias' });
export type Alias = z.output<typeof aliasSchema>;
export const aliasPagingSchema = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(99_999).default(99_999) });
export const aliasPageSchema = z.object({ records: z.array(aliasSchema), total: z.number().int() });
