/** Material books (docs/product/material-books.md#calls): a supplier company's brochures of its materials. */
import { z } from 'zod';
import { imageRefOrNullSchema } from './images';
import { materialCardSchema } from './materials';
import { MATERIAL_BOOK_INTRO_MAX, MATERIAL_BOOK_MAX_MATERIALS, MATERIAL_BOOK_NAME_MAX, MATERIAL_BOOK_PAGE_SIZE } from './material-books-rules';

export * from './material-books-rules';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const materialBookNameSchema = z.string().trim().min(1, 'validation.required').max(MATERIAL_BOOK_NAME_MAX, 'validation.materialBookNameTooLong');
const introduction = z.string().trim().max(MATERIAL_BOOK_INTRO_MAX, 'validation.tooLong');

export const materialBookAddSchema = z.object({ name: materialBookNameSchema, introduction: introduction.default('') });
export const materialBookRenameSchema = z.object({ id, name: materialBookNameSchema });
/** The book's content as the editor saves it: introduction, cover (one of its materials) and its materials in order. */
export const materialBookEditSchema = z.object({
  id,
  introduction,
  /** The material whose cover is the book's; none: the first material's. */
  coverMaterialId: id.nullable().default(null),
  materialIds: z.array(id).max(MATERIAL_BOOK_MAX_MATERIALS, 'validation.materialBookFull'),
});
export type MaterialBookEdit = z.output<typeof materialBookEditSchema>;
export const materialBookIdSchema = z.object({ id });
export const materialBookIdsSchema = z.object({ ids: z.array(id).min(1, 'validation.required').max(100) });
export const materialBookListSchema = z.object({
  keyword: z.string().trim().max(MATERIAL_BOOK_NAME_MAX, 'validation.tooLong').optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(24),
});
export const materialBookCollectSchema = z.object({ id, collect: z.boolean().default(true) });
/** Search inside a book (material/search): words over its materials' names and serial numbers. */
export const materialBookSearchSchema = z.object({
  id,
  keywords: z.string().trim().max(50, 'validation.tooLong').default(''),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(60).default(MATERIAL_BOOK_PAGE_SIZE),
});
export type MaterialBookSearch = z.output<typeof materialBookSearchSchema>;

export const materialBookSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    introduction: z.string(),
    cover: imageRefOrNullSchema,
    onMarket: z.number().int(),
    count: z.number().int(),
    companyId: z.number().int(),
    companyName: z.string(),
    /** The caller keeps it (collect); false for a guest. */
    collected: z.boolean(),
    /** The caller's own company's book. */
    own: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MaterialBook' });
export type MaterialBook = z.output<typeof materialBookSchema>;
export const materialBookPageSchema = z.object({ records: z.array(materialBookSchema), total: z.number().int() }).meta({ id: 'MaterialBookPage' });
export type MaterialBookPage = z.output<typeof materialBookPageSchema>;
export const materialBookMaterialsSchema = z
  .object({ book: materialBookSchema, records: z.array(materialCardSchema), total: z.number().int() })
  .meta({ id: 'MaterialBookMaterials' });
export type MaterialBookMaterials = z.output<typeof materialBookMaterialsSchema>;
export const materialBookRemovedSchema = z.object({ id: z.number().int() });
export const materialBookBatchResultSchema = z.object({ changed: z.number().int() });
