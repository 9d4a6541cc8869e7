/**
 * A company's API tokens (docs/product/integrations.md#api-tokens), managed by whoever manages the company (FUN006).
 * API tokens themselves cannot call these: no scope opens them, so a leaked token cannot mint another.
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenIdSchema, apiTokenPageAnswerSchema, apiTokenPageSchema } from '../../../contracts/integrations-api-tokens';
import { createApiToken } from '../../integrations/create-api-token';
import { listApiTokens } from '../../integrations/list-api-tokens';
import { revokeApiToken } from '../../integrations/revoke-api-token';
import { requirePermission } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

const A = '/authcenter/api-token';
const MANAGE = 'FUN006';
const managing = { method: 'post', access: `permission:${MANAGE}`, tag: 'integrations', errors: { 403: 'Not allowed to manage this company (FUN006)' } } as const;

export function registerApiTokenRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    ...managing, path: `${A}/list`, allowFrozen: true,
    summary: 'A page of the current company’s API tokens, newest first, revoked ones included',
    body: apiTokenPageSchema, answer: ['Tokens (never the token itself)', apiTokenPageAnswerSchema],
  }, async (c) => {
    const { company } = await requirePermission(c, MANAGE);
    const { page, size } = c.req.valid('json');
    return listApiTokens(company.id, page, size);
  });

  defineRoute(app, {
    ...managing, path: `${A}/create`, errors: { ...managing.errors, 409: 'The company already holds the most live tokens it may (20)' },
    summary: 'Create an API token with scopes; the answer holds the token, shown this once',
    body: apiTokenCreateSchema, answer: ['The token and its record', apiTokenCreatedSchema],
  }, async (c) => {
    const session = await requirePermission(c, MANAGE);
    return createApiToken({ companyId: session.company.id, userId: session.user.id, userName: session.user.name || session.user.account }, c.req.valid('json'));
  });

  defineRoute(app, {
    ...managing, path: `${A}/revoke`, errors: { ...managing.errors, 404: 'No such token in the current company' },
    summary: 'Revoke one of the company’s API tokens; calls with it are refused from now on',
    body: apiTokenIdSchema, answer: ['Revoked', z.null()],
  }, async (c) => {
    const { company } = await requirePermission(c, MANAGE);
    await revokeApiToken(company.id, c.req.valid('json').id);
    return null;
  });
}
