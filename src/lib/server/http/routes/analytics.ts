import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { collectEventsSchema, recordedEventsSchema } from '../../../contracts/analytics';
import { newSessionId } from '../../analytics/new-session-id';
import { recordEvents } from '../../analytics/record-events';
import { getSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

export function registerAnalyticsRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: '/data-transit/data/snow/id', access: 'public', tag: 'analytics',
    summary: 'A new analytics session id',
    answer: ['The id', z.string()],
  }, () => newSessionId());

  defineRoute(app, {
    method: 'post', path: '/data-transit/data/collect', access: 'public', tag: 'analytics',
    summary: 'Record usage events (user and company are taken from the session)',
    body: collectEventsSchema, answer: ['Stored', recordedEventsSchema],
  }, async (c) => {
    const session = await getSession(c);
    const ids = await recordEvents(c.req.valid('json').content, { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null });
    return { ids };
  });
}
