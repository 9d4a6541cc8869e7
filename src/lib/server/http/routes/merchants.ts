import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { followResultSchema, followSchema, merchantDetailSchema as detailSchema, merchantIdSchema, merchantPageSchema as merchantPage, merchantSearchSchema } from '../../../contracts/merchants';
import { findMerchants } from '../../merchants/find-merchants';
import { setFollow } from '../../merchants/follow-merchant';
import { getMerchant } from '../../merchants/get-merchant';
import { access } from '../access';
import { getSession, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { sameOriginRequired } from '../middleware';

const M = '/idealab-material';

const followAnswer = answer('The new follow state', followResultSchema);

export function registerMerchantRoutes(app: OpenAPIHono<ApiEnv>) {
  const viewerOf = async (c: Parameters<typeof getSession>[0]) => (await getSession(c))?.user.id ?? null;

  for (const kind of ['list', 'choiceness'] as const) {
    app.openapi(
      createRoute({
        ...access('public'),
        method: 'post',
        path: `${M}/open/v2/merchant/search/${kind}`,
        tags: ['merchants'],
        summary: kind === 'list' ? 'Merchants by keyword (Chinese or English name), platform picks first' : 'The platform’s picks (choiceness)',
        request: { body: json(merchantSearchSchema) },
        responses: { 200: answer('Merchants', merchantPage), 422: failure('Invalid input') },
      }),
      async (c) => ok(c, merchantPage, await findMerchants(c.req.valid('json'), { lang: requestLang(c), viewerId: await viewerOf(c), choiceness: kind === 'choiceness' })),
    );
  }

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/company/getcompanyinfo/orgid/v2`,
      tags: ['merchants'],
      summary: 'A merchant’s business information, banner and counts',
      request: { query: merchantIdSchema },
      responses: { 200: answer('The merchant', detailSchema), 404: failure('Not a merchant (100404)'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, detailSchema, await getMerchant(c.req.valid('query').orgId, requestLang(c), await viewerOf(c))),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/follow/add`,
      tags: ['merchants'],
      summary: 'Follow a merchant (idempotent)',
      request: { body: json(followSchema) },
      responses: { 200: followAnswer, 404: failure('Not a merchant'), 422: failure('Invalid input, or the caller’s own company') },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, followResultSchema, await setFollow(session.user.id, c.req.valid('json').supplierId, true, session.company?.id ?? null));
    },
  );

  // §7 makes unfollowing a GET; as a state change it must come from our own pages (DESIGN §5).
  app.use(`${M}/follow/remove`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/follow/remove`,
      tags: ['merchants'],
      summary: 'Unfollow a merchant (idempotent; same-origin only)',
      request: { query: followSchema },
      responses: { 200: followAnswer, 404: failure('Not a merchant'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, followResultSchema, await setFollow(session.user.id, c.req.valid('query').supplierId, false, session.company?.id ?? null));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/v2/merchant/search/my-follow-list`,
      tags: ['merchants'],
      summary: 'The merchants the caller follows',
      request: { body: json(merchantSearchSchema) },
      responses: { 200: answer('Merchants', merchantPage), 422: failure('Invalid input') },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, merchantPage, await findMerchants(c.req.valid('json'), { lang: requestLang(c), viewerId: session.user.id, followedBy: session.user.id }));
    },
  );
}
