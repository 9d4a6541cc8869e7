import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { aliasPageSchema, aliasPagingSchema } from '../../../contracts/catalogue';
import {
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
  materialAttachmentQuerySchema,
} from '../../../contracts/materials';
import { materialEditRequestSchema, materialEditResultSchema, materialEditSourceQuerySchema, materialEditSourceSchema } from '../../../contracts/material-edit';
import { editMaterial } from '../../materials/edit-material';
import { loadMaterialEditSource } from '../../materials/load-material-edit-source';
import { aliasSettingSchema } from '../../../contracts/identity-profile';
import { listAliases, type AliasSource } from '../../catalogue/list-aliases';
import { findMaterials } from '../../materials/find-materials';
import { getMaterialDetail } from '../../materials/get-material-detail';
import { signMaterialAttachmentUrl } from '../../materials/sign-material-attachment-url';
import { access } from '../access';
import { errorAnswer } from '../envelope';
import { deleteMaterials } from '../../materials/delete-materials';
import { listMaterialVersions } from '../../materials/list-material-versions';
import { revertMaterial } from '../../materials/revert-material';
import { setMaterialMarket } from '../../materials/set-material-market';
import { setAliasPreference } from '../../identity/set-alias-preference';
import { getSession, requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';
import { marketOfRequest } from '../../request/market';

const M = '/idealab-material';

export function registerMaterialRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${M}/open/v2/material/store`, access: 'public', tokenScope: 'catalogue:read', tag: 'materials',
    summary: 'A page of the material store: the same query string as /main/material-store (facets listed comma-separated)',
    description: 'Answers facet counts with page 1. Categories of level 1 include their children. An unknown category is 100404.',
    query: materialQuerySchema, answer: ['Materials', materialPageSchema],
    errors: { 404: 'No such category', 422: 'Invalid query' },
  }, async (c) => {
    const query = c.req.valid('query');
    return findMaterials(query, { lang: requestLang(c), withFacets: query.page === 1, marketType: marketOfRequest(new URL(c.req.url)) });
  });

  defineRoute(app, {
    method: 'post', path: `${M}/open/v2/material/detail`, access: 'public', tokenScope: 'catalogue:read', tag: 'materials',
    summary: 'One material at a version (-1: the latest); unpublished ones only for their own company',
    body: materialDetailRequestSchema, answer: ['The material', materialDetailSchema],
    errors: { 404: 'Unknown, deleted, unpublished or no such version (100404)' },
  }, async (c) => {
    const { id, version } = c.req.valid('json');
    const session = await getSession(c);
    const viewer = { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, showAliases: session?.user.showAliases ?? false };
    return getMaterialDetail(id, version, requestLang(c), viewer, marketOfRequest(new URL(c.req.url)));
  });

  app.openapi(
    createRoute({
      // The same visibility as the detail: published for everyone, unpublished for its own company.
      ...access('public'),
      method: 'get',
      path: `${M}/material/attachment`,
      tags: ['materials'],
      summary: 'Download a document of a material’s version: a redirect to a signed link valid 900 s, saved under its display name',
      request: { query: materialAttachmentQuerySchema },
      responses: {
        302: { description: 'To the file’s signed download link' },
        404: errorAnswer('Unknown, deleted or unpublished material, no such version or no such document (100404)'),
        422: errorAnswer('Invalid query'),
      },
    }),
    async (c) => {
      const { materialId, version, index } = c.req.valid('query');
      const session = await getSession(c);
      const url = await signMaterialAttachmentUrl(materialId, version, index, session?.company?.id ?? null);
      c.header('Cache-Control', 'private, no-store');
      return c.redirect(url, 302);
    },
  );

  const aliasPaths: ReadonlyArray<[string, AliasSource]> = [
    ['alias/category/first', 'category1'],
    ['alias/category/second', 'category2'],
    ['alias/field', 'field'],
  ];
  for (const [path, source] of aliasPaths) {
    defineRoute(app, {
    method: 'post', path: `${M}/${path}`, access: 'public', tag: 'catalogue',
    summary: `Industry aliases of ${source === 'field' ? 'material fields' : `level-${source.slice(-1)} categories`}`,
    optionalBody: aliasPagingSchema, answer: ['Aliases', aliasPageSchema],
  }, async (c) => {
      const { page, size } = aliasPagingSchema.parse((await c.req.json().catch(() => ({}))) ?? {});
      const all = await listAliases(source, requestLang(c));
      return { records: all.slice((page - 1) * size, page * size), total: all.length };
    });
  }

  defineRoute(app, {
    method: 'get', path: `${M}/customer/user/stat`, access: 'session', tag: 'profile',
    summary: 'The caller’s display settings: whether aliases are shown',
    answer: ['Settings', aliasSettingSchema],
  }, async (c) => ({ showAlias: (await requireSession(c)).user.showAliases ? (1 as const) : (0 as const) }));

  defineRoute(app, {
    method: 'post', path: `${M}/customer/user/stat/set-stat`, access: 'session', tag: 'profile',
    summary: 'Remember whether the caller reads industry aliases (the alias toggle)',
    body: aliasSettingSchema, answer: ['Saved', aliasSettingSchema],
  }, async (c) => {
    const { showAlias } = c.req.valid('json');
    await setAliasPreference((await requireSession(c)).user.id, showAlias === 1);
    return { showAlias };
  });

  for (const on of [true, false]) {
    defineRoute(app, {
    method: 'post', path: `${M}/v2/material/${on ? 'on' : 'off'}`, access: 'permission:FUN002', tokenScope: 'materials:write', tag: 'materials',
    summary: `${on ? 'Put' : 'Take'} the company’s materials ${on ? 'on' : 'off'} the market in the given market types (1 domestic, 2 overseas)`,
    body: materialMarketRequestSchema, answer: ['How many changed', materialMarketResultSchema],
    errors: { 404: 'An id that is not the company’s (nothing changed)' },
  }, async (c) => {
      const session = await requirePermission(c, 'FUN002');
      const body = c.req.valid('json');
      return setMaterialMarket(session.company.id, body.materialIds, body.marketTypes, on);
    });
  }

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/delete`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Delete the company’s materials (soft: versions are kept)',
    body: materialDeleteRequestSchema, answer: ['How many were deleted', materialDeleteResultSchema],
    errors: { 404: 'An id that is not the company’s (nothing changed)' },
  }, async (c) => deleteMaterials((await requirePermission(c, 'FUN001')).company.id, c.req.valid('json').materialIds));

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/history/version`, access: 'permission:FUN001', tag: 'materials',
    summary: 'A material’s versions, newest first',
    query: materialVersionsQuerySchema, answer: ['Versions', materialVersionListSchema],
    errors: { 404: 'Not the company’s material' },
  }, async (c) => listMaterialVersions((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').materialId));

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/history/revert`, access: 'permission:FUN001', tag: 'materials',
    summary: 'Make an earlier version’s content the new latest version',
    body: materialRevertRequestSchema, answer: ['The new version', materialRevertResultSchema],
    errors: { 404: 'No such version of the company’s material' },
  }, async (c) => {
    const session = await requirePermission(c, 'FUN001');
    const { materialId, version } = c.req.valid('json');
    return revertMaterial(session.company.id, session.user.id, materialId, version);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/v2/material/edit`, access: 'permission:FUN001', tokenScope: 'materials:write', tag: 'materials',
    summary: 'Create a material (no materialId) or save a new version of the company’s own one, checked against the category’s template',
    description: 'Field errors name `attrs.<PF code>`, `colorCards[i].…`, `coverImageId`, `galleryImageIds[i]`, `attachments[i].relativePath` … in the caller’s language. Documents must be files the company uploaded or already in the material. The market state is kept; a new material is on no market.',
    body: materialEditRequestSchema, answer: ['The material and its new version', materialEditResultSchema],
    // Up to 80 attributes, 60 color cards of 20 pictures each and 10 documents: more than the default allows.
    bodyLimit: 256 * 1024,
    errors: { 404: 'Not the company’s material, or deleted (nothing changed)' },
  }, async (c) => {
    const session = await requirePermission(c, 'FUN001');
    return editMaterial({ companyId: session.company.id, userId: session.user.id }, c.req.valid('json'), requestLang(c));
  });

  defineRoute(app, {
    method: 'get', path: `${M}/v2/material/edit/source`, access: 'permission:FUN001', tokenScope: 'materials:write', tag: 'materials',
    summary: 'Where the editor starts for the company’s own material: its latest version as entered, pictures by id',
    query: materialEditSourceQuerySchema, answer: ['The editable material', materialEditSourceSchema],
    errors: { 404: 'Not the company’s material, or deleted' },
  }, async (c) => loadMaterialEditSource((await requirePermission(c, 'FUN001')).company.id, c.req.valid('query').materialId));
}
