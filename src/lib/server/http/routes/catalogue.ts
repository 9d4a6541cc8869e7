import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
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
  fieldDefinitionsRequestSchema,
  materialFieldListSchema,
} from '../../../contracts/catalogue';
import { listCategories, listCategoryTree } from '../../catalogue/list-categories';
import { listDictionaries } from '../../catalogue/list-dictionary';
import { listCategoryTemplate, listFieldDefinitions } from '../../catalogue/list-material-fields';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { listAddresses, listTopCities, loadAddressTree } from '../../catalogue/list-addresses';
import { ADDRESS_CACHE_FLAG } from '../../../constants';
import { access } from '../access';
import { getSession } from '../auth';
import { locateAddress } from '../../catalogue/locate-address';
import type { ApiEnv } from '../context';
import { answer, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

export function registerCatalogueRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: '/idealab-material/v2/material/category-template',
      tags: ['catalogue'],
      summary: 'The fields of a category’s materials in a market (1 domestic, 2 overseas), titles in the caller’s language',
      request: { query: categoryTemplateQuerySchema },
      responses: { 200: answer('Fields', materialFieldListSchema) },
    }),
    async (c) => {
      const { categoryId, marketType } = c.req.valid('query');
      const fields = await listCategoryTemplate(categoryId, marketType, requestLang(c));
      if (!fields) throw new AppError(ERROR.empty, { message: 'No such category' });
      return ok(c, materialFieldListSchema, fields);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: '/idealab-material/open/v2/dyn/attr-list',
      tags: ['catalogue'],
      summary: 'Field definitions by PF code',
      request: { body: json(fieldDefinitionsRequestSchema) },
      responses: { 200: answer('Fields', materialFieldListSchema) },
    }),
    async (c) => ok(c, materialFieldListSchema, await listFieldDefinitions(c.req.valid('json').fieldCodes, requestLang(c))),
  );

  for (const level of ['country', 'province', 'city', 'district'] as const) {
    app.openapi(
      createRoute({
        ...access('public'),
        method: 'post',
        path: `/authcenter/mp/address/${level}`,
        tags: ['catalogue'],
        summary: level === 'country' ? 'Countries' : `The ${level === 'city' ? 'cities' : level === 'province' ? 'provinces' : 'districts'} under parentId`,
        request: { body: { required: false, content: { 'application/json': { schema: addressLevelRequestSchema } } } },
        responses: { 200: answer('Address nodes (children empty)', addressNodeListSchema) },
      }),
      async (c) => {
        const { parentId } = c.req.valid('json') ?? {};
        return ok(c, addressNodeListSchema, await listAddresses(level, parentId));
      },
    );
  }

  app.openapi(
    createRoute({ ...access('public'), method: 'get', path: '/idealab-material/address/top/city', tags: ['catalogue'], summary: 'The cities listed first in address pickers', responses: { 200: answer('Cities', addressNodeListSchema) } }),
    async (c) => ok(c, addressNodeListSchema, await listTopCities()),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/address/location',
      tags: ['catalogue'],
      summary: 'Where an address picker starts: the caller’s company address (country, province, city), or nulls',
      responses: { 200: answer('Location', addressLocationSchema) },
    }),
    async (c) => ok(c, addressLocationSchema, await locateAddress((await getSession(c))?.company?.id ?? null)),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/address/tree',
      tags: ['catalogue'],
      summary: 'The whole address tree with its version: clients cache it and rebuild when the version changes',
      responses: { 200: answer('Version and tree', addressTreeSchema) },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return ok(c, addressTreeSchema, { version: ADDRESS_CACHE_FLAG, tree: await loadAddressTree() });
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/category/level',
      tags: ['catalogue'],
      summary: 'Categories of one level (under parentId), or the whole tree with tree=1; names in the caller’s language',
      request: { query: categoryLevelQuerySchema },
      responses: { 200: answer('Categories', categoryListSchema) },
    }),
    async (c) => {
      const { level, parentId, tree } = c.req.valid('query');
      const lang = requestLang(c);
      c.header('Cache-Control', 'public, max-age=300');
      return ok(c, categoryListSchema, tree === '1' ? await listCategoryTree(lang) : await listCategories(level, lang, parentId));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/open/dict/item/list',
      tags: ['catalogue'],
      summary: 'One dictionary (leadingProduct, businessModel, corpType, bizScope …)',
      request: { query: dictionaryQuerySchema },
      responses: { 200: answer('Items', dictionaryItemListSchema) },
    }),
    async (c) => {
      const { typeCode } = c.req.valid('query');
      return ok(c, dictionaryItemListSchema, (await listDictionaries([typeCode], requestLang(c)))[typeCode] ?? []);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: '/idealab-material/open/dict/item/list-codes',
      tags: ['catalogue'],
      summary: 'Several dictionaries at once, keyed by type code',
      request: { body: json(dictionaryCodesSchema) },
      responses: { 200: answer('Items by type code', dictionariesSchema) },
    }),
    async (c) => ok(c, dictionariesSchema, await listDictionaries(c.req.valid('json'), requestLang(c))),
  );
}
