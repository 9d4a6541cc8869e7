import { z } from 'zod';
import { MAP_KINDS } from './material-files';
import { imageRefOrNullSchema, imageRefSchema } from './images';

import { MATERIAL_FACETS, MATERIAL_SORTS, PRICE_FILTER_MAX, STORE_PAGE_SIZE, type MaterialQuery } from '../material-query';

export { MATERIAL_FACETS, MATERIAL_SORTS, NEW_MATERIAL_DAYS, PRICE_FILTER_MAX, STORE_PAGE_SIZE, materialQueryString, type MaterialFacet, type MaterialQuery, type MaterialSort } from '../material-query';

const facetValues = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[\w-]{1,40}$/, 'validation.invalidValue')).max(20));

/** A price bound from a URL (an empty box sends `minPrice=`, which is no bound) or a body: a number from 0 up. */
const priceBound = z
  .union([z.number(), z.string().trim()])
  .transform((v) => (v === '' ? undefined : Number(v)))
  .pipe(z.number({ error: 'validation.price' }).min(0, 'validation.price').max(PRICE_FILTER_MAX, 'validation.tooBig').optional())
  .optional()
  .meta({ description: `Listed price bound, inclusive, in the market's currency (0 to ${PRICE_FILTER_MAX})` });

/** A range whose lowest price is above its highest matches nothing: refused, so the buyer learns why. */
function priceRangeInOrder(query: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'validation.priceRange', input: query.maxPrice });
  }
}

/**
 * The store's filters as fields, for the queries built on them (a shop's search leaves some out). Without the
 * range check, which zod cannot carry through `omit`: every schema below adds it back.
 */
export const materialQueryFields = z.object({
  keywords: z.string().trim().max(50, 'validation.tooLong').optional(),
  categoryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** A merchant's materials (merchant detail AllMaterial / NewMaterial). */
  orgId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  isNew: z.coerce.number().int().min(0).max(1).optional(),
  colorFamily: facetValues.optional(),
  season: facetValues.optional(),
  product: facetValues.optional(),
  shipFrom: facetValues.optional(),
  /** docs/product/catalogue.md#filtering-by-price: only materials listed in the market's currency can match. */
  minPrice: priceBound,
  maxPrice: priceBound,
  sort: z.enum(MATERIAL_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(500).default(1),
  size: z.coerce.number().int().min(1).max(60).default(STORE_PAGE_SIZE),
});
/** Adds the range check to a query schema made from these fields (`superRefine` keeps the schema's type). */
export const withPriceRange = <T extends z.ZodType<{ minPrice?: number | undefined; maxPrice?: number | undefined }>>(schema: T): T => schema.superRefine(priceRangeInOrder) as T;

/**
 * A store query, from a URL (`/main/material-store?categoryId=3&colorFamily=red,blue&sort=name`) or an API body.
 * Values within a facet are alternatives; facets combine.
 */
export const materialQuerySchema = withPriceRange(materialQueryFields);
// A compile-time check that the schema parses into exactly the zod-free type the island uses.
type Parsed = z.infer<typeof materialQuerySchema>;
true satisfies Parsed extends MaterialQuery ? (MaterialQuery extends Parsed ? true : never) : never;

/** docs/product/catalogue.md#calls open/v2/material/search: the store's filters with the words to find, most relevant first by default. */
export const materialSearchSchema = withPriceRange(
  materialQueryFields.extend({
    keywords: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
    sort: z.enum(MATERIAL_SORTS).default('relevance'),
  }),
);

/** 0 or 1, as the wire's flags are. */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
const id = z.number().int();

export const supplierInfoSchema = z.object({ supplierId: id, supplierName: z.string(), supplierLogo: imageRefOrNullSchema });
export type SupplierInfo = z.output<typeof supplierInfoSchema>;

/** A material in a grid: what the store, merchant pages and home page show per tile. */
export const materialCardSchema = z
  .object({
    id,
    version: z.number().int(),
    categoryId: id,
    name: z.string(),
    serialNo: z.string(),
    cover: imageRefOrNullSchema,
    supplierInfo: supplierInfoSchema,
    price: z.number().nullable(),
    currency: z.string(),
    priceUnit: z.string(),
    /** Up to five swatches of its color cards, default first. */
    colors: z.array(z.string()).meta({ description: 'Up to five swatches of its color cards, default first' }),
    colorCount: z.number().int(),
    isNew: flagSchema,
    gmtCreateTime: z.string(),
  })
  .meta({ id: 'MaterialCard' });
export type MaterialCard = z.output<typeof materialCardSchema>;

export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.output<typeof facetValueSchema>;
export const facetGroupSchema = z.object({ facet: z.enum(MATERIAL_FACETS), values: z.array(facetValueSchema) });
export type FacetGroup = z.output<typeof facetGroupSchema>;

/** A page of the store, a search or a merchant's materials; facet counts come with page 1. */
export const materialPageSchema = z.object({ records: z.array(materialCardSchema), total: z.number().int(), facets: z.array(facetGroupSchema).optional() });
export type MaterialPage = z.output<typeof materialPageSchema>;

/**
 * A picture of the detail's gallery: shown at the `large` preset, with the same picture at `full` (`zoom`) for the
 * viewer that opens on demand (docs/product/catalogue.md#material-detail).
 */
export const galleryImageSchema = imageRefSchema.extend({ zoom: imageRefSchema }).meta({ id: 'GalleryImage' });
export type GalleryImage = z.output<typeof galleryImageSchema>;

/** Color info, as the detail answers it. */
export const colorCardSchema = z
  .object({
    id,
    sort: z.number().int(),
    name: z.string(),
    colorInfo: z.object({ hex: z.string(), lab: z.tuple([z.number(), z.number(), z.number()]) }),
    isDefault: flagSchema,
    colorFamily: z.string(),
    isBan: flagSchema,
    renderingStatus: z.number().int(),
    images: z.array(galleryImageSchema),
    thumb: imageRefOrNullSchema,
    /** The card's rendered pictures (docs/product/material-files.md#rendering), once its render succeeded. */
    imgInfo: z.object({ swatch: imageRefSchema, preview: imageRefSchema, previewWithRuler: imageRefSchema, crease: imageRefSchema }).nullable(),
  })
  .meta({ id: 'ColorCard' });
export type ColorCard = z.output<typeof colorCardSchema>;

export const materialAttributeSchema = z.object({ fieldCode: z.string(), title: z.string(), alias: z.string().nullable(), value: z.string() });
export type MaterialAttribute = z.output<typeof materialAttributeSchema>;

/** A document on a material as buyers see it: name, size in bytes, type, and its place in the version's list. */
export const materialAttachmentSchema = z.object({ index: z.number().int(), name: z.string(), size: z.number().int(), mime: z.string() }).meta({ id: 'MaterialAttachment' });
export type MaterialAttachment = z.output<typeof materialAttachmentSchema>;

/** `GET material/attachment`: document `index` (from 0) of a material's version (-1: the latest). */
export const materialAttachmentQuerySchema = z.object({
  materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  version: z.coerce.number().int().min(-1).max(1_000_000).default(-1),
  index: z.coerce.number().int().min(0).max(1000),
});
export type MaterialAttachmentQuery = z.input<typeof materialAttachmentQuerySchema>;

export const materialDetailSchema = z
  .object({
    id,
    version: z.number().int(),
    latestVersion: z.number().int(),
    categoryId: id,
    categoryPath: z.array(z.object({ id, name: z.string(), alias: z.string().nullable() })),
    name: z.string(),
    nameCn: z.string(),
    nameEn: z.string(),
    serialNo: z.string(),
    supplierInfo: supplierInfoSchema.extend({ followCount: z.number().int(), isFollow: flagSchema }),
    colorCardList: z.array(colorCardSchema),
    enclosure: z.object({ images: z.array(galleryImageSchema) }),
    coverPicture: imageRefOrNullSchema,
    danglingPicture: imageRefOrNullSchema,
    dynamicAttr: z.array(materialAttributeSchema),
    price: z.number().nullable(),
    samplePrice: z.number().nullable(),
    currency: z.string(),
    currencySymbol: z.string(),
    priceUnit: z.string(),
    isNew: flagSchema,
    hasFile: flagSchema,
    isDelete: flagSchema,
    marketTypes: z.array(z.number().int()),
    /** Fully rendered only when every color card's status is 2. */
    renderingInfo: z.object({ fullyRendered: z.boolean() }),
    /**
     * The bound material file (docs/product/material-files.md#3d-preview): what it is, the tile size, the front maps
     * its settings use (as links that redirect to the map) and its constants; null without one.
     */
    fileInfo: z
      .object({
        fileName: z.string(),
        format: z.string(),
        version: z.string(),
        tileCm: z.object({ width: z.number(), height: z.number() }),
        maps: z.partialRecord(z.enum(MAP_KINDS), z.string()),
        constants: z.object({ roughness: z.number().nullable(), metalness: z.number().nullable(), alpha: z.number().nullable() }),
      })
      .nullable(),
    /** The version's documents; each downloads through `material/attachment` by its place in this list. */
    attachments: z.array(materialAttachmentSchema),
    /** The caller's company owns it. */
    isOwner: z.boolean(),
    gmtCreateTime: z.string(),
    gmtModifyTime: z.string(),
  })
  .meta({ id: 'MaterialDetail' });
export type MaterialDetail = z.output<typeof materialDetailSchema>;

const materialId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Body of the detail: a version of -1 is the latest. */
export const materialDetailRequestSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  version: z.coerce.number().int().min(-1).max(1_000_000).default(-1),
});
export type MaterialDetailRequest = z.input<typeof materialDetailRequestSchema>;

/** Company materials on or off the market in market types 1 (domestic) and 2 (overseas). */
export const MATERIAL_BATCH_MAX = 200;
const materialIds = z.array(materialId).min(1).max(MATERIAL_BATCH_MAX);
export const materialMarketRequestSchema = z.object({ materialIds, marketTypes: z.array(z.union([z.literal(1), z.literal(2)])).min(1).max(2) });
export type MaterialMarketRequest = z.input<typeof materialMarketRequestSchema>;
export const materialMarketResultSchema = z.object({ updated: z.number().int() });

export const materialDeleteRequestSchema = z.object({ materialIds });
export type MaterialDeleteRequest = z.input<typeof materialDeleteRequestSchema>;
export const materialDeleteResultSchema = z.object({ deleted: z.number().int() });

export const materialVersionsQuerySchema = z.object({ materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const materialVersionSchema = z.object({ version: z.number().int(), name: z.string(), colorCount: z.number().int(), creator: z.string().nullable(), createdAt: z.string(), isLatest: z.boolean() });
export type MaterialVersion = z.output<typeof materialVersionSchema>;
export const materialVersionListSchema = z.array(materialVersionSchema);

export const materialRevertRequestSchema = z.object({ materialId, version: z.number().int().min(1).max(1_000_000) });
export type MaterialRevertRequest = z.input<typeof materialRevertRequestSchema>;
export const materialRevertResultSchema = z.object({ id, version: z.number().int() });
