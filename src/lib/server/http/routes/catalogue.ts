import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  addressLevelRequestSchema,
  addressLocationSchema,
  addressNodeListSchema,
  addressTreeSchema,
  categoryLevelQuerySchema,
  categoryListSchema,
  categoryTemplateQuerySchema,
  dictionariesSchema,
  dictionaryCodesSchema,
  dictionaryItemListSchema,
  dictionaryQuerySchema,
  dictionaryTreeRequestSchema,
  fieldDefinitionsRequestSchema,
  materialFieldListSchema,
} from '../../../contracts/catalogue';
import { listCategories, listCategoryTree } from '../../catalogue/list-categories';
import { listDictionaries } from '../../catalogue/list-dictionary';
import { listDictionaryItems } from '../../catalogue/list-dictionary-items';
import { listCategoryTemplate, listFieldDefinitions } from '../../catalogue/list-material-fields';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { listAddresses, listTopCities, loadAddressTree } from '../../catalogue/list-addresses';
import { ADDRESS_CACHE_FLAG } from '../../../constants';
import { getSession } from '../auth';
import { locateAddress } from '../../catalogue/locate-address';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

export function registerCatalogueRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: '/idealab-material/v2/material/category-template', access: 'session', tag: 'catalogue',
    summary: 'The fields of a category’s materials in a market (1 domestic, 2 overseas), titles in the caller’s language',
    query: categoryTemplateQuerySchema, answer: ['Fields', materialFieldListSchema],
  }, async (c) => {
    const { categoryId, marketType } = c.req.valid('query');
    const fields = await listCategoryTemplate(categoryId, marketType, requestLang(c));
    if (!fields) throw new AppError(ERROR.empty, { message: 'No such category' });
    return fields;
  });

  defineRoute(app, {
    method: 'post', path: '/idealab-material/open/v2/dyn/attr-list', access: 'public', tag: 'catalogue',
    summary: 'Field definitions by PF code',
    body: fieldDefinitionsRequestSchema, answer: ['Fields', materialFieldListSchema],
  }, async (c) => listFieldDefinitions(c.req.valid('json').fieldCodes, requestLang(c)));

  for (const level of ['country', 'province', 'city', 'district'] as const) {
    defineRoute(app, {
    method: 'post', path: `/authcenter/mp/address/${level}`, access: 'public', tag: 'catalogue',
    summary: level === 'country' ? 'Countries' : `The ${level === 'city' ? 'cities' : level === 'province' ? 'provinces' : 'districts'} under parentId`,
    optionalBody: addressLevelRequestSchema, answer: ['Address nodes (children empty)', addressNodeListSchema],
  }, async (c) => {
      const { parentId } = c.req.valid('json') ?? {};
      return listAddresses(level, parentId);
    });
  }

  defineRoute(app, {
    method: 'get', path: '/idealab-material/address/top/city', access: 'public', tag: 'catalogue',
    summary: 'The cities listed first in address pickers',
    answer: ['Cities', addressNodeListSchema],
  }, async (c) => listTopCities());

  defineRoute(app, {
    method: 'get', path: '/idealab-material/address/location', access: 'public', tag: 'catalogue',
    summary: 'Where an address picker starts: the caller’s company address (country, province, city), or nulls',
    answer: ['Location', addressLocationSchema],
  }, async (c) => locateAddress((await getSession(c))?.company?.id ?? null));

  defineRoute(app, {
    method: 'get', path: '/idealab-material/address/tree', access: 'public', tag: 'catalogue',
    summary: 'The whole address tree with its version: clients cache it and rebuild when the version changes',
    answer: ['Version and tree', addressTreeSchema],
  }, async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return { version: ADDRESS_CACHE_FLAG, tree: await loadAddressTree() };
  });

  defineRoute(app, {
    method: 'get', path: '/idealab-material/category/level', access: 'public', tokenScope: 'catalogue:read', tag: 'catalogue',
    summary: 'Categories of one level (under parentId), or the whole tree with tree=1; names in the caller’s language',
    query: categoryLevelQuerySchema, answer: ['Categories', categoryListSchema],
  }, async (c) => {
    const { level, parentId, tree } = c.req.valid('query');
    const lang = requestLang(c);
    c.header('Cache-Control', 'public, max-age=300');
    return tree === '1' ? await listCategoryTree(lang) : await listCategories(level, lang, parentId);
  });

  defineRoute(app, {
    method: 'get', path: '/idealab-material/open/dict/item/list', access: 'public', tag: 'catalogue',
    summary: 'One dictionary (leadingProduct, businessModel, corpType, bizScope …)',
    query: dictionaryQuerySchema, answer: ['Items', dictionaryItemListSchema],
  }, async (c) => {
    const { typeCode } = c.req.valid('query');
    return (await listDictionaries([typeCode], requestLang(c)))[typeCode] ?? [];
  });

  defineRoute(app, {
    method: 'post', path: '/idealab-material/open/dict/item/list-codes', access: 'public', tag: 'catalogue',
    summary: 'Several dictionaries at once, keyed by type code',
    body: dictionaryCodesSchema, answer: ['Items by type code', dictionariesSchema],
  }, async (c) => listDictionaries(c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: '/idealab-material/open/dict/tree-item/list', access: 'public', tag: 'catalogue',
    summary: 'Several dictionaries keyed by type code, as trees, or flattened in reading order with tree: false',
    body: dictionaryTreeRequestSchema, answer: ['Items by type code', dictionariesSchema],
  }, async (c) => {
    const { typeCodes, tree } = c.req.valid('json');
    return listDictionaryItems(typeCodes, requestLang(c), tree);
  });

  defineRoute(app, {
    method: 'get', path: '/bff-center/showCommon/getDictionaryTypeItem', access: 'public', tag: 'catalogue',
    summary: 'One dictionary as a tree: the same answer as open/dict/item/list',
    query: dictionaryQuerySchema, answer: ['Items', dictionaryItemListSchema],
  }, async (c) => {
    const { typeCode } = c.req.valid('query');
    return (await listDictionaries([typeCode], requestLang(c)))[typeCode] ?? [];
  });
}
