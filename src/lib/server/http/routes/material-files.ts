import { Readable, PassThrough } from 'node:stream';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { binarySchema } from '../../../contracts/common';
import {
  fileSettingsEditSchema,
  fileSettingsQuerySchema,
  fileSettingsSchema,
  materialDownloadQuerySchema,
  materialFileDeclineSchema,
  materialMapQuerySchema,
  materialRenderSchema,
  renderChangeResultSchema,
  renderingByIdsRequestSchema,
  renderingByIdsResultSchema,
  renderQuerySchema,
  renderRequestSchema,
  renderStatSchema,
} from '../../../contracts/material-renders';
import { materialEditResultSchema } from '../../../contracts/material-edit';
import { materialFileReadQuerySchema, materialFileReadRequestSchema, materialFileReadSchema, parserParamSchema } from '../../../contracts/material-files';
import { z } from 'zod';
import { getMaterialFileRead } from '../../material-files/get-material-file-read';
import { requestMaterialFileRead } from '../../material-files/request-material-file-read';
import { declineMaterialFileRead } from '../../material-files/decline-material-file-read';
import { cancelMaterialRender } from '../../material-files/cancel-material-render';
import { editFileSettings } from '../../material-files/edit-file-settings';
import { exportMaterialFile } from '../../material-files/export-material-file';
import { getFileSettings } from '../../material-files/get-file-settings';
import { getMaterialRender } from '../../material-files/get-material-render';
import { getRenderStat } from '../../material-files/get-render-stat';
import { listRendersByIds } from '../../material-files/list-renders-by-ids';
import { retryMaterialRender } from '../../material-files/retry-material-render';
import { signMaterialMapUrl } from '../../material-files/sign-material-map-url';
import { recordMaterialUsage } from '../../materials/record-material-usage';
import { attachmentDisposition } from '../../storage/content-disposition';
import { access } from '../access';
import { getSession, requirePermission } from '../auth';
import { errorAnswer } from '../envelope';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';

/**
 * Material files (docs/product/material-files.md#calls): reading them in the editor, their settings per version,
 * rendering color cards from them, and taking them out again (maps for the 3D preview, U3MA and ASE downloads).
 */
export function registerMaterialFileRoutes(app: OpenAPIHono<ApiEnv>) {
  // Before `datapipe/parser/{parser}`, which would otherwise take `decline` for a reader's name.
  defineRoute(app, {
    method: 'post', path: `${M}/datapipe/parser/decline`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Decline the colors a read file proposes: the reading ends with -1000 and cannot be bound',
    body: materialFileDeclineSchema, answer: ['The reading', materialFileReadSchema],
    errors: { 404: 'No such reading of the company', 422: 'The reading has not finished, or failed' },
  }, async (c) => declineMaterialFileRead((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').id, requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/datapipe/parser/{parser}`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Queue the reading of an uploaded material file (U3M, xTex, color-card zip or ADMF); answers the reading’s id',
    description: 'The file is uploaded first (storage calls); reading happens in the background. Follow it with datapipe/parser/result.',
    params: parserParamSchema, body: materialFileReadRequestSchema, answer: ['The reading', z.object({ id: z.number().int() })],
    errors: { 422: 'Not a file of the company, or an extension the reader does not take' },
  }, async (c) => {
    const session = await requirePermission(c, 'FUN001');
    return requestMaterialFileRead(session.company.id, session.user.id, c.req.valid('param').parser, c.req.valid('json'), requestLang(c));
  });

  defineRoute(app, {
    method: 'get', path: `${M}/datapipe/parser/result`, access: 'permission:FUN001', tag: 'materials',
    summary: 'How a reading went: its state, the parse code with its message, and what the file proposes',
    query: materialFileReadQuerySchema, answer: ['The reading', materialFileReadSchema],
    errors: { 404: 'No such reading of the company' },
  }, async (c) => getMaterialFileRead((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').id, requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/buff/detail`, access: 'permission:FUN001', tag: 'materials',
    summary: 'The material file settings of one version (-1 the latest) of the company’s material: which maps, tile size',
    body: fileSettingsQuerySchema, answer: ['The file and its settings', fileSettingsSchema],
    errors: { 404: 'Not the company’s material, no such version, or a version without a file' },
  }, async (c) => {
    const { id, version } = c.req.valid('json');
    return getFileSettings((await requirePermission(c, 'FUN001')).company.id, id, version);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/buff/edit`, access: 'permission:FUN001', tag: 'materials',
    summary: 'New material file settings for the company’s material: saved as a new version, every card rendered again',
    body: fileSettingsEditSchema, answer: ['The new version', materialEditResultSchema],
    errors: { 404: 'Not the company’s material, or it has no file', 422: 'A map the file does not have, or a size out of range' },
  }, async (c) => {
    const session = await requirePermission(c, 'FUN001');
    const { id, settings } = c.req.valid('json');
    return editFileSettings({ companyId: session.company.id, userId: session.user.id }, id, settings, requestLang(c));
  });

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/fast/render`, access: 'permission:FUN001', tag: 'materials',
    summary: 'The render state of the company’s material, card by card, with the pictures of finished renders',
    query: renderQuerySchema, answer: ['Render state', materialRenderSchema],
    errors: { 404: 'Not the company’s material' },
  }, async (c) => getMaterialRender((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').materialId));

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/fast/render/stat`, access: 'permission:FUN001', tag: 'materials',
    summary: 'The company’s color cards by render state (queued, rendering, success, failed, cancelled)',
    answer: ['Counts', renderStatSchema],
  }, async (c) => getRenderStat((await requirePermission(c, 'FUN001')).company.id));

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/fast/render/retry`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Render again the cards of the company’s material whose render failed or was cancelled',
    body: renderRequestSchema, answer: ['How many cards were queued', renderChangeResultSchema],
    errors: { 404: 'Not the company’s material', 422: 'The material has no file to render from' },
  }, async (c) => retryMaterialRender((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialId));

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/fast/render/cancel`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Cancel the renders of the company’s material still queued or running',
    body: renderRequestSchema, answer: ['How many cards were cancelled', renderChangeResultSchema],
    errors: { 404: 'Not the company’s material' },
  }, async (c) => cancelMaterialRender((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialId));

  defineRoute(app, {
    method: 'post', path: `${M}/open/v2/material/rendering/list/by-ids`, access: 'public', tag: 'materials',
    summary: 'Render states of materials by id, in the order asked: published ones, and the caller’s company’s own',
    body: renderingByIdsRequestSchema, answer: ['Render states', renderingByIdsResultSchema],
  }, async (c) => {
    const session = await getSession(c);
    return listRendersByIds(c.req.valid('json').ids, session?.company?.id ?? null);
  });

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/material/file/map`,
      tags: ['materials'],
      summary: 'One front map of a version’s material file, for the 3D preview: a redirect to a signed link valid 900 s',
      request: { query: materialMapQuerySchema },
      responses: {
        302: { description: 'To the map’s signed link' },
        404: errorAnswer('Unknown, deleted or unpublished material, no such version, no file or no such map (100404)'),
        422: errorAnswer('Invalid query'),
      },
    }),
    async (c) => {
      const { materialId, version, kind } = c.req.valid('query');
      const session = await getSession(c);
      const url = await signMaterialMapUrl(materialId, version, kind, session?.company?.id ?? null);
      c.header('Cache-Control', 'private, no-store');
      return c.redirect(url, 302);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/material/file/download`,
      tags: ['materials'],
      summary: 'A material version for any 3D or design tool: its file as a U3MA archive, or its color cards as ASE swatches',
      description: 'Visible as the detail is. Recorded as a download in the material’s usage when the caller is signed in.',
      request: { query: materialDownloadQuerySchema },
      responses: {
        200: { description: 'The file, as an attachment', content: { 'application/zip': { schema: binarySchema }, 'application/octet-stream': { schema: binarySchema } } },
        404: errorAnswer('Unknown, deleted or unpublished material, no such version, or no file for a U3MA (100404)'),
        422: errorAnswer('Invalid query'),
      },
    }),
    async (c) => {
      const { materialId, version, format } = c.req.valid('query');
      const session = await getSession(c);
      const file = await exportMaterialFile(materialId, version, format, session?.company?.id ?? null);
      if (session) await recordMaterialUsage({ userId: session.user.id, companyId: session.company?.id ?? null }, { materialId, kind: 'download' });
      const out = new PassThrough();
      // A failure after the headers went out ends the body short; the writer destroys it so the client sees that.
      file.write(out).catch((err) => out.destroy(err instanceof Error ? err : new Error(String(err))));
      return c.body(Readable.toWeb(out) as ReadableStream, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.fileName),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
}
