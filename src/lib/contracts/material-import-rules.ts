/**
 * Limits and words of the bulk import of materials (docs/product/integrations.md#bulk-import), without zod, so islands
 * can show and enforce them.
 */

/** Data rows one sheet may hold (the header row not counted): the same bound as the export. */
export const MATERIAL_IMPORT_MAX_ROWS = 5000;
/** The sheet (.xlsx or .csv). */
export const MATERIAL_IMPORT_SHEET_MAX_BYTES = 20 * 1024 * 1024;
/** Columns a sheet may fill: the export's and a category's fields, many times over. */
export const MATERIAL_IMPORT_MAX_COLUMNS = 256;
/** Characters of one cell: a spreadsheet's own cell limit. */
export const MATERIAL_IMPORT_CELL_MAX_CHARS = 32_767;
/** An .xlsx unpacked, all the parts it is read from together: far more than 5,000 rows of text take. */
export const MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES = 128 * 1024 * 1024;
/** The zip of pictures beside it. */
export const MATERIAL_IMPORT_ZIP_MAX_BYTES = 100 * 1024 * 1024;
/** Files in the zip (folders not counted). */
export const MATERIAL_IMPORT_ZIP_MAX_ENTRIES = 2000;
/** All pictures of the zip together, inflated. */
export const MATERIAL_IMPORT_ZIP_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
/** Rows of the dry run one page answers. */
export const MATERIAL_IMPORT_PAGE_SIZE = 50;
/** Failed rows the result lists (the count covers them all). */
export const MATERIAL_IMPORT_FAILURES_LISTED = 500;
/** What separates file names in the images cell, and color cards in the color-card cell (as the export writes them). */
export const MATERIAL_IMPORT_LIST_SEPARATOR = ';';
/** Picture types the zip may hold, by extension: the editor's upload types. */
export const MATERIAL_IMPORT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const MATERIAL_IMPORT_SHEET_EXTENSIONS = ['xlsx', 'csv'] as const;

/** What a row of the sheet does: a new material, a new version of one, nothing (no change), or nothing (refused). */
export const MATERIAL_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type MaterialImportAction = (typeof MATERIAL_IMPORT_ACTIONS)[number];

export const MATERIAL_IMPORT_STATES = ['checked', 'queued', 'running', 'done', 'failed'] as const;
export type MaterialImportState = (typeof MATERIAL_IMPORT_STATES)[number];

/**
 * The sheet's columns by key. The export's columns (docs/product/supplier.md#export) plus `images`; `id`, `version`,
 * `market`, `documents`, `created` and `modified` are read-only: the import ignores them.
 */
export const MATERIAL_IMPORT_COLUMNS = ['id', 'version', 'nameCn', 'nameEn', 'serialNo', 'category', 'market', 'colorCards', 'images', 'documents', 'created', 'modified'] as const;
export type MaterialImportColumn = (typeof MATERIAL_IMPORT_COLUMNS)[number];
/** A sheet without these is refused whole. */
export const MATERIAL_IMPORT_REQUIRED_COLUMNS = ['serialNo'] as const satisfies readonly MaterialImportColumn[];

/** One refusal in a row: the column (its key or an attribute's PF code), an i18n key and its values. */
export type MaterialImportRowError = { column: string; key: string; params?: Record<string, string> };

/** The dry run's finding for one data row (`row` is the sheet's row number, the header being row 1). */
export type MaterialImportPlanRow = {
  row: number;
  serialNo: string;
  name: string;
  action: MaterialImportAction;
  materialId: number | null;
  errors: MaterialImportRowError[];
};
