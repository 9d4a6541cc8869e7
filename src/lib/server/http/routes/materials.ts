import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { MARKET_TYPE } from '../../../constants';
import { MATERIAL_FACETS, materialDetailSchema, materialQuerySchema } from '../../../contracts/materials';
import { listAliases, type AliasSource } from '../../catalogue/list-aliases';
import { findMaterials } from '../../materials/find-materials';
import { getMaterialDetail } from '../../materials/get-material-detail';
import { deleteMaterials } from '../../materials/delete-materials';
import { listMaterialVersions } from '../../materials/list-material-versions';
import { revertMaterial } from '../../materials/revert-material';
import { setMaterialMarket } from '../../materials/set-material-market';
import { setAliasPreference } from '../../profile/set-alias-preference';
import { access } from '../access';
import { getSession, requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const M = '/idealab-material';

export const imageRefSchema = z
  .object({ width: z.number().int(), height: z.number().int(), src: z.string(), srcset: z.string(), webpSrcset: z.string() })
  .openapi('ImageRef');

export const cardSchema = z
  .object({
    id: z.number().int(),
    version: z.number().int(),
    categoryId: z.number().int(),
    name: z.string(),
    serialNo: z.string(),
    cover: imageRefSchema.nullable(),
    supplierInfo: z.object({ supplierId: z.number().int(), supplierName: z.string(), supplierLogo: imageRefSchema.nullable() }),
    price: z.number().nullable(),
    currency: z.string(),
    priceUnit: z.string(),
    colors: z.array(z.string()),
    colorCount: z.number().int(),
    isNew: z.number().int(),
    gmtCreateTime: z.string(),
  })
  .openapi('MaterialCard');

export const pageSchema = z.object({
  records: z.array(cardSchema),
  total: z.number().int(),
  facets: z.array(z.object({ facet: z.enum(MATERIAL_FACETS), values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })) })).optional(),
});

const colorCardSchema = z
  .object({
    id: z.number().int(),
    sort: z.number().int(),
    name: z.string(),
    colorInfo: z.object({ hex: z.string(), lab: z.tuple([z.number(), z.number(), z.number()]) }),
    isDefault: z.number().int(),
    colorFamily: z.string(),
    isBan: z.number().int(),
    renderingStatus: z.number().int(),
    images: z.array(imageRefSchema),
    thumb: imageRefSchema.nullable(),
  })
  .openapi('ColorCard');

const detailSchema = cardSchema
  .omit({ cover: true, colors: true, colorCount: true, supplierInfo: true })
  .extend({
    latestVersion: z.number().int(),
    categoryPath: z.array(z.object({ id: z.number().int(), name: z.string(), alias: z.string().nullable() })),
    nameCn: z.string(),
    nameEn: z.string(),
    supplierInfo: z.object({ supplierId: z.number().int(), supplierName: z.string(), supplierLogo: imageRefSchema.nullable(), followCount: z.number().int(), isFollow: z.number().int() }),
    colorCardList: z.array(colorCardSchema),
    enclosure: z.object({ images: z.array(imageRefSchema) }),
    coverPicture: imageRefSchema.nullable(),
    danglingPicture: imageRefSchema.nullable(),
    dynamicAttr: z.array(z.object({ fieldCode: z.string(), title: z.string(), alias: z.string().nullable(), value: z.string() })),
    samplePrice: z.number().nullable(),
    currencySymbol: z.string(),
    hasFile: z.number().int(),
    isDelete: z.number().int(),
    marketTypes: z.array(z.number().int()),
    renderingInfo: z.object({ fullyRendered: z.boolean() }),
    isOwner: z.boolean(),
    gmtModifyTime: z.string(),
  })
  .openapi('MaterialDetail');

const materialIds = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(200);
const marketTypes = z.array(z.union([z.literal(1), z.literal(2)])).min(1).max(2);
const versionRowSchema = z.object({ version: z.number().int(), name: z.string(), colorCount: z.number().int(), creator: z.string().nullable(), createdAt: z.string(), isLatest: z.boolean() });

const aliasSchema = z.object({ sourceId: z.number().int(), sourceName: z.string(), alias: z.string(), status: z.number().int() }).openapi('Alias');
const aliasPaging = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(99_999).default(99_999) });

export function registerMaterialRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${M}/open/v2/material/store`,
      tags: ['materials'],
      summary: 'A page of the material store: the same query string as /main/material-store (facets listed comma-separated)',
      description: 'Answers facet counts with page 1. Categories of level 1 include their children. An unknown category is 100404.',
      request: { query: materialQuerySchema },
      responses: { 200: answer('Materials', pageSchema), 404: failure('No such category'), 422: failure('Invalid query') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return ok(c, await findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: MARKET_TYPE.domestic }));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${M}/open/v2/material/detail`,
      tags: ['materials'],
      summary: 'One material at a version (-1: the latest); unpublished ones only for their own company',
      request: { body: json(materialDetailSchema) },
      responses: { 200: answer('The material', detailSchema), 404: failure('Unknown, deleted, unpublished or no such version (100404)'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { id, version } = c.req.valid('json');
      const session = await getSession(c);
      const viewer = { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, showAliases: session?.user.showAliases ?? false };
      return ok(c, await getMaterialDetail(id, version, requestLang(c), viewer));
    },
  );

  const aliasPaths: ReadonlyArray<[string, AliasSource]> = [
    ['alias/category/first', 'category1'],
    ['alias/category/second', 'category2'],
    ['alias/field', 'field'],
  ];
  for (const [path, source] of aliasPaths) {
    app.openapi(
      createRoute({
        ...access('public'),
        method: 'post',
        path: `${M}/${path}`,
        tags: ['catalogue'],
        summary: `Industry aliases of ${source === 'field' ? 'material fields' : `level-${source.slice(-1)} categories`}`,
        request: { body: { required: false, content: { 'application/json': { schema: aliasPaging } } } },
        responses: { 200: answer('Aliases', z.object({ records: z.array(aliasSchema), total: z.number().int() })), 422: failure('Invalid input') },
      }),
      async (c) => {
        const { page, size } = aliasPaging.parse((await c.req.json().catch(() => ({}))) ?? {});
        const all = await listAliases(source, requestLang(c));
        return ok(c, { records: all.slice((page - 1) * size, page * size), total: all.length });
      },
    );
  }

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/customer/user/stat`,
      tags: ['profile'],
      summary: 'The caller’s display settings: whether aliases are shown',
      responses: { 200: answer('Settings', z.object({ showAlias: z.number().int() })) },
    }),
    async (c) => ok(c, { showAlias: (await requireSession(c)).user.showAliases ? 1 : 0 }),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/customer/user/stat/set-stat`,
      tags: ['profile'],
      summary: 'Remember whether the caller reads industry aliases (the alias toggle)',
      request: { body: json(z.object({ showAlias: z.union([z.literal(0), z.literal(1)]) })) },
      responses: { 200: answer('Saved', z.object({ showAlias: z.number().int() })), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { showAlias } = c.req.valid('json');
      await setAliasPreference((await requireSession(c)).user.id, showAlias === 1);
      return ok(c, { showAlias });
    },
  );

  for (const on of [true, false]) {
    app.openapi(
      createRoute({
        ...access('permission:FUN002'),
        method: 'post',
        path: `${M}/v2/material/${on ? 'on' : 'off'}`,
        tags: ['materials'],
        summary: `${on ? 'Put' : 'Take'} the company’s materials ${on ? 'on' : 'off'} the market in the given market types (1 domestic, 2 overseas)`,
        request: { body: json(z.object({ materialIds, marketTypes })) },
        responses: { 200: answer('How many changed', z.object({ updated: z.number().int() })), 404: failure('An id that is not the company’s (nothing changed)'), 422: failure('Invalid input') },
      }),
      async (c) => {
        const session = await requirePermission(c, 'FUN002');
        const body = c.req.valid('json');
        return ok(c, await setMaterialMarket(session.company.id, body.materialIds, body.marketTypes, on));
      },
    );
  }

  app.openapi(
    createRoute({
      ...access('permission:FUN001'),
      method: 'post',
      path: `${M}/v2/material/delete`,
      tags: ['materials'],
      summary: 'Delete the company’s materials (soft: versions are kept)',
      request: { body: json(z.object({ materialIds })) },
      responses: { 200: answer('How many were deleted', z.object({ deleted: z.number().int() })), 404: failure('An id that is not the company’s (nothing changed)'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, await deleteMaterials((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialIds)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN001'),
      method: 'get',
      path: `${M}/v2/material/history/version`,
      tags: ['materials'],
      summary: 'A material’s versions, newest first',
      request: { query: z.object({ materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }) },
      responses: { 200: answer('Versions', z.array(versionRowSchema)), 404: failure('Not the company’s material'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, await listMaterialVersions((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').materialId)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN001'),
      method: 'post',
      path: `${M}/v2/material/history/revert`,
      tags: ['materials'],
      summary: 'Make an earlier version’s content the new latest version',
      request: { body: json(z.object({ materialId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), version: z.number().int().min(1).max(1_000_000) })) },
      responses: { 200: answer('The new version', z.object({ id: z.number().int(), version: z.number().int() })), 404: failure('No such version of the company’s material'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const session = await requirePermission(c, 'FUN001');
      const { materialId, version } = c.req.valid('json');
      return ok(c, await revertMaterial(session.company.id, session.user.id, materialId, version));
    },
  );
}
