import type { OpenAPIHono } from '@hono/zod-openapi';
import { materialFileReadQuerySchema, materialFileReadRequestSchema, materialFileReadSchema, parserParamSchema } from '../../../contracts/material-files';
import { z } from 'zod';
import { getMaterialFileRead } from '../../material-files/get-material-file-read';
import { requestMaterialFileRead } from '../../material-files/request-material-file-read';
import { requirePermission } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';

/** Reading material files in the editor (docs/product/material-files.md#calls): ask for a reading, then follow it. */
export function registerMaterialFileRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${M}/datapipe/parser/{parser}`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Queue the reading of an uploaded material file (U3M package or description); answers the reading’s id',
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
}
