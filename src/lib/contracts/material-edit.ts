/**
 * The supplier's side of materials (docs/product/supplier.md): the editor's save, the company's material list and
 * dashboard, version diffs, export. Isomorphic: pages, islands and the server share these shapes.
 */
import { z } from 'zod';
import { imageRefOrNullSchema, imageRefSchema } from './images';
import { MAP_KINDS, readMaterialSchema } from './material-files';
import { flagSchema, materialCardSchema } from './materials';
import { ATTACHMENT_NAME_MAX, ATTACHMENTS_MAX, COLOR_CARD_NAME_MAX, COLOR_CARDS_MAX, GALLERY_MAX, MATERIAL_EXPORT_MAX, MATERIAL_USAGE_KINDS, SUPPLIER_MATERIAL_SORTS, SUPPLIER_MATERIAL_STATES, SUPPLIER_PAGE_SIZE } from './material-edit-rules';

export * from './material-edit-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const marketType = z.union([z.literal(1), z.literal(2)]);

export const colorCardEditSchema = z.object({
  /** Given for a card kept from the previous version, so sample-bag items and shares that point at it survive. */
  id: id.optional(),
  name: z.string().trim().min(1, 'validation.required').max(COLOR_CARD_NAME_MAX, 'validation.tooLong'),
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalidValue'),
  isDefault: flagSchema.default(0),
  /** 1 for a card taken from the material file's proposed colors: its color is the file's and cannot be changed. */
  isBan: flagSchema.default(0),
  /** Images of this color, by uploaded image id. */
  imageIds: z.array(id).max(GALLERY_MAX).default([]),
});
export type ColorCardEdit = z.input<typeof colorCardEditSchema>;

/** A document on the material: an uploaded file of the company (by its relative path) and the name buyers see. */
export const attachmentEditSchema = z.object({
  relativePath: z.string().min(1, 'validation.required').max(512, 'validation.tooLong'),
  name: z.string().trim().min(1, 'validation.required').max(ATTACHMENT_NAME_MAX, 'validation.tooLong'),
});
export type AttachmentEdit = z.input<typeof attachmentEditSchema>;

/** Which of the material file's maps are used, and the physical size one tile covers, in centimetres. */
export const materialFileSettingsSchema = z.object({
  maps: z.array(z.enum(MAP_KINDS)).max(MAP_KINDS.length),
  widthCm: z.number().min(0.1, 'validation.invalidValue').max(1000, 'validation.invalidValue'),
  heightCm: z.number().min(0.1, 'validation.invalidValue').max(1000, 'validation.invalidValue'),
});
export type MaterialFileSettings = z.output<typeof materialFileSettingsSchema>;

/** A tile size for a file that states none (one holding constants only): it only scales the previews' pattern. */
const UNSIZED_TILE_CM = 10;
/** The settings' range takes 0.1 cm to 10 m: a file's odd size is brought inside rather than refused. */
const withinTile = (cm: number | undefined) => (cm && cm > 0 ? Math.min(1000, Math.max(0.1, Math.round(cm * 100) / 100)) : UNSIZED_TILE_CM);

/** The settings a newly bound file starts with: every front map it has, at the size it states. */
export function defaultFileSettings(material: Pick<z.output<typeof readMaterialSchema>, 'maps' | 'physicalSize'>): MaterialFileSettings {
  return { maps: [...material.maps.front], widthCm: withinTile(material.physicalSize?.widthCm), heightCm: withinTile(material.physicalSize?.heightCm) };
}

/**
 * `POST …/v2/material/edit`: without `materialId` a new material (version 1), with it a new version. `attrs` are the
 * dynamic fields by PF code for the category's template in `marketType` (names, serial number and prices among them);
 * the server checks them against the template (required, max length, number range, dictionary values) and answers
 * 300069 / 300070 / 300068 with the field `attrs.<PF code>` and a message in the caller's language.
 */
export const materialEditRequestSchema = z.object({
  materialId: id.optional(),
  categoryId: id,
  marketType: marketType.default(1),
  attrs: z.record(z.string().regex(/^PF_[A-Z0-9_]{1,40}$/), z.unknown()).refine((r) => Object.keys(r).length <= 80, 'validation.tooBig'),
  colorCards: z.array(colorCardEditSchema).min(1, 'validation.colorCardRequired').max(COLOR_CARDS_MAX, 'validation.tooBig'),
  coverImageId: id.nullable().default(null),
  danglingImageId: id.nullable().default(null),
  galleryImageIds: z.array(id).max(GALLERY_MAX, 'validation.tooBig').default([]),
  attachments: z.array(attachmentEditSchema).max(ATTACHMENTS_MAX, 'validation.tooBig').default([]),
  /**
   * The material file, by the reading that read it (docs/product/material-files.md#binding-a-file): the bound file's
   * own reading keeps it, a newer finished reading of the company's replaces it, null unbinds it.
   */
  materialFileReadId: id.nullable().default(null),
  /** New settings for the file (which maps, tile size); null keeps its settings. */
  materialFileSettings: materialFileSettingsSchema.nullable().default(null),
});
export type MaterialEditRequest = z.input<typeof materialEditRequestSchema>;
export const materialEditResultSchema = z.object({ id: z.number().int(), version: z.number().int() });

const boundFileSchema = z.object({ readId: z.number().int(), fileName: z.string(), material: readMaterialSchema, settings: materialFileSettingsSchema });
export type BoundMaterialFile = z.output<typeof boundFileSchema>;

/** The editor's starting point for an existing material: the latest version as it was entered. */
export const materialEditSourceSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  categoryId: z.number().int(),
  attrs: z.record(z.string(), z.unknown()),
  colorCards: z.array(z.object({ id: z.number().int(), name: z.string(), hex: z.string(), isDefault: flagSchema, isBan: flagSchema, images: z.array(z.object({ id: z.number().int(), ref: imageRefSchema })) })),
  cover: z.object({ id: z.number().int(), ref: imageRefSchema }).nullable(),
  dangling: z.object({ id: z.number().int(), ref: imageRefSchema }).nullable(),
  gallery: z.array(z.object({ id: z.number().int(), ref: imageRefSchema })),
  attachments: z.array(z.object({ relativePath: z.string(), name: z.string(), size: z.number().int(), mime: z.string() })),
  marketTypes: z.array(z.number().int()),
  /** The bound material file, as its reading answered it, with the supplier's settings; null without one. */
  file: boundFileSchema.nullable(),
});
export type MaterialEditSource = z.output<typeof materialEditSourceSchema>;
export const materialEditSourceQuerySchema = z.object({ materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type MaterialEditResult = z.output<typeof materialEditResultSchema>;


/** The company's materials (the dashboard list): words, category, state, sort, page. */
export const supplierMaterialQuerySchema = z.object({
  keywords: z.string().trim().max(50, 'validation.tooLong').optional(),
  categoryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  state: z.enum(SUPPLIER_MATERIAL_STATES).default('all'),
  /** With state on/off: which market; both when absent. */
  marketType: z.coerce.number().pipe(marketType).optional(),
  sort: z.enum(SUPPLIER_MATERIAL_SORTS).default('modified'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(60).default(SUPPLIER_PAGE_SIZE),
});
export type SupplierMaterialQuery = z.output<typeof supplierMaterialQuerySchema>;

export const supplierMaterialRowSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  serialNo: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  cover: imageRefOrNullSchema,
  colorCount: z.number().int(),
  marketTypes: z.array(z.number().int()),
  /** Never put on a market yet. */
  isDraft: z.boolean(),
  /** Color cards whose render failed (3) or waits (1, 5). */
  renderFailed: z.number().int(),
  renderQueued: z.number().int(),
  gmtModifyTime: z.string(),
});
export type SupplierMaterialRow = z.output<typeof supplierMaterialRowSchema>;
export const supplierMaterialPageSchema = z.object({ records: z.array(supplierMaterialRowSchema), total: z.number().int() });
export type SupplierMaterialPage = z.output<typeof supplierMaterialPageSchema>;

/** What the dashboard counts; each number links to the list filtered to it. */
export const supplierDashboardSchema = z.object({
  onMarket: z.object({ domestic: z.number().int(), overseas: z.number().int() }),
  offMarket: z.object({ domestic: z.number().int(), overseas: z.number().int() }),
  drafts: z.number().int(),
  rendersQueued: z.number().int(),
  rendersFailed: z.number().int(),
  sampleRequestsWaiting: z.number().int(),
  followers: z.number().int(),
  shareViewsThisWeek: z.number().int(),
});
export type SupplierDashboard = z.output<typeof supplierDashboardSchema>;

export const materialDiffQuerySchema = z.object({
  materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  from: z.coerce.number().int().min(1).max(1_000_000),
  to: z.coerce.number().int().min(1).max(1_000_000),
});
const change = z.enum(['added', 'removed', 'changed', 'same']);
const documentSide = z.object({ name: z.string(), size: z.number().int() }).nullable();
const cardSide = z.object({ name: z.string(), hex: z.string(), isDefault: flagSchema, imageCount: z.number().int() }).nullable();
/** Two versions side by side: every attribute, color card and image slot, each with what changed. */
export const materialDiffSchema = z
  .object({
    from: z.object({ version: z.number().int(), creator: z.string().nullable(), createdAt: z.string() }),
    to: z.object({ version: z.number().int(), creator: z.string().nullable(), createdAt: z.string() }),
    attributes: z.array(z.object({ fieldCode: z.string(), title: z.string(), before: z.string(), after: z.string(), change })),
    colorCards: z.array(z.object({ id: z.number().int(), before: cardSide, after: cardSide, change })),
    images: z.array(z.object({ slot: z.enum(['cover', 'dangling', 'gallery']), before: z.array(imageRefSchema), after: z.array(imageRefSchema), change })),
    /** Documents matched by their stored file: a rename is a change, the same file under another name too. */
    documents: z.array(z.object({ before: documentSide, after: documentSide, change })),
  })
  .meta({ id: 'MaterialDiff' });
export type MaterialDiff = z.output<typeof materialDiffSchema>;

/** Export: the chosen materials, or (no ids) everything the list query finds, capped. */
export const materialExportRequestSchema = z.object({ materialIds: z.array(id).min(1).max(MATERIAL_EXPORT_MAX).optional(), query: supplierMaterialQuerySchema.partial().optional() });
export type MaterialExportRequest = z.input<typeof materialExportRequestSchema>;
/** The export request as the server reads it. */
export type MaterialExportInput = z.output<typeof materialExportRequestSchema>;

export const materialByIdsRequestSchema = z.object({ ids: z.array(id).min(1).max(200) });
export type MaterialByIdsRequest = z.input<typeof materialByIdsRequestSchema>;
/** The tiles of the ids the caller may see, in the order asked; the others are left out. */
export const materialByIdsResultSchema = z.object({ records: z.array(materialCardSchema) });
export type MaterialByIdsResult = z.output<typeof materialByIdsResultSchema>;

export const materialUsageRequestSchema = z.object({ materialId: id, kind: z.enum(MATERIAL_USAGE_KINDS) });
export type MaterialUsageRequest = z.output<typeof materialUsageRequestSchema>;
export const materialUsageResultSchema = z.object({ id: z.number().int() });
