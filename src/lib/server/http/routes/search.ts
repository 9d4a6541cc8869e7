import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { MARKET_TYPE } from '../../../constants';
import {
  hotWordListSchema,
  materialPageSchema as pageSchema,
  materialSearchSchema,
  merchantParamSchema as merchantParam,
  searchHistoryDeletedSchema,
  searchHistoryDeleteQuerySchema,
  searchHistoryQuerySchema,
  searchHistorySchema,
  searchWordsSchema,
  shopNewestQuerySchema,
  shopQuerySchema as shopQuery,
  SUGGESTIONS_MAX,
  suggestionListSchema,
  suggestRequestSchema as suggestSchema,
} from '../../../contracts/search';
import { findMaterials } from '../../materials/find-materials';
import { deleteSearchHistory } from '../../search/delete-search-history';
import { listSearchHistory } from '../../search/list-search-history';
import { listSearchWords } from '../../search/list-search-words';
import { recordSearch } from '../../search/record-search';
import { suggestKeywords } from '../../search/suggest-keywords';
import { access } from '../access';
import { getSession, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { sameOriginRequired } from '../middleware';

const S = '/idealab-material';

export function registerSearchRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${S}/open/v2/material/search`,
      tags: ['search'],
      summary: 'Materials matching the keywords (names, serial numbers, categories, suppliers, attributes; Chinese by bigrams), with the store’s filters',
      description: 'Sorted by relevance unless `sort` says otherwise; facet counts with page 1. Keywords with nothing searchable match nothing. A signed-in caller’s first page is remembered in their history.',
      request: { body: json(materialSearchSchema) },
      responses: { 200: answer('Materials', pageSchema), 404: failure('No such category'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const query = c.req.valid('json');
      const session = await getSession(c);
      const [page] = await Promise.all([
        findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: MARKET_TYPE.domestic }),
        session && query.page === 1 ? recordSearch(session.user.id, query.keywords) : Promise.resolve(),
      ]);
      return ok(c, pageSchema, page);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${S}/open/v2/material/search/suggest`,
      tags: ['search'],
      summary: `Typeahead: up to ${SUGGESTIONS_MAX} terms (material names, categories and aliases, attribute labels, suppliers) matching what was typed`,
      description:
        'Chinese matches anywhere in a term (1-3 characters and more), Latin words by prefix of any word; terms starting with the keywords first, then those most published materials carry. Terms and category names in the caller’s language; `categoryIds` parallels `categoryList` (at most 5, the categories the term occurs in most) for a category link.',
      request: { body: json(suggestSchema) },
      responses: { 200: answer('Suggestions', suggestionListSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, suggestionListSchema, await suggestKeywords(c.req.valid('json').keywords, requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${S}/v2/material/search/his-keyword`,
      tags: ['search'],
      summary: 'The caller’s recent searches, newest first, de-duplicated (at most 20)',
      request: { query: searchHistoryQuerySchema },
      responses: { 200: answer('Words', searchHistorySchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, searchHistorySchema, await listSearchHistory((await requireSession(c)).user.id, c.req.valid('query').topk)),
  );

  // §7 makes deleting a GET; as a state change it must come from our own pages (DESIGN §5).
  app.use(`${S}/v2/material/search/his-keyword/del`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${S}/v2/material/search/his-keyword/del`,
      tags: ['search'],
      summary: 'Forget one remembered search (`word`), or all of them (no word); same-origin only',
      request: { query: searchHistoryDeleteQuerySchema },
      responses: { 200: answer('How many were forgotten', searchHistoryDeletedSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, searchHistoryDeletedSchema, await deleteSearchHistory((await requireSession(c)).user.id, c.req.valid('query').word)),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${S}/open/v2/material/search/hot-list`,
      tags: ['search'],
      summary: 'Hot words, some with a link, in the caller’s language',
      responses: { 200: answer('Hot words', hotWordListSchema) },
    }),
    async (c) => ok(c, hotWordListSchema, (await listSearchWords(requestLang(c))).hotWords),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${S}/open/v2/material/search/keyword`,
      tags: ['search'],
      summary: 'Hot words and the rotating placeholder’s shading words',
      responses: { 200: answer('Words', searchWordsSchema) },
    }),
    async (c) => ok(c, searchWordsSchema, await listSearchWords(requestLang(c))),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${S}/open/v2/merchant/material/search/{orgId}`,
      tags: ['search', 'merchants'],
      summary: 'One merchant’s published materials, optionally matching keywords, with the store’s filters',
      request: { params: merchantParam, body: json(shopQuery) },
      responses: { 200: answer('Materials', pageSchema), 404: failure('No such category'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { orgId } = c.req.valid('param');
      const body = c.req.valid('json');
      const query = { ...body, orgId, sort: body.sort ?? (body.keywords ? ('relevance' as const) : ('newest' as const)) };
      return ok(c, pageSchema, await findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: MARKET_TYPE.domestic }));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${S}/open/v2/merchant/material/search/newest/{orgId}`,
      tags: ['search', 'merchants'],
      summary: 'One merchant’s newest published materials',
      request: { params: merchantParam, query: shopNewestQuerySchema },
      responses: { 200: answer('Materials', pageSchema), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { orgId } = c.req.valid('param');
      const { page, size } = c.req.valid('query');
      return ok(c, pageSchema, await findMaterials({ orgId, sort: 'newest', page, size }, { lang: requestLang(c), marketType: MARKET_TYPE.domestic }));
    },
  );
}
