import { z } from 'zod';

/** GET /api/idealab-material/category/level: the categories of one level (under a parent), or the whole tree. */
export const categoryLevelQuerySchema = z.object({
  level: z.coerce.number().int().min(1, 'validation.invalidValue').max(2, 'validation.invalidValue').default(1),
  parentId: z.coerce.number().int().positive().optional(),
  tree: z.enum(['0', '1']).default('0'),
});

/** Category: name in the caller's language, originName the Chinese original, children as matchResult. */
// Recursive shapes are the one place a type is written beside its schema: zod cannot infer through z.lazy.
export type CategoryNode = { id: number; code: string; name: string; originName: string; parentId: number | null; level: number; matchResult?: CategoryNode[] };
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), originName: z.string(), parentId: z.number().int().nullable(), level: z.number().int(), matchResult: z.array(categoryNodeSchema).optional() }),
  )
  .meta({ id: 'Category' });
export const categoryListSchema = z.array(categoryNodeSchema);

export const dictionaryTypeSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'validation.invalidValue');
/** GET /api/idealab-material/open/dict/item/list?typeCode= */
export const dictionaryQuerySchema = z.object({ typeCode: dictionaryTypeSchema });
/** POST /api/idealab-material/open/dict/item/list-codes: several dictionaries at once. */
export const dictionaryCodesSchema = z.array(dictionaryTypeSchema).min(1).max(20);

/** POST /api/idealab-material/open/dict/tree-item/list: several dictionaries, as trees or (`tree: false`) flattened in reading order. */
export const dictionaryTreeRequestSchema = z.object({ typeCodes: dictionaryCodesSchema, tree: z.boolean().default(true) });
export type DictionaryItem = { itemValue: string; label: string; children: DictionaryItem[] };
export const dictionaryItemSchema: z.ZodType<DictionaryItem> = z
  .lazy(() => z.object({ itemValue: z.string(), label: z.string(), children: z.array(dictionaryItemSchema) }))
  .meta({ id: 'DictionaryItem' });
export const dictionaryItemListSchema = z.array(dictionaryItemSchema);
export const dictionariesSchema = z.record(z.string(), z.array(dictionaryItemSchema));

/** An address tree node; a list's nodes come with children empty. */
export type AddressNode = { id: number; fullZhName: string; fullEnName: string; children: AddressNode[] };
export const addressNodeSchema: z.ZodType<AddressNode> = z
  .lazy(() => z.object({ id: z.number().int(), fullZhName: z.string(), fullEnName: z.string(), children: z.array(addressNodeSchema) }))
  .meta({ id: 'AddressNode' });
export const addressNodeListSchema = z.array(addressNodeSchema);
export const addressLevelRequestSchema = z.object({ parentId: z.number().int().positive().optional() });
/** Where an address picker starts: the caller's company address, or nulls. */
// A union rather than .nullable(): the generator documents a nullable lazy component as allOf [ref, null], which no
// value matches; anyOf [ref, null] is what is meant.
const addressOrNull = z.union([addressNodeSchema, z.null()]);
export const addressLocationSchema = z.object({ country: addressOrNull, province: addressOrNull, city: addressOrNull });
export type AddressLocation = z.output<typeof addressLocationSchema>;
export const addressTreeSchema = z.object({ version: z.string(), tree: z.array(addressNodeSchema) });
export type AddressTree = z.output<typeof addressTreeSchema>;

/** A material field's definition; `defaultJsonSchema` is the field's own JSON schema, open by nature. */
export const materialFieldSchema = z
  .object({
    fieldCode: z.string(),
    fieldType: z.number().int(),
    isRequired: z.number().int(),
    marketType: z.number().int().nullable(),
    defaultJsonSchema: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'MaterialField' });
export const materialFieldListSchema = z.array(materialFieldSchema);
export const categoryTemplateQuerySchema = z.object({ categoryId: z.coerce.number().int().positive(), marketType: z.coerce.number().int().min(1).max(2).default(1) });
export const fieldDefinitionsRequestSchema = z.object({ fieldCodes: z.array(z.string().regex(/^PF_[A-Z_]{2,40}$/, 'validation.invalidValue')).min(1).max(100) });

/** An industry alias of a category or a material field, as the alias lists answer it. */
export const aliasSchema = z.object({ sourceId: z.number().int(), sourceName: z.string(), alias: z.string(), status: z.number().int() }).meta({ id: 'Alias' });
export type Alias = z.output<typeof aliasSchema>;
export const aliasPagingSchema = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(99_999).default(99_999) });
export const aliasPageSchema = z.object({ records: z.array(aliasSchema), total: z.number().int() });
