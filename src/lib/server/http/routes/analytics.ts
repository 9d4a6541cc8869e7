import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ANALYTICS_LIMITS, collectEventsSchema, recordedEventsSchema } from '../../../contracts/analytics';
import { newSessionId } from '../../analytics/new-session-id';
import { recordEvents } from '../../analytics/record-events';
import { getSession } from '../auth';
import { clientIp } from '../client-ip';
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
    description:
      `At most ${ANALYTICS_LIMITS.events} events of one analytics session per call, ${ANALYTICS_LIMITS.properties} properties per event, ` +
      `in a body of at most ${ANALYTICS_LIMITS.bodyBytes / 1024} KB. Calls are counted per address and per session (the signed-in user, else the batch's session).`,
    body: collectEventsSchema, answer: ['Stored', recordedEventsSchema],
    bodyLimit: ANALYTICS_LIMITS.bodyBytes,
    errors: { 413: 'The body is larger than its limit', 429: 'Too many calls from this address or for this session' },
  }, async (c) => {
    const session = await getSession(c);
    const ids = await recordEvents(c.req.valid('json').content, { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, ip: clientIp(c) });
    return { ids };
  });
}
