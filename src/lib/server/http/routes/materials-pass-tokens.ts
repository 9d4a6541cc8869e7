/** Pass tokens (docs/product/enterprise-library.md#pass-tokens): one material handed to a viewer by a signed, short-lived token. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { passTokenOpenSchema, passTokenRequestSchema, passTokenSchema } from '../../../contracts/enterprise-library';
import { materialDetailSchema } from '../../../contracts/materials';
import { issueSourcePassToken } from '../../materials/issue-source-pass-token';
import { openPassTokenMaterial } from '../../materials/open-pass-token-material';
import { getSession, requirePermission } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const SHOW = '/bff-center/showCommon';
const opened = { 403: 'A token that is not ours, of the other kind, or expired (100403)', 404: 'What it names is no longer there (100404)' };

export function registerPassTokenRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: '/idealab-material/v2/material/pass-token', access: 'permission:FUN001', tag: 'materials', allowFrozen: true,
    summary: 'A source pass token: opens one of the company’s own materials (published or not) for a viewer for 30 minutes (getMaterialBySourcePassToken)',
    body: passTokenRequestSchema, answer: ['The token', passTokenSchema],
    errors: { 403: 'Without FUN001 in the current company', 404: 'Not a material of the current company' },
  }, async (c) => issueSourcePassToken((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialId));

  for (const [name, kind] of [['getMaterialByLabPassToken', 'lab'], ['getMaterialBySourcePassToken', 'source']] as const) {
    defineRoute(app, {
      method: 'post', path: `${SHOW}/${name}`, access: 'public', tag: 'materials',
      summary: kind === 'lab' ? 'The material a library pass token opens, as a share shows it' : 'The material a source pass token opens, as a share shows it (an unpublished one too)',
      body: passTokenOpenSchema, answer: ['The material', materialDetailSchema],
      errors: opened,
    }, async (c) => openPassTokenMaterial(kind, c.req.valid('json').token, requestLang(c), (await getSession(c))?.user.id ?? null));
  }
}
