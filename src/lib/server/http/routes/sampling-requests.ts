import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  sampleRequestIdSchema,
  sampleRequestListSchema,
  sampleRequestPageSchema,
  sampleRequestRejectSchema,
  sampleRequestSchema,
  sampleRequestShipSchema,
  sampleRequestSubmitSchema,
  sampleRequestSubmittedSchema,
} from '../../../contracts/sampling-requests';
import { idempotencyHeadersSchema } from '../../../contracts/common';
import { changeSampleRequestState } from '../../sampling/change-sample-request-state';
import { listSampleRequests } from '../../sampling/list-sample-requests';
import { submitSampleRequests } from '../../sampling/submit-sample-requests';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';
const TAG = 'sample requests';
const changed = ['The request as it is now, with its timeline', sampleRequestSchema] as const;
const changeFailures = {
  404: 'No such request of the caller (or of the caller’s company)',
  409: 'The request is no longer in the state this step starts from',
};
const NO_PERMISSION = 'No FUN007 in the current company';

/** Sample requests: the buyer's side under buyer/, the supplier company's under supplier/ (docs/api-paths.md). */
export function registerSampleRequestRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/apply/submit`, access: 'permission:FUN008', tokenScope: 'samples:write', tag: TAG,
    summary: 'Request samples of chosen bag items: one request per supplier, to an address of the caller’s book',
    headers: idempotencyHeadersSchema, body: sampleRequestSubmitSchema, answer: ['The new requests and the bag count', sampleRequestSubmittedSchema],
    errors: {
      403: 'Without the sample-request permission (FUN008) in the current company',
      404: 'An item or the address is not the caller’s; nothing submitted',
      409: 'The Idempotency-Key was used for a different submission',
      422: 'An item no longer published or of the caller’s own company, a note over 200 characters, or another bad input',
    },
  }, async (c) => {
    const session = await requireSession(c);
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    return submitSampleRequests({ userId: session.user.id, currentCompanyId: session.company?.id ?? null }, c.req.valid('json'), key);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/apply/list`, access: 'session', tokenScope: 'samples:read', tag: TAG, allowFrozen: true,
    summary: 'The caller’s sample requests, newest first, with counts per state',
    body: sampleRequestListSchema, answer: ['A page', sampleRequestPageSchema],
  }, async (c) => listSampleRequests({ side: 'buyer', userId: (await requireSession(c)).user.id }, c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/logistics/list`, access: 'session', tokenScope: 'samples:read', tag: TAG, allowFrozen: true,
    summary: 'The caller’s shipments (shipped and received requests) with carrier and tracking number, newest shipment first',
    body: sampleRequestListSchema.omit({ state: true }), answer: ['A page', sampleRequestPageSchema],
  }, async (c) => listSampleRequests({ side: 'buyer', userId: (await requireSession(c)).user.id }, { ...c.req.valid('json'), shipments: true }, requestLang(c)));

  const buyerSteps = { cancel: 'Cancel one of the caller’s requests while it is submitted', receive: 'Confirm that a shipped request arrived' };
  for (const [action, summary] of Object.entries(buyerSteps) as ['cancel' | 'receive', string][]) {
    defineRoute(app, {
      method: 'post', path: `${M}/buyer/sample/apply/${action}`, access: 'session', tokenScope: 'samples:write', tag: TAG, summary,
      body: sampleRequestIdSchema, answer: changed, errors: changeFailures,
    }, async (c) => changeSampleRequestState({ side: 'buyer', userId: (await requireSession(c)).user.id }, { action, id: c.req.valid('json').id }, requestLang(c)));
  }

  defineRoute(app, {
    method: 'post', path: `${M}/supplier/sample/apply/list`, access: 'permission:FUN007', tokenScope: 'samples:read', tag: TAG, allowFrozen: true,
    summary: 'Requests made to the caller’s current company, newest first, with counts per state',
    body: sampleRequestListSchema, answer: ['A page', sampleRequestPageSchema],
    errors: { 403: NO_PERMISSION },
  }, async (c) => {
    const session = await requireSession(c);
    return listSampleRequests({ side: 'supplier', companyId: session.company?.id ?? 0 }, c.req.valid('json'), requestLang(c));
  });

  const supplier = async (c: Context<ApiEnv>) => {
    const session = await requireSession(c);
    return { side: 'supplier' as const, userId: session.user.id, companyId: session.company?.id ?? 0 };
  };
  const supplierStep = { method: 'post', access: 'permission:FUN007', tokenScope: 'samples:write', tag: TAG, answer: changed, errors: { ...changeFailures, 403: NO_PERMISSION } } as const;
  defineRoute(app, {
    ...supplierStep, path: `${M}/supplier/sample/apply/accept`, summary: 'Accept a submitted request to the caller’s company', body: sampleRequestIdSchema,
  }, async (c) => changeSampleRequestState(await supplier(c), { action: 'accept', id: c.req.valid('json').id }, requestLang(c)));
  defineRoute(app, {
    ...supplierStep, path: `${M}/supplier/sample/apply/reject`, summary: 'Reject a submitted request, with a reason the buyer sees (1–200 characters)', body: sampleRequestRejectSchema,
  }, async (c) => changeSampleRequestState(await supplier(c), { action: 'reject', ...c.req.valid('json') }, requestLang(c)));
  defineRoute(app, {
    ...supplierStep, path: `${M}/supplier/sample/apply/ship`, summary: 'Ship an accepted request: carrier (1–40) and tracking number (4–40 letters, digits, dashes)', body: sampleRequestShipSchema,
  }, async (c) => changeSampleRequestState(await supplier(c), { action: 'ship', ...c.req.valid('json') }, requestLang(c)));
}
