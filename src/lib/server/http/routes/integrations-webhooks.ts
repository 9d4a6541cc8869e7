/**
 * A company's webhooks (docs/product/integrations.md#webhooks), managed by whoever manages the company (FUN006).
 * API tokens cannot call these: no scope opens them, so a leaked token cannot point deliveries elsewhere.
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryPageAnswerSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointPageAnswerSchema,
  webhookEndpointSchema,
  webhookIdSchema,
  webhookPageSchema,
  webhookUpdateSchema,
} from '../../../contracts/integrations-webhooks';
import { createWebhookEndpoint } from '../../webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../webhooks/delete-webhook-endpoint';
import { listWebhookDeliveries } from '../../webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '../../webhooks/list-webhook-endpoints';
import { redeliverWebhook } from '../../webhooks/redeliver-webhook';
import { sendTestWebhook } from '../../webhooks/send-test-webhook';
import { updateWebhookEndpoint } from '../../webhooks/update-webhook-endpoint';
import { requirePermission } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

const A = '/authcenter/webhook';
const MANAGE = 'FUN006';
const NOT_FOUND = { 404: 'No such endpoint in the current company' } as const;
const managing = { method: 'post', access: `permission:${MANAGE}`, tag: 'integrations', errors: { 403: 'Not allowed to manage this company (FUN006)' } } as const;
const refusedUrl = { 422: 'A field is invalid; an address must be HTTPS and not name an internal host' } as const;

export function registerWebhookRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    ...managing, path: `${A}/list`, allowFrozen: true,
    summary: 'A page of the current company’s webhook endpoints, newest first, each with its newest delivery',
    body: webhookPageSchema, answer: ['Endpoints (never the secret)', webhookEndpointPageAnswerSchema],
  }, async (c) => {
    const { company } = await requirePermission(c, MANAGE);
    const { page, size } = c.req.valid('json');
    return listWebhookEndpoints(company.id, page, size);
  });

  defineRoute(app, {
    ...managing, path: `${A}/create`, errors: { ...managing.errors, ...refusedUrl, 409: 'The company already has the most endpoints it may (10)' },
    summary: 'Register an endpoint for events; the answer holds its signing secret, shown this once',
    body: webhookCreateSchema, answer: ['The secret and the endpoint', webhookCreatedSchema],
  }, async (c) => {
    const session = await requirePermission(c, MANAGE);
    return createWebhookEndpoint({ companyId: session.company.id, userId: session.user.id }, c.req.valid('json'));
  });

  defineRoute(app, {
    ...managing, path: `${A}/update`, errors: { ...managing.errors, ...refusedUrl, ...NOT_FOUND },
    summary: 'Change an endpoint’s address, description, events, or pause and resume it',
    body: webhookUpdateSchema, answer: ['The endpoint as it is now', webhookEndpointSchema],
  }, async (c) => updateWebhookEndpoint((await requirePermission(c, MANAGE)).company.id, c.req.valid('json')));

  defineRoute(app, {
    ...managing, path: `${A}/delete`, errors: { ...managing.errors, ...NOT_FOUND },
    summary: 'Remove an endpoint and its delivery log',
    body: webhookIdSchema, answer: ['Removed', z.null()],
  }, async (c) => {
    await deleteWebhookEndpoint((await requirePermission(c, MANAGE)).company.id, c.req.valid('json').id);
    return null;
  });

  defineRoute(app, {
    ...managing, path: `${A}/test`, errors: { ...managing.errors, ...NOT_FOUND, 429: 'Five tests a minute per endpoint; wait the seconds Retry-After says' },
    summary: 'Send a signed `webhook.test` delivery to an endpoint; the log shows what it answers',
    body: webhookIdSchema, answer: ['The delivery, queued', webhookDeliverySchema],
  }, async (c) => sendTestWebhook((await requirePermission(c, MANAGE)).company.id, c.req.valid('json').id));

  defineRoute(app, {
    ...managing, path: `${A}/deliveries`, allowFrozen: true, errors: { ...managing.errors, ...NOT_FOUND },
    summary: 'A page of an endpoint’s delivery log, newest first, each delivery with its tries',
    body: webhookDeliveryPageSchema, answer: ['Deliveries', webhookDeliveryPageAnswerSchema],
  }, async (c) => {
    const { company } = await requirePermission(c, MANAGE);
    const { endpointId, page, size } = c.req.valid('json');
    return listWebhookDeliveries(company.id, endpointId, page, size);
  });

  defineRoute(app, {
    ...managing, path: `${A}/redeliver`, errors: { ...managing.errors, 404: 'No such delivery in the current company', 409: 'Only a failed delivery is sent again' },
    summary: 'Try a failed delivery once more, now, with the same body and event id',
    body: webhookIdSchema, answer: ['The delivery, queued again', webhookDeliverySchema],
  }, async (c) => redeliverWebhook((await requirePermission(c, MANAGE)).company.id, c.req.valid('json').id));
}
