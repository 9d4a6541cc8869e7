import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  ANALYTICS_LIMITS,
  collectEventsSchema,
  ERROR_LOG_LIMITS,
  errorLogSchema,
  errorLogStoredSchema,
  pageViewPixelQuerySchema,
  recordedEventsSchema,
  usageOptedOut,
} from '../../../contracts/analytics';
import { binarySchema } from '../../../contracts/common';
import { insightsCsvQuerySchema, rangeOf } from '../../../contracts/insights';
import { CSV_CONTENT_TYPE, exportInsightsCsv } from '../../analytics/export-insights-csv';
import { requestLang } from '../language';
import { roleCodeOf } from '../../../analytics/role-code';
import { newSessionId } from '../../analytics/new-session-id';
import { recordClientErrors } from '../../analytics/record-client-errors';
import { recordEvents } from '../../analytics/record-events';
import { recordPageView } from '../../analytics/record-page-view';
import { consumeLimit } from '../../security/rate-limit';
import { access } from '../access';
import { getSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer } from '../envelope';

/** The smallest transparent GIF: what a content page's counting image receives. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function registerAnalyticsRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: '/data-transit/data/snow/id', access: 'public', tag: 'analytics',
    summary: 'A new analytics session id',
    description: 'Signed, so the server knows the sessions it issued: material views count only for those. Counted per address.',
    answer: ['The id', z.string()],
    errors: { 429: 'Too many new sessions from this address: `data.retryAfter`' },
  }, async (c) => {
    await consumeLimit('analyticsSession.ip', clientIp(c));
    return newSessionId();
  });

  defineRoute(app, {
    method: 'post', path: '/data-transit/data/collect', access: 'public', tag: 'analytics',
    summary: 'Record usage events (user and company are taken from the session)',
    description:
      `At most ${ANALYTICS_LIMITS.events} events of one analytics session per call, ${ANALYTICS_LIMITS.properties} properties per event, ` +
      `in a body of at most ${ANALYTICS_LIMITS.bodyBytes / 1024} KB. Calls are counted per address and per session (the signed-in user, else the batch's session). ` +
      'A caller who opted out (the `usage_events=off` cookie) has nothing stored: the answer lists no ids.',
    body: collectEventsSchema, answer: ['Stored', recordedEventsSchema],
    bodyLimit: ANALYTICS_LIMITS.bodyBytes,
    errors: { 413: 'The body is larger than its limit', 429: 'Too many calls from this address or for this session' },
  }, async (c) => {
    const session = await getSession(c);
    const optedOut = usageOptedOut(c.req.header('cookie'));
    const ids = await recordEvents(c.req.valid('json').content, { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, ip: clientIp(c), optedOut });
    return { ids };
  });

  defineRoute(app, {
    method: 'put', path: '/data-transit/data/error-log', access: 'public', tag: 'analytics',
    summary: 'Record the failures a browser met (page, code, message; the trace is kept as a hash)',
    description:
      `The browser's whole log: at most ${ERROR_LOG_LIMITS.entries} entries of one analytics session, in a body of at most ${ERROR_LOG_LIMITS.bodyBytes / 1024} KB. ` +
      'Calls are counted per address and per session (the signed-in user, else the log’s session, else the address). A caller who opted out has nothing stored.',
    body: errorLogSchema, answer: ['How many entries were stored', errorLogStoredSchema],
    bodyLimit: ERROR_LOG_LIMITS.bodyBytes,
    errors: { 413: 'The body is larger than its limit', 429: 'Too many calls from this address or for this session' },
  }, async (c) => {
    const session = await getSession(c);
    const stored = await recordClientErrors(c.req.valid('json'), { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, ip: clientIp(c), optedOut: usageOptedOut(c.req.header('cookie')) });
    return { stored };
  });

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/data-transit/data/pixel',
      tags: ['analytics'],
      summary: 'Count a view of a page without script: the page’s own 1 × 1 image (`?path=` the page’s path; `materialId` and `supplierId` for a material’s page)',
      description:
        'Always answers the image and is never cached, so each view asks again. Nothing is stored for a visitor who opted out, the companion app, a crawler, or an address or session past its usage-event limit.',
      request: { query: pageViewPixelQuerySchema },
      responses: {
        200: { description: 'A transparent GIF', content: { 'image/gif': { schema: binarySchema } } },
        422: errorAnswer('Not a page path, or a material without its supplier'),
      },
    }),
    async (c) => {
      const session = await getSession(c);
      await recordPageView(c.req.valid('query'), {
        userId: session?.user.id ?? null,
        companyId: session?.company?.id ?? null,
        roleCode: roleCodeOf(session),
        ip: clientIp(c),
        userAgent: c.req.header('user-agent') ?? '',
        url: new URL(c.req.url),
        optedOut: usageOptedOut(c.req.header('cookie')),
      });
      return c.body(new Uint8Array(PIXEL), 200, {
        'Content-Type': 'image/gif',
        'Content-Length': String(PIXEL.byteLength),
        // Every view must reach us: no copy in the browser or on the way.
        'Cache-Control': 'no-store, max-age=0',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );

  app.openapi(
    createRoute({
      ...access('platformAdmin'),
      method: 'get',
      path: '/idealab-material/admin/insights/csv',
      tags: ['analytics'],
      summary: 'One section of the operator dashboard as CSV (UTF-8 with a byte-order mark), for a preset range or from/to (UTC days)',
      request: { query: insightsCsvQuerySchema },
      responses: {
        200: { description: 'The section, as an attachment named after it and the range', content: { 'text/csv': { schema: binarySchema } } },
        403: errorAnswer('Not a platform administrator'),
        422: errorAnswer('An unknown section, or a range that is not 7, 30 or 90 days or a valid from/to of at most 366 days ending today or earlier'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const file = await exportInsightsCsv(query.section, rangeOf(query), requestLang(c));
      return c.body(file.body, 200, {
        'Content-Type': CSV_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
}
