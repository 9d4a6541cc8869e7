import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { binarySchema } from '../../../contracts/common';
import {
  materialByIdsRequestSchema,
  materialByIdsResultSchema,
  materialDiffQuerySchema,
  materialDiffSchema,
  materialExportRequestSchema,
  materialUsageRequestSchema,
  materialUsageResultSchema,
  supplierDashboardSchema,
  supplierMaterialPageSchema,
  supplierMaterialQuerySchema,
} from '../../../contracts/material-edit';
import { diffMaterialVersions } from '../../materials/diff-material-versions';
import { exportMaterials, XLSX_CONTENT_TYPE } from '../../materials/export-materials';
import { getSupplierDashboard } from '../../materials/get-supplier-dashboard';
import { listMaterialsByIds } from '../../materials/list-materials-by-ids';
import { listSupplierMaterials } from '../../materials/list-supplier-materials';
import { recordMaterialUsage } from '../../materials/record-material-usage';
import { access } from '../access';
import { declareBodyLimit } from '../body-guard';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer, jsonBody } from '../envelope';
import { requestLang } from '../language';
import { xlsxAttachment } from '../xlsx-attachment';

const M = '/idealab-material';

/** The supplier's side of materials (docs/product/supplier.md): list, dashboard, diff, export, tiles by id, usage. */
export function registerSupplierMaterialRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/supplier/list`, access: 'permission:FUN001', tokenScope: 'materials:write', tag: 'materials',
    summary: 'A page of the company’s own materials: words, category (level 1 includes its children), state, market, sort',
    description: 'States: on / off (per market when marketType is given), draft (never on a market), renderFailed, renderQueued.',
    query: supplierMaterialQuerySchema, answer: ['Materials', supplierMaterialPageSchema],
    errors: { 404: 'No such category' },
  }, async (c) => listSupplierMaterials((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query'), requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/supplier/dashboard`, access: 'permission:FUN001', tag: 'materials',
    summary: 'The supplier landing’s counts: markets, drafts, renders, sample requests waiting, followers, share views this week',
    answer: ['Counts', supplierDashboardSchema],
  }, async (c) => getSupplierDashboard((await requirePermission(c, 'FUN001')).company.id));

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/history/diff`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Two versions of the company’s material side by side: attributes, color cards, image slots',
    query: materialDiffQuerySchema, answer: ['The differences', materialDiffSchema],
    errors: { 404: 'Not the company’s material, or no such version' },
  }, async (c) => {
    const { materialId, from, to } = c.req.valid('query');
    return diffMaterialVersions((await requirePermission(c, 'FUN001')).company.id, materialId, from, to, requestLang(c));
  });

  // Up to 5,000 chosen ids.
  declareBodyLimit(app, 'post', `${M}/v2/material/export`, 128 * 1024);
  app.openapi(
    createRoute({
      // An export reads: a frozen account may still take its data with it.
      ...access('permission:FUN009', { changesState: true, allowFrozen: true }),
      method: 'post',
      path: `${M}/v2/material/export`,
      tags: ['materials'],
      summary: 'The company’s materials as an .xlsx file: the chosen ids, or everything the list query finds (capped)',
      request: { body: jsonBody(materialExportRequestSchema) },
      responses: {
        200: { description: 'The spreadsheet, as an attachment with a dated file name', content: { [XLSX_CONTENT_TYPE]: { schema: binarySchema } } },
        404: errorAnswer('An id that is not the company’s, or no such category (nothing exported)'),
        422: errorAnswer('Invalid input (field errors in the caller’s language)'),
      },
    }),
    async (c) => {
      const session = await requirePermission(c, 'FUN009');
      return xlsxAttachment(c, await exportMaterials(session.company.id, c.req.valid('json'), requestLang(c)));
    },
  );

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/list/by-ids`, access: 'session', tag: 'materials', allowFrozen: true,
    summary: 'Material tiles by id, in the order given: published ones and the company’s own (others left out)',
    body: materialByIdsRequestSchema, answer: ['Tiles', materialByIdsResultSchema],
  }, async (c) => {
    const session = await requireSession(c);
    return listMaterialsByIds(c.req.valid('json').ids, { companyId: session.company?.id ?? null }, requestLang(c));
  });

  defineRoute(app, {
    method: 'post', path: `${M}/open/v2/material/list/by-ids`, access: 'public', tokenScope: 'catalogue:read', tag: 'materials',
    summary: 'Published material tiles by id, in the order given (others left out)',
    body: materialByIdsRequestSchema, answer: ['Tiles', materialByIdsResultSchema],
  }, async (c) => listMaterialsByIds(c.req.valid('json').ids, { companyId: null }, requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/material/usage/record/add`, access: 'session', tag: 'materials',
    summary: 'Record that the caller used a material (viewed in 3D, downloaded, sent to a tool, exported)',
    body: materialUsageRequestSchema, answer: ['The record', materialUsageResultSchema],
    errors: { 404: 'A material the caller cannot see' },
  }, async (c) => {
    const session = await requireSession(c);
    return recordMaterialUsage({ userId: session.user.id, companyId: session.company?.id ?? null }, c.req.valid('json'));
  });
}
