import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { categoryLevelQuerySchema, dictionaryCodesSchema, dictionaryQuerySchema, type CategoryNode } from '../../../contracts/catalogue';
import { listCategories, listCategoryTree } from '../../catalogue/list-categories';
import { listDictionaries } from '../../catalogue/list-dictionary';
import { listCategoryTemplate, listFieldDefinitions } from '../../catalogue/list-material-fields';
import { AppError } from '../../errors';
import { ERROR } from '../../../errors';
import { listAddresses, listTopCities, loadAddressTree, type AddressNode } from '../../catalogue/list-addresses';
import { ADDRESS_CACHE_FLAG } from '../../../constants';
import { access } from '../access';
import { getSession } from '../auth';
import { locateAddress } from '../../catalogue/locate-address';
import type { ApiEnv } from '../context';
import { answer, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

// Recursive, so a named component (the generator follows the $ref).
const categorySchema: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), originName: z.string(), parentId: z.number().int().nullable(), level: z.number().int(), matchResult: z.array(categorySchema).optional() }),
  )
  .openapi('Category');
type Item = { itemValue: string; label: string; children: Item[] };
const itemSchema: z.ZodType<Item> = z.lazy(() => z.object({ itemValue: z.string(), label: z.string(), children: z.array(itemSchema) })).openapi('DictionaryItem');

const addressSchema: z.ZodType<AddressNode> = z
  .lazy(() => z.object({ id: z.number().int(), fullZhName: z.string(), fullEnName: z.string(), children: z.array(addressSchema) }))
  .openapi('AddressNode');

const fieldSchema = z
  .object({
    fieldCode: z.string(),
    fieldType: z.number().int(),
    isRequired: z.number().int(),
    marketType: z.number().int().nullable(),
    defaultJsonSchema: z.record(z.string(), z.unknown()),
  })
  .openapi('MaterialField');

export function registerCatalogueRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: '/idealab-material/v2/material/category-template',
      tags: ['catalogue'],
      summary: 'The fields of a category’s materials in a market (1 domestic, 2 overseas), titles in the caller’s language',
      request: { query: z.object({ categoryId: z.coerce.number().int().positive(), marketType: z.coerce.number().int().min(1).max(2).default(1) }) },
      responses: { 200: answer('Fields', z.array(fieldSchema)) },
    }),
    async (c) => {
      const { categoryId, marketType } = c.req.valid('query');
      const fields = await listCategoryTemplate(categoryId, marketType, requestLang(c));
      if (!fields) throw new AppError(ERROR.empty, { message: 'No such category' });
      return ok(c, fields);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: '/idealab-material/open/v2/dyn/attr-list',
      tags: ['catalogue'],
      summary: 'Field definitions by PF code',
      request: { body: json(z.object({ fieldCodes: z.array(z.string().regex(/^PF_[A-Z_]{2,40}$/, 'validation.invalidValue')).min(1).max(100) })) },
      responses: { 200: answer('Fields', z.array(fieldSchema)) },
    }),
    async (c) => ok(c, await listFieldDefinitions(c.req.valid('json').fieldCodes, requestLang(c))),
  );

  for (const level of ['country', 'province', 'city', 'district'] as const) {
    app.openapi(
      createRoute({
        ...access('public'),
        method: 'post',
        path: `/authcenter/mp/address/${level}`,
        tags: ['catalogue'],
        summary: level === 'country' ? 'Countries' : `The ${level === 'city' ? 'cities' : level === 'province' ? 'provinces' : 'districts'} under parentId`,
        request: { body: { required: false, content: { 'application/json': { schema: z.object({ parentId: z.number().int().positive().optional() }) } } } },
        responses: { 200: answer('Address nodes (children empty)', z.array(addressSchema)) },
      }),
      async (c) => {
        const { parentId } = c.req.valid('json') ?? {};
        return ok(c, await listAddresses(level, parentId));
      },
    );
  }

  app.openapi(
    createRoute({ ...access('public'), method: 'get', path: '/idealab-material/address/top/city', tags: ['catalogue'], summary: 'The cities listed first in address pickers', responses: { 200: answer('Cities', z.array(addressSchema)) } }),
    async (c) => ok(c, await listTopCities()),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/address/location',
      tags: ['catalogue'],
      summary: 'Where an address picker starts: the caller’s company address (country, province, city), or nulls',
      responses: { 200: answer('Location', z.object({ country: addressSchema.nullable(), province: addressSchema.nullable(), city: addressSchema.nullable() })) },
    }),
    async (c) => ok(c, await locateAddress((await getSession(c))?.company?.id ?? null)),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: '/idealab-material/address/tree',
      tags: ['catalogue'],
      summary: 'The whole address tree with its version: clients cache it and rebuild when the version changes',
      responses: { 200: answer('Version and tree', z.object({ version: z.string(), tree: z.array(addressSchema) })) },
    }),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return ok(c, { version: ADDRESS_CACHE_FLAG, tree: await loadAddressTree() });
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
      responses: { 200: answer('Categories', z.array(categorySchema)) },
    }),
    async (c) => {
      const { level, parentId, tree } = c.req.valid('query');
      const lang = requestLang(c);
      c.header('Cache-Control', 'public, max-age=300');
      return ok(c, tree === '1' ? await listCategoryTree(lang) : await listCategories(level, lang, parentId));
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
      responses: { 200: answer('Items', z.array(itemSchema)) },
    }),
    async (c) => {
      const { typeCode } = c.req.valid('query');
      return ok(c, (await listDictionaries([typeCode], requestLang(c)))[typeCode] ?? []);
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
      responses: { 200: answer('Items by type code', z.record(z.string(), z.array(itemSchema))) },
    }),
    async (c) => ok(c, await listDictionaries(c.req.valid('json'), requestLang(c))),
  );
}
