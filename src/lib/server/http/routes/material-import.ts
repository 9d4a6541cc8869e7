/**
 * The bulk import of materials from a spreadsheet (docs/product/integrations.md#bulk-import): for whoever may save
 * materials in the editor (FUN001), and for API tokens with `materials:write`.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { binarySchema } from '../../../contracts/common';
import {
  MATERIAL_IMPORT_SHEET_MAX_BYTES,
  MATERIAL_IMPORT_ZIP_MAX_BYTES,
  materialImportCheckSchema,
  materialImportFormSchema,
  materialImportIdSchema,
  materialImportRowPageSchema,
  materialImportRowsQuerySchema,
  materialImportStatusSchema,
  materialImportTemplateQuerySchema,
} from '../../../contracts/material-import';
import { buildImportTemplate } from '../../material-import/build-import-template';
import { checkMaterialImport } from '../../material-import/check-material-import';
import { getMaterialImport } from '../../material-import/get-material-import';
import { listImportRows } from '../../material-import/list-import-rows';
import { startMaterialImport } from '../../material-import/start-material-import';
import { XLSX_CONTENT_TYPE } from '../../materials/export-materials';
import { access } from '../access';
import { requirePermission } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer } from '../envelope';
import { requestLang } from '../language';
import { xlsxAttachment } from '../xlsx-attachment';

const M = '/idealab-material/v2/material/import';
const SAVE = 'FUN001';
const importing = { access: `permission:${SAVE}`, tokenScope: 'materials:write', tag: 'materials', errors: { 403: 'Not allowed to save materials (FUN001)' } } as const;
/** The sheet and the zip at their largest, plus room for the multipart envelope and the other fields. */
const MATERIAL_IMPORT_BODY_LIMIT = MATERIAL_IMPORT_SHEET_MAX_BYTES + MATERIAL_IMPORT_ZIP_MAX_BYTES + 64 * 1024;

const file = async (f: File) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });

export function registerMaterialImportRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    ...importing, method: 'post', path: `${M}/check`,
    summary: 'Dry run of a bulk import: per row what would be created, updated or left unchanged, and every error with its row and column',
    description:
      'The sheet (.xlsx or .csv) has the export’s columns; the optional zip holds the pictures its images column names. Nothing of the catalogue changes: the files are kept for `import/start`. A file refused whole (wrong type, empty, too many rows, no serial number column, an unsafe or non-picture zip entry) is 422 and keeps nothing.',
    form: materialImportFormSchema, answer: ['The dry run: counts, columns read and the first rows', materialImportCheckSchema],
    bodyLimit: MATERIAL_IMPORT_BODY_LIMIT, tooLarge: 'validation.importSheetTooLarge',
    errors: { ...importing.errors, 413: 'The upload is larger than the sheet and zip limits together', 422: 'A file refused whole, or invalid fields' },
  }, async (c) => {
    const session = await requirePermission(c, SAVE);
    const form = c.req.valid('form');
    return checkMaterialImport(
      { companyId: session.company.id, userId: session.user.id },
      { file: await file(form.file), images: form.images ? await file(form.images) : undefined, categoryId: form.categoryId, marketType: form.marketType },
      requestLang(c),
    );
  });

  defineRoute(app, {
    ...importing, method: 'get', path: `${M}/rows`,
    summary: 'A page of a dry run’s rows in file order, all or only the refused ones',
    query: materialImportRowsQuerySchema, answer: ['Rows with their action and errors', materialImportRowPageSchema],
    errors: { ...importing.errors, 404: 'Not one of the company’s imports' },
  }, async (c) => listImportRows((await requirePermission(c, SAVE)).company.id, c.req.valid('query'), requestLang(c)));

  defineRoute(app, {
    ...importing, method: 'post', path: `${M}/start`,
    summary: 'Confirm a dry run: queue the import of its good rows (the bad ones are skipped and reported); confirming again changes nothing',
    body: materialImportIdSchema, answer: ['Where the import stands', materialImportStatusSchema],
    errors: { ...importing.errors, 404: 'Not one of the company’s imports', 409: 'The dry run found no row to import' },
  }, async (c) => startMaterialImport((await requirePermission(c, SAVE)).company.id, c.req.valid('json').importId, requestLang(c)));

  defineRoute(app, {
    ...importing, method: 'get', path: `${M}/status`,
    summary: 'Progress of an import (rows done of the good rows) and its result: created, updated, unchanged and failed rows',
    query: materialImportIdSchema, answer: ['Where the import stands', materialImportStatusSchema],
    errors: { ...importing.errors, 404: 'Not one of the company’s imports' },
  }, async (c) => getMaterialImport((await requirePermission(c, SAVE)).company.id, c.req.valid('query').importId, requestLang(c)));

  app.openapi(
    createRoute({
      ...access(`permission:${SAVE}`, { changesState: false }, 'materials:write'),
      method: 'get',
      path: `${M}/template`,
      tags: ['materials'],
      summary: 'The .xlsx sheet to fill in for a category: the export’s columns with the category’s fields, and a help sheet',
      request: { query: materialImportTemplateQuerySchema },
      responses: {
        200: { description: 'The spreadsheet, as an attachment', content: { [XLSX_CONTENT_TYPE]: { schema: binarySchema } } },
        403: errorAnswer('Not allowed to save materials (FUN001)'),
        404: errorAnswer('No such category'),
        422: errorAnswer('Invalid input (field errors in the caller’s language)'),
      },
    }),
    async (c) => {
      await requirePermission(c, SAVE);
      return xlsxAttachment(c, await buildImportTemplate(c.req.valid('query'), requestLang(c)));
    },
  );
}
