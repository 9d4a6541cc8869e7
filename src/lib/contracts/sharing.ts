import { z } from 'zod';
import { COLOR_FAMILIES } from './colors';
import { imageRefOrNullSchema } from './images';
import { materialCardSchema, materialDetailSchema } from './materials';
import { SHARE_CODE_PATTERN, SHARE_INTRO_MAX, SHARE_KINDS, SHARE_MATERIALS_MAX, SHARED_BOOK_KEYWORDS_MAX, VALIDITY_TYPES, VIEW_RANGES } from './sharing-rules';

export * from './sharing-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A share's settings: type, validityType, view range, isSync and the introduction. */
const config = {
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  validityType: z.union(VALIDITY_TYPES.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]).default(1),
  viewRange: z.union(VIEW_RANGES.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<3>]).default(1),
  isSync: z.union([z.literal(0), z.literal(1)]).default(0),
  introduce: z.string().trim().max(SHARE_INTRO_MAX, 'validation.tooLong').default(''),
};
export const shareCreateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('material'), materialIds: z.array(id).length(1), ...config }),
  z.object({ kind: z.literal('materials'), materialIds: z.array(id).min(2).max(SHARE_MATERIALS_MAX), ...config }),
  z.object({ kind: z.literal('folder'), folderId: id, ...config }),
  z.object({ kind: z.literal('colorCard'), colorCardId: id, ...config }),
  z.object({ kind: z.literal('colorBook'), colorBookId: id, ...config }),
  z.object({ kind: z.literal('materialBook'), materialBookId: id, ...config }),
]);
export type ShareCreateInput = z.output<typeof shareCreateSchema>;
/** color/card/book/share/url: one of the caller's color-card books (`relateId`), with the same settings as share/url. */
export const colorBookShareCreateSchema = z.object({ relateId: id, ...config });
export type ColorBookShareRequest = z.input<typeof colorBookShareCreateSchema>;
/** material/book/share/url and collection/share: one of the caller's company's material books (`collectionId`), with the same settings. */
export const materialBookShareCreateSchema = z.object({ collectionId: id, ...config });
export type MaterialBookShareRequest = z.input<typeof materialBookShareCreateSchema>;

export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'validation.invalidValue');
/** `?id=` of the viewer's calls on a share. */
export const shareQuerySchema = z.object({ id: shareIdSchema });
/** `?shareId=` of color/card/book/share/info. */
export const colorBookShareQuerySchema = z.object({ shareId: shareIdSchema });
/** Words to look for inside a shared material book and the page of its materials; the API refuses what the landing forgives. */
const bookKeywords = z.string().trim().max(SHARED_BOOK_KEYWORDS_MAX, 'validation.tooLong');
const bookPage = z.coerce.number().int().min(1).max(1000);
/** `?shareId=`, and optionally `keywords` and `page`, of material/book/share/info and collection/share/info. */
export const materialBookShareQuerySchema = z.object({ shareId: shareIdSchema, keywords: bookKeywords.default(''), page: bookPage.default(1) });
/** The landing's `?keywords=&page=`: anything it cannot read is the whole book's first page. */
export const sharedBookBrowseSchema = z.object({ keywords: bookKeywords.catch(''), page: bookPage.catch(1) });
export type SharedBookBrowse = z.output<typeof sharedBookBrowseSchema>;
/** `{id}` of color/card/book/share-save: the share whose book is saved. */
export const shareSaveParamsSchema = z.object({ id: shareIdSchema });
export const shareCodeCheckSchema = z.object({ shareId: shareIdSchema, code: z.string().trim().regex(SHARE_CODE_PATTERN, 'validation.shareCode') });

/** A share's answer to its sharer: the code only for a password share. */
export const shareCreatedSchema = z.object({ shareId: z.string(), code: z.string().nullable(), url: z.string(), expiresAt: z.string().nullable() }).meta({ id: 'ShareCreated' });
export type ShareCreated = z.output<typeof shareCreatedSchema>;
export type ShareCreateRequest = z.input<typeof shareCreateSchema>;
export const shareEndRequestSchema = z.object({ shareId: shareIdSchema });
export const shareIdResultSchema = z.object({ shareId: z.string() });

/** Where a viewer stands with a share: `ok` shows the content; the others show their page instead. */
export const shareAccessSchema = z.enum(['ok', 'needCode', 'needLogin', 'expired', 'missing']);
export type ShareAccess = z.output<typeof shareAccessSchema>;
const literals = <T extends readonly number[]>(values: T) => z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>]);
export const shareInfoSchema = z
  .object({
    shareId: z.string(),
    kind: z.enum(SHARE_KINDS),
    type: z.union([z.literal(1), z.literal(2)]),
    validityType: literals(VALIDITY_TYPES),
    viewRange: literals(VIEW_RANGES),
    isSync: z.union([z.literal(0), z.literal(1)]),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    /** Who shared: the company's name, or the person's. */
    sharer: z.string(),
    /** Only once access is granted (a password share's title and introduction are content too). */
    title: z.string().nullable(),
    introduction: z.string().nullable(),
  })
  .meta({ id: 'ShareInfo' });
export type ShareInfo = z.output<typeof shareInfoSchema>;
/** A color of a shared color-card book as the viewer sees it (the system's names in the viewer's language). */
export const sharedBookColorSchema = z
  .object({ code: z.string(), name: z.string(), hex: z.string(), r: z.number().int(), g: z.number().int(), b: z.number().int(), family: z.enum(COLOR_FAMILIES) })
  .meta({ id: 'SharedBookColor' });
export type SharedBookColor = z.output<typeof sharedBookColorSchema>;
export const shareContentSchema = z
  .union([
    z.object({ kind: z.literal('material'), material: materialDetailSchema }),
    z.object({ kind: z.enum(['materials', 'folder']), materials: z.array(materialCardSchema), folderName: z.string().nullable() }),
    z.object({ kind: z.literal('colorCard'), material: materialDetailSchema, colorCardId: z.number().int() }),
    z.object({ kind: z.literal('colorBook'), book: z.object({ name: z.string(), count: z.number().int() }), colors: z.array(sharedBookColorSchema) }),
    z.object({
      kind: z.literal('materialBook'),
      /**
       * `count`: every material the share holds; `total`: those matching `keywords`, of which `materials` is page
       * `page`. `onMarket` 0 only reaches the book's own company: everyone else finds the share ended.
       */
      book: z.object({ name: z.string(), introduction: z.string(), cover: imageRefOrNullSchema, count: z.number().int(), onMarket: z.number().int() }),
      materials: z.array(materialCardSchema),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
      keywords: z.string(),
    }),
  ])
  .meta({ id: 'ShareContent' });
export type ShareContent = z.output<typeof shareContentSchema>;
/** A share as a viewer may see it: whether they may, who shared it, and only then its content. */
export const openedShareSchema = z
  .object({ access: shareAccessSchema, info: shareInfoSchema.nullable(), content: shareContentSchema.nullable(), own: z.boolean() })
  .meta({ id: 'OpenedShare' });
export type OpenedShare = z.output<typeof openedShareSchema>;
