import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { collectEventsSchema } from '../../../contracts/analytics';
import { newSessionId } from '../../analytics/new-session-id';
import { recordEvents } from '../../analytics/record-events';
import { getSession } from '../auth';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { envelopeOf, errorEnvelopeSchema, ok } from '../envelope';

const invalid = { 422: { description: 'Invalid input', content: { 'application/json': { schema: errorEnvelopeSchema } } } };

export function registerAnalyticsRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/data-transit/data/snow/id',
      tags: ['analytics'],
      summary: 'A new analytics session id',
      responses: { 200: { description: 'The id', content: { 'application/json': { schema: envelopeOf(z.string()) } } } },
    }),
    (c) => ok(c, newSessionId()),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: '/data-transit/data/collect',
      tags: ['analytics'],
      summary: 'Record usage events (user and company are taken from the session)',
      request: { body: { required: true, content: { 'application/json': { schema: collectEventsSchema } } } },
      responses: {
        200: { description: 'Stored', content: { 'application/json': { schema: envelopeOf(z.object({ ids: z.array(z.number().int()) })) } } },
        ...invalid,
      },
    }),
    async (c) => {
      const session = await getSession(c);
      const ids = await recordEvents(c.req.valid('json').content, { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null });
      return ok(c, { ids });
    },
  );
}
