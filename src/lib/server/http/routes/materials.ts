import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { MARKET_TYPE } from '../../../constants';
import { aliasPageSchema, aliasPagingSchema } from '../../../contracts/catalogue';
import { imageRefSchema } from '../../../contracts/images';
import {
  materialCardSchema,
  materialDeleteRequestSchema,
  materialDeleteResultSchema,
  materialDetailRequestSchema,
  materialDetailSchema,
  materialMarketRequestSchema,
  materialMarketResultSchema,
  materialPageSchema,
  materialQuerySchema,
  materialRevertRequestSchema,
  materialRevertResultSchema,
  materialVersionListSchema,
  materialVersionsQuerySchema,
} from '../../../contracts/materials';
import { aliasSettingSchema } from '../../../contracts/identity-profile';
import { listAliases, type AliasSource } from '../../catalogue/list-aliases';
import { findMaterials } from '../../materials/find-materials';
import { getMaterialDetail } from '../../materials/get-material-detail';
import { deleteMaterials } from '../../materials/delete-materials';
import { listMaterialVersions } from '../../materials/list-material-versions';
import { revertMaterial } from '../../materials/revert-material';
import { setMaterialMarket } from '../../materials/set-material-market';
import { setAliasPreference } from '../../identity/set-alias-preference';
import { access } from '../access';
import { getSession, requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';

const M = '/idealab-material';

/** Still read by route files that have not moved their schemas into contracts yet. */
export { imageRefSchema, materialCardSchema as cardSchema, materialPageSchema as pageSchema };

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
      responses: { 200: answer('Materials', materialPageSchema), 404: failure('No such category'), 422: failure('Invalid query') },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return ok(c, materialPageSchema, await findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: MARKET_TYPE.domestic }));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${M}/open/v2/material/detail`,
      tags: ['materials'],
      summary: 'One material at a version (-1: the latest); unpublished ones only for their own company',
      request: { body: json(materialDetailRequestSchema) },
      responses: { 200: answer('The material', materialDetailSchema), 404: failure('Unknown, deleted, unpublished or no such version (100404)'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { id, version } = c.req.valid('json');
      const session = await getSession(c);
      const viewer = { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, showAliases: session?.user.showAliases ?? false };
      return ok(c, materialDetailSchema, await getMaterialDetail(id, version, requestLang(c), viewer));
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
        request: { body: { required: false, content: { 'application/json': { schema: aliasPagingSchema } } } },
        responses: { 200: answer('Aliases', aliasPageSchema), 422: failure('Invalid input') },
      }),
      async (c) => {
        const { page, size } = aliasPagingSchema.parse((await c.req.json().catch(() => ({}))) ?? {});
        const all = await listAliases(source, requestLang(c));
        return ok(c, aliasPageSchema, { records: all.slice((page - 1) * size, page * size), total: all.length });
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
      responses: { 200: answer('Settings', aliasSettingSchema) },
    }),
    async (c) => ok(c, aliasSettingSchema, { showAlias: (await requireSession(c)).user.showAliases ? 1 : 0 }),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/customer/user/stat/set-stat`,
      tags: ['profile'],
      summary: 'Remember whether the caller reads industry aliases (the alias toggle)',
      request: { body: json(aliasSettingSchema) },
      responses: { 200: answer('Saved', aliasSettingSchema), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { showAlias } = c.req.valid('json');
      await setAliasPreference((await requireSession(c)).user.id, showAlias === 1);
      return ok(c, aliasSettingSchema, { showAlias });
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
        request: { body: json(materialMarketRequestSchema) },
        responses: { 200: answer('How many changed', materialMarketResultSchema), 404: failure('An id that is not the company’s (nothing changed)'), 422: failure('Invalid input') },
      }),
      async (c) => {
        const session = await requirePermission(c, 'FUN002');
        const body = c.req.valid('json');
        return ok(c, materialMarketResultSchema, await setMaterialMarket(session.company.id, body.materialIds, body.marketTypes, on));
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
      request: { body: json(materialDeleteRequestSchema) },
      responses: { 200: answer('How many were deleted', materialDeleteResultSchema), 404: failure('An id that is not the company’s (nothing changed)'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, materialDeleteResultSchema, await deleteMaterials((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialIds)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN001'),
      method: 'get',
      path: `${M}/v2/material/history/version`,
      tags: ['materials'],
      summary: 'A material’s versions, newest first',
      request: { query: materialVersionsQuerySchema },
      responses: { 200: answer('Versions', materialVersionListSchema), 404: failure('Not the company’s material'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, materialVersionListSchema, await listMaterialVersions((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').materialId)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN001'),
      method: 'post',
      path: `${M}/v2/material/history/revert`,
      tags: ['materials'],
      summary: 'Make an earlier version’s content the new latest version',
      request: { body: json(materialRevertRequestSchema) },
      responses: { 200: answer('The new version', materialRevertResultSchema), 404: failure('No such version of the company’s material'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const session = await requirePermission(c, 'FUN001');
      const { materialId, version } = c.req.valid('json');
      return ok(c, materialRevertResultSchema, await revertMaterial(session.company.id, session.user.id, materialId, version));
    },
  );
}
