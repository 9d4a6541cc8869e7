import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  hotWordListSchema,
  materialPageSchema,
  materialSearchSchema,
  merchantParamSchema,
  searchHistoryDeletedSchema,
  searchHistoryDeleteQuerySchema,
  searchHistoryQuerySchema,
  searchHistorySchema,
  searchWordsSchema,
  shopNewestQuerySchema,
  shopQuerySchema,
  SUGGESTIONS_MAX,
  suggestionListSchema,
  suggestRequestSchema,
} from '../../../contracts/search';
import { findMaterials } from '../../materials/find-materials';
import { deleteSearchHistory } from '../../search/delete-search-history';
import { listSearchHistory } from '../../search/list-search-history';
import { listSearchWords } from '../../search/list-search-words';
import { recordSearch } from '../../search/record-search';
import { suggestKeywords } from '../../search/suggest-keywords';
import { getSession, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';
import { marketOfRequest } from '../../request/market';

const S = '/idealab-material';

export function registerSearchRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${S}/open/v2/material/search`, access: 'public', tokenScope: 'catalogue:read', tag: 'search',
    summary: 'Materials matching the keywords (names, serial numbers, categories, suppliers, attributes; Chinese by bigrams), with the store’s filters',
    description: 'Sorted by relevance unless `sort` says otherwise; facet counts with page 1. Keywords with nothing searchable match nothing. A signed-in caller’s first page is remembered in their history.',
    body: materialSearchSchema, answer: ['Materials', materialPageSchema],
    errors: { 404: 'No such category' },
  }, async (c) => {
    const query = c.req.valid('json');
    const session = await getSession(c);
    const [page] = await Promise.all([
      findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: marketOfRequest(new URL(c.req.url)) }),
      session && query.page === 1 ? recordSearch(session.user.id, query.keywords) : Promise.resolve(),
    ]);
    return page;
  });

  defineRoute(app, {
    method: 'post', path: `${S}/open/v2/material/search/suggest`, access: 'public', tag: 'search',
    summary: `Typeahead: up to ${SUGGESTIONS_MAX} terms (material names, categories and aliases, attribute labels, suppliers) matching what was typed`,
    description: 'Chinese matches anywhere in a term (1-3 characters and more), Latin words by prefix of any word; terms starting with the keywords first, then those most published materials carry. Terms and category names in the caller’s language; `categoryIds` parallels `categoryList` (at most 5, the categories the term occurs in most) for a category link.',
    body: suggestRequestSchema, answer: ['Suggestions', suggestionListSchema],
  }, async (c) => suggestKeywords(c.req.valid('json').keywords, requestLang(c)));

  defineRoute(app, {
    method: 'get', path: `${S}/v2/material/search/his-keyword`, access: 'session', tag: 'search',
    summary: 'The caller’s recent searches, newest first, de-duplicated (at most 20)',
    query: searchHistoryQuerySchema, answer: ['Words', searchHistorySchema],
  }, async (c) => listSearchHistory((await requireSession(c)).user.id, c.req.valid('query').topk));

  // docs/product/search.md#calls makes deleting a GET; as a state change it must come from our own pages (docs/architecture.md#security).
  defineRoute(app, {
    method: 'get', path: `${S}/v2/material/search/his-keyword/del`, access: 'session', tag: 'search', sameOrigin: true,
    summary: 'Forget one remembered search (`word`), or all of them (no word); same-origin only',
    query: searchHistoryDeleteQuerySchema, answer: ['How many were forgotten', searchHistoryDeletedSchema],
  }, async (c) => deleteSearchHistory((await requireSession(c)).user.id, c.req.valid('query').word));

  defineRoute(app, {
    method: 'get', path: `${S}/open/v2/material/search/hot-list`, access: 'public', tag: 'search',
    summary: 'Hot words, some with a link, in the caller’s language',
    answer: ['Hot words', hotWordListSchema],
  }, async (c) => (await listSearchWords(requestLang(c))).hotWords);

  defineRoute(app, {
    method: 'get', path: `${S}/open/v2/material/search/keyword`, access: 'public', tag: 'search',
    summary: 'Hot words and the rotating placeholder’s shading words',
    answer: ['Words', searchWordsSchema],
  }, async (c) => listSearchWords(requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${S}/open/v2/merchant/material/search/{orgId}`, access: 'public', tag: ['search', 'merchants'],
    summary: 'One merchant’s published materials, optionally matching keywords, with the store’s filters',
    params: merchantParamSchema, body: shopQuerySchema, answer: ['Materials', materialPageSchema],
    errors: { 404: 'No such category' },
  }, async (c) => {
    const { orgId } = c.req.valid('param');
    const body = c.req.valid('json');
    const query = { ...body, orgId, sort: body.sort ?? (body.keywords ? ('relevance' as const) : ('newest' as const)) };
    return findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: marketOfRequest(new URL(c.req.url)) });
  });

  defineRoute(app, {
    method: 'get', path: `${S}/open/v2/merchant/material/search/newest/{orgId}`, access: 'public', tag: ['search', 'merchants'],
    summary: 'One merchant’s newest published materials',
    params: merchantParamSchema, query: shopNewestQuerySchema, answer: ['Materials', materialPageSchema],
  }, async (c) => {
    const { orgId } = c.req.valid('param');
    const { page, size } = c.req.valid('query');
    return findMaterials({ orgId, sort: 'newest', page, size }, { lang: requestLang(c), marketType: marketOfRequest(new URL(c.req.url)) });
  });
}
