/**
 * Rendering color cards from material files, and the file's settings (docs/product/material-files.md#rendering):
 * the shapes the render calls, the editor and the detail page share. Isomorphic.
 */
import { z } from 'zod';
import { imageRefSchema } from './images';
import { materialFileSettingsSchema } from './material-edit';
import { MAP_KINDS, readMaterialSchema } from './material-files';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const renderQuerySchema = z.object({ materialId: z.coerce.number().int().positive({ message: 'validation.invalidValue' }).max(Number.MAX_SAFE_INTEGER) });
export const renderRequestSchema = z.object({ materialId: id });
/** `POST …/datapipe/parser/decline`: the reading whose proposed colors the supplier declined. */
export const materialFileDeclineSchema = z.object({ id });

const renderedCardSchema = z.object({
  colorCardId: z.number().int(),
  name: z.string(),
  hex: z.string(),
  /** 1 rendering, 2 success, 3 failed, 4 cancelled, 5 in queue. */
  renderingStatus: z.number().int(),
  /** Why the last render failed, or why it is being retried; empty otherwise. */
  reason: z.string(),
  /** The render's pictures, once it succeeded. */
  pictures: z.object({ preview: imageRefSchema, previewWithRuler: imageRefSchema, crease: imageRefSchema, swatch: imageRefSchema }).nullable(),
});

/** `GET …/v2/material/fast/render`: one material's render state, card by card. */
export const materialRenderSchema = z
  .object({ materialId: z.number().int(), hasFile: z.boolean(), fullyRendered: z.boolean(), cards: z.array(renderedCardSchema) })
  .meta({ id: 'MaterialRender' });
export type MaterialRender = z.output<typeof materialRenderSchema>;

/** `GET …/v2/material/fast/render/stat`: the company's color cards by render state. */
export const renderStatSchema = z.object({ queued: z.number().int(), rendering: z.number().int(), success: z.number().int(), failed: z.number().int(), cancelled: z.number().int() });
export type RenderStat = z.output<typeof renderStatSchema>;

export const renderChangeResultSchema = z.object({ cards: z.number().int() });

export const renderingByIdsRequestSchema = z.object({ ids: z.array(id).min(1).max(200) });
/** `POST …/open/v2/material/rendering/list/by-ids`: render states of the materials the caller may see, in the order asked. */
export const renderingByIdsResultSchema = z.object({
  records: z.array(z.object({ materialId: z.number().int(), hasFile: z.boolean(), fullyRendered: z.boolean(), cards: z.array(z.object({ id: z.number().int(), renderingStatus: z.number().int() })) })),
});
export type RenderingByIdsResult = z.output<typeof renderingByIdsResultSchema>;

/** `POST …/v2/material/buff/detail`: the file settings of one version of the company's material. */
export const fileSettingsQuerySchema = z.object({ id, version: z.number().int().min(-1) });
export const fileSettingsSchema = z
  .object({ materialId: z.number().int(), version: z.number().int(), fileName: z.string(), material: readMaterialSchema, settings: materialFileSettingsSchema })
  .meta({ id: 'MaterialFileSettings' });
export type FileSettings = z.output<typeof fileSettingsSchema>;
/** `POST …/v2/material/buff/edit`: new settings for the latest version; saved as a new version and rendered again. */
export const fileSettingsEditSchema = z.object({ id, settings: materialFileSettingsSchema });

const versionQuery = z.coerce.number().int().min(-1).max(1_000_000).default(-1);
/** `GET …/material/file/map`: one front map of a version's file, for the 3D preview. */
export const materialMapQuerySchema = z.object({ materialId: renderQuerySchema.shape.materialId, version: versionQuery, kind: z.enum(MAP_KINDS, { message: 'validation.invalidValue' }) });
/** `GET …/material/file/download`: the version as a U3MA (its file) or an ASE (its color cards). */
export const MATERIAL_EXPORT_FORMATS = ['u3ma', 'ase'] as const;
export const materialDownloadQuerySchema = z.object({ materialId: renderQuerySchema.shape.materialId, version: versionQuery, format: z.enum(MATERIAL_EXPORT_FORMATS, { message: 'validation.invalidValue' }) });
