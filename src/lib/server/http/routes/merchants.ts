import type { OpenAPIHono } from '@hono/zod-openapi';
import { followResultSchema, followSchema, merchantDetailSchema, merchantIdSchema, merchantPageSchema, merchantSearchSchema } from '../../../contracts/merchants';
import { findMerchants } from '../../merchants/find-merchants';
import { setFollow } from '../../merchants/follow-merchant';
import { getMerchant } from '../../merchants/get-merchant';
import { getSession, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';

const followState = ['The new follow state', followResultSchema] as const;

export function registerMerchantRoutes(app: OpenAPIHono<ApiEnv>) {
  const viewerOf = async (c: Parameters<typeof getSession>[0]) => (await getSession(c))?.user.id ?? null;

  for (const kind of ['list', 'choiceness'] as const) {
    defineRoute(app, {
    method: 'post', path: `${M}/open/v2/merchant/search/${kind}`, access: 'public', tag: 'merchants',
    summary: kind === 'list' ? 'Merchants by keyword (Chinese or English name), platform picks first' : 'The platform’s picks (choiceness)',
    body: merchantSearchSchema, answer: ['Merchants', merchantPageSchema],
  }, async (c) => findMerchants(c.req.valid('json'), { lang: requestLang(c), viewerId: await viewerOf(c), choiceness: kind === 'choiceness' }));
  }

  defineRoute(app, {
    method: 'get', path: `${M}/company/getcompanyinfo/orgid/v2`, access: 'public', tag: 'merchants',
    summary: 'A merchant’s business information, banner and counts',
    query: merchantIdSchema, answer: ['The merchant', merchantDetailSchema],
    errors: { 404: 'Not a merchant (100404)' },
  }, async (c) => getMerchant(c.req.valid('query').orgId, requestLang(c), await viewerOf(c)));

  defineRoute(app, {
    method: 'post', path: `${M}/follow/add`, access: 'session', tag: 'merchants',
    summary: 'Follow a merchant (idempotent)',
    body: followSchema, answer: followState,
    errors: { 404: 'Not a merchant', 422: 'Invalid input, or the caller’s own company' },
  }, async (c) => {
    const session = await requireSession(c);
    return setFollow(session.user.id, c.req.valid('json').supplierId, true, session.company?.id ?? null);
  });

  // docs/product/catalogue.md#calls makes unfollowing a GET; as a state change it must come from our own pages (docs/architecture.md#security).
  defineRoute(app, {
    method: 'get', path: `${M}/follow/remove`, access: 'session', tag: 'merchants', sameOrigin: true,
    summary: 'Unfollow a merchant (idempotent; same-origin only)',
    query: followSchema, answer: followState,
    errors: { 404: 'Not a merchant' },
  }, async (c) => {
    const session = await requireSession(c);
    return setFollow(session.user.id, c.req.valid('query').supplierId, false, session.company?.id ?? null);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/v2/merchant/search/my-follow-list`, access: 'session', tag: 'merchants', allowFrozen: true,
    summary: 'The merchants the caller follows',
    body: merchantSearchSchema, answer: ['Merchants', merchantPageSchema],
  }, async (c) => {
    const session = await requireSession(c);
    return findMerchants(c.req.valid('json'), { lang: requestLang(c), viewerId: session.user.id, followedBy: session.user.id });
  });
}
