import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  IDEMPOTENCY_KEY_PATTERN,
  SAMPLE_REQUEST_ACTIONS,
  sampleRequestIdSchema,
  sampleRequestListSchema,
  sampleRequestRejectSchema,
  sampleRequestShipSchema,
  sampleRequestStateSchema,
  sampleRequestSubmitSchema,
} from '../../../contracts/sampling-requests';
import { changeSampleRequestState } from '../../sampling/change-sample-request-state';
import { listSampleRequests } from '../../sampling/list-sample-requests';
import { submitSampleRequests } from '../../sampling/submit-sample-requests';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { imageRefSchema } from './materials';

const M = '/idealab-material';

// A schema of its own: a zod schema built before @hono/zod-openapi loaded (page code may load the contract first) has no `.openapi()`.
const stateSchema = z.enum(sampleRequestStateSchema.options).openapi({ description: 'submitted → accepted | rejected | cancelled; accepted → shipped → received' });
const requestSchema = z
  .object({
    id: z.number().int(),
    requestNo: z.string(),
    state: stateSchema,
    supplier: z.object({ id: z.number().int(), name: z.string() }),
    buyer: z.object({ id: z.number().int(), name: z.string() }),
    address: z.object({ receiver: z.string(), phone: z.string(), place: z.string(), detail: z.string(), postcode: z.string().nullable() }),
    note: z.string(),
    rejectReason: z.string().nullable(),
    carrier: z.string().nullable(),
    trackingNo: z.string().nullable(),
    shippedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    items: z.array(
      z.object({
        materialId: z.number().int().nullable(),
        categoryId: z.number().int().nullable(),
        name: z.string(),
        cover: imageRefSchema.nullable(),
        available: z.boolean(),
        colorCard: z.object({ name: z.string(), hex: z.string() }),
        quantity: z.number().int(),
        samplePrice: z.string().nullable(),
      }),
    ),
    events: z.array(z.object({ state: stateSchema, side: z.enum(['buyer', 'supplier']), actorName: z.string(), at: z.string(), detail: z.record(z.string(), z.string()) })),
    actions: z.array(z.enum(SAMPLE_REQUEST_ACTIONS)).openapi({ description: 'What the caller may do now' }),
  })
  .openapi('SampleRequest');
const pageSchema = z.object({ records: z.array(requestSchema), total: z.number().int(), counts: z.record(stateSchema, z.number().int()) }).openapi('SampleRequestPage');
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'validation.invalidValue').optional().openapi({ description: 'A retry with the same key answers the first result instead of submitting again (24 hours)' }),
});
const changed = {
  200: answer('The request as it is now, with its timeline', requestSchema),
  404: failure('No such request of the caller (or of the caller’s company)'),
  409: failure('The request is no longer in the state this step starts from'),
  422: failure('Invalid input'),
};

/** Issue 6 sample requests: the buyer's side under buyer/, the supplier company's under supplier/ (DESIGN §4). */
export function registerSampleRequestRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/buyer/sample/apply/submit`,
      tags: ['sample requests'],
      summary: 'Request samples of chosen bag items: one request per supplier, to an address of the caller’s book',
      request: { headers: idempotencyHeaders, body: json(sampleRequestSubmitSchema) },
      responses: {
        200: answer('The new requests and the bag count', z.object({ requestIds: z.array(z.number().int()), count: z.number().int() })),
        404: failure('An item or the address is not the caller’s; nothing submitted'),
        409: failure('The Idempotency-Key was used for a different submission'),
        422: failure('An item no longer published or of the caller’s own company, a note over 200 characters, or another bad input'),
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const key = c.req.valid('header')['idempotency-key'] ?? null;
      return ok(c, await submitSampleRequests({ userId: session.user.id, currentCompanyId: session.company?.id ?? null }, c.req.valid('json'), key));
    },
  );

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/sample/apply/list`, access: 'session', tag: 'sample requests',
    summary: 'The caller’s sample requests, newest first, with counts per state',
    body: sampleRequestListSchema, answer: ['A page', pageSchema],
  }, async (c) => listSampleRequests({ side: 'buyer', userId: (await requireSession(c)).user.id }, c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/buyer/logistics/list`, access: 'session', tag: 'sample requests',
    summary: 'The caller’s shipments (shipped and received requests) with carrier and tracking number, newest shipment first',
    body: sampleRequestListSchema.omit({ state: true }), answer: ['A page', pageSchema],
  }, async (c) => listSampleRequests({ side: 'buyer', userId: (await requireSession(c)).user.id }, { ...c.req.valid('json'), shipments: true }, requestLang(c)));

  const buyerStep = (action: 'cancel' | 'receive', summary: string) =>
    app.openapi(
      createRoute({ ...access('session'), method: 'post', path: `${M}/buyer/sample/apply/${action}`, tags: ['sample requests'], summary, request: { body: json(sampleRequestIdSchema) }, responses: changed }),
      async (c) => {
        const session = await requireSession(c);
        return ok(c, await changeSampleRequestState({ side: 'buyer', userId: session.user.id }, { action, id: c.req.valid('json').id }, requestLang(c)));
      },
    );
  buyerStep('cancel', 'Cancel one of the caller’s requests while it is submitted');
  buyerStep('receive', 'Confirm that a shipped request arrived');

  defineRoute(app, {
    method: 'post', path: `${M}/supplier/sample/apply/list`, access: 'permission:FUN007', tag: 'sample requests',
    summary: 'Requests made to the caller’s current company, newest first, with counts per state',
    body: sampleRequestListSchema, answer: ['A page', pageSchema],
    errors: { 403: 'No FUN007 in the current company' },
  }, async (c) => {
    const session = await requireSession(c);
    return listSampleRequests({ side: 'supplier', companyId: session.company?.id ?? 0 }, c.req.valid('json'), requestLang(c));
  });

  const supplierRoute = (action: 'accept' | 'reject' | 'ship', summary: string, body: z.ZodType) =>
    createRoute({ ...access('permission:FUN007'), method: 'post', path: `${M}/supplier/sample/apply/${action}`, tags: ['sample requests'], summary, request: { body: json(body) }, responses: { ...changed, 403: failure('No FUN007 in the current company') } });
  const supplier = async (c: Context<ApiEnv>) => {
    const session = await requireSession(c);
    return { side: 'supplier' as const, userId: session.user.id, companyId: session.company?.id ?? 0 };
  };
  app.openapi(supplierRoute('accept', 'Accept a submitted request to the caller’s company', sampleRequestIdSchema), async (c) =>
    ok(c, await changeSampleRequestState(await supplier(c), { action: 'accept', id: sampleRequestIdSchema.parse(c.req.valid('json')).id }, requestLang(c))),
  );
  app.openapi(supplierRoute('reject', 'Reject a submitted request, with a reason the buyer sees (1–200 characters)', sampleRequestRejectSchema), async (c) =>
    ok(c, await changeSampleRequestState(await supplier(c), { action: 'reject', ...sampleRequestRejectSchema.parse(c.req.valid('json')) }, requestLang(c))),
  );
  app.openapi(supplierRoute('ship', 'Ship an accepted request: carrier (1–40) and tracking number (4–40 letters, digits, dashes)', sampleRequestShipSchema), async (c) =>
    ok(c, await changeSampleRequestState(await supplier(c), { action: 'ship', ...sampleRequestShipSchema.parse(c.req.valid('json')) }, requestLang(c))),
  );
}
