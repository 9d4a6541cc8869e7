/**
 * The bulk import of materials from a spreadsheet (docs/product/integrations.md#bulk-import): the upload and its dry
 * run, the dry run's rows, the confirmation that queues the import, its progress and result, and the per-category
 * template. Islands read the zod-free limits from `material-import-rules.ts`.
 */
import { z } from 'zod';
import { MATERIAL_IMPORT_ACTIONS, MATERIAL_IMPORT_PAGE_SIZE, MATERIAL_IMPORT_STATES } from './material-import-rules';

export * from './material-import-rules';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const marketType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

/** The multipart upload of a dry run. */
export const materialImportFormSchema = z.object({
  file: z
    .instanceof(File, { message: 'validation.importSheetRequired' })
    .meta({ type: 'string', format: 'binary', description: 'The sheet: .xlsx or .csv (UTF-8), the export’s columns, at most 5,000 rows' }),
  images: z
    .instanceof(File)
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'A .zip of the pictures the sheet’s images column names (jpg, png, webp)' }),
  categoryId: id.optional().meta({ description: 'The category of rows whose category cell is empty' }),
  marketType: marketType.default(1).meta({ description: 'The market whose template checks the rows: 1 domestic (default), 2 overseas' }),
});

/** What `checkMaterialImport` is given, however the files arrived. */
export type MaterialImportUpload = {
  file: { name: string; bytes: Uint8Array };
  images?: { name: string; bytes: Uint8Array } | undefined;
  categoryId?: number | undefined;
  marketType: 1 | 2;
};

export const materialImportRowErrorSchema = z
  .object({
    /** The column's key (`serialNo`, `colorCards`, `images` …) or the attribute's PF code. */
    column: z.string(),
    /** The column's title in the caller's language, as the sheet names it. */
    columnTitle: z.string(),
    message: z.string(),
  })
  .meta({ id: 'MaterialImportRowError' });
export type MaterialImportRowErrorView = z.output<typeof materialImportRowErrorSchema>;

export const materialImportRowSchema = z
  .object({
    /** The sheet's row number (the header is row 1). */
    row: z.number().int(),
    serialNo: z.string(),
    name: z.string(),
    action: z.enum(MATERIAL_IMPORT_ACTIONS),
    /** The material a row updates (or leaves unchanged). */
    materialId: z.number().int().nullable(),
    errors: z.array(materialImportRowErrorSchema),
  })
  .meta({ id: 'MaterialImportRow' });
export type MaterialImportRow = z.output<typeof materialImportRowSchema>;

const countsSchema = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() });

export const materialImportCheckSchema = z
  .object({
    importId: z.number().int(),
    fileName: z.string(),
    /** Data rows in the sheet. */
    total: z.number().int(),
    counts: countsSchema,
    /** The columns the import reads, by key or PF code, with their titles in the caller's language. */
    columns: z.array(z.object({ key: z.string(), title: z.string() })),
    /** Headers the import does not know, left alone. */
    ignoredColumns: z.array(z.string()),
    /** Pictures in the zip; 0 without one. */
    images: z.number().int(),
    /** The first page of rows, in file order. */
    rows: z.array(materialImportRowSchema),
  })
  .meta({ id: 'MaterialImportCheck' });
export type MaterialImportCheck = z.output<typeof materialImportCheckSchema>;

export const materialImportRowsQuerySchema = z.object({
  importId: id,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(MATERIAL_IMPORT_PAGE_SIZE).default(MATERIAL_IMPORT_PAGE_SIZE),
  /** `error`: only the refused rows. */
  only: z.enum(['all', 'error']).default('all'),
});
export type MaterialImportRowsQuery = z.output<typeof materialImportRowsQuerySchema>;
export const materialImportRowPageSchema = z.object({ records: z.array(materialImportRowSchema), total: z.number().int() }).meta({ id: 'MaterialImportRowPage' });
export type MaterialImportRowPage = z.output<typeof materialImportRowPageSchema>;

/** The import a confirmation (body) or a status (query) names. */
export const materialImportIdSchema = z.object({ importId: id });

export const materialImportStatusSchema = z
  .object({
    importId: z.number().int(),
    fileName: z.string(),
    state: z.enum(MATERIAL_IMPORT_STATES),
    /** Rows the dry run found good: what the import works through. */
    total: z.number().int(),
    rowsDone: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Rows not imported: the dry run's bad rows and any refused while importing. */
    failed: z.number().int(),
    /** The first failed rows with their errors. */
    failures: z.array(z.object({ row: z.number().int(), serialNo: z.string(), errors: z.array(materialImportRowErrorSchema) })),
  })
  .meta({ id: 'MaterialImportStatus' });
export type MaterialImportStatus = z.output<typeof materialImportStatusSchema>;

export const materialImportTemplateQuerySchema = z.object({ categoryId: id, marketType: marketType.default(1) });
export type MaterialImportTemplateQuery = z.output<typeof materialImportTemplateQuerySchema>;
