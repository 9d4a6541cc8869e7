/** The enterprise library (docs/product/enterprise-library.md#calls): a company's shared library of published materials. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { countSchema } from '../../../contracts/common';
import {
  LIBRARY_MANAGE,
  LIBRARY_VIEW,
  libraryListSchema,
  libraryMaterialsSchema,
  libraryPageSchema,
  libraryPermissionSchema,
  libraryPermissionsRequestSchema,
  libraryPushResultSchema,
  passTokenRequestSchema,
  passTokenSchema,
  relatedLibrarySchema,
  relateLibraryHeadersSchema,
} from '../../../contracts/enterprise-library';
import { checkLibraryPermissions } from '../../enterprise-library/check-library-permissions';
import { issueLibraryPassToken } from '../../enterprise-library/issue-library-pass-token';
import { listLibraryMaterials } from '../../enterprise-library/list-library-materials';
import { listRelatedLibraries } from '../../enterprise-library/list-related-libraries';
import { pushLibraryMaterials } from '../../enterprise-library/push-library-materials';
import { removeLibraryMaterials } from '../../enterprise-library/remove-library-materials';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const L = '/libcenter/library';
const view = { access: `permission:${LIBRARY_VIEW}`, tag: 'enterprise-library' } as const;
const manage = { access: `permission:${LIBRARY_MANAGE}`, tag: 'enterprise-library' } as const;
const notOpen = 'The company’s enterprise library app is not open (100404)';

export function registerEnterpriseLibraryRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    ...view, method: 'post', path: `${L}/list`, allowFrozen: true,
    summary: 'A page of the current company’s library, most recently pushed first; keyword, supplierId, categoryId narrow it',
    body: libraryListSchema, answer: ['Library items', libraryPageSchema],
    errors: { 403: `Without ${LIBRARY_VIEW} in the current company`, 404: notOpen },
  }, async (c) => listLibraryMaterials((await requirePermission(c, LIBRARY_VIEW)).company.id, c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    ...manage, method: 'post', path: `${L}/push`,
    summary: 'Push published, fully rendered materials of any supplier into the current company’s library; all or nothing',
    body: libraryMaterialsSchema, answer: ['How many were added, and how many were there already', libraryPushResultSchema],
    errors: { 403: `Without ${LIBRARY_MANAGE} in the current company`, 404: `${notOpen}; an unknown or unpublished material`, 422: 'Invalid input; a material not fully rendered (validation.cannotPush on its index); the library full' },
  }, async (c) => {
    const session = await requirePermission(c, LIBRARY_MANAGE);
    return pushLibraryMaterials(session.company.id, session.user.id, c.req.valid('json').materialIds);
  });

  defineRoute(app, {
    ...manage, method: 'post', path: `${L}/remove`,
    summary: 'Take materials out of the current company’s library; ids not in it are ignored',
    body: libraryMaterialsSchema, answer: ['How many were taken out', countSchema],
    errors: { 403: `Without ${LIBRARY_MANAGE} in the current company`, 404: notOpen },
  }, async (c) => removeLibraryMaterials((await requirePermission(c, LIBRARY_MANAGE)).company.id, c.req.valid('json').materialIds));

  defineRoute(app, {
    ...view, method: 'post', path: `${L}/pass-token`, allowFrozen: true,
    summary: 'A library pass token: opens one material of the library for a viewer for 30 minutes (getMaterialByLabPassToken)',
    body: passTokenRequestSchema, answer: ['The token', passTokenSchema],
    errors: { 403: `Without ${LIBRARY_VIEW} in the current company`, 404: `${notOpen}; the material is not in the library` },
  }, async (c) => issueLibraryPassToken((await requirePermission(c, LIBRARY_VIEW)).company.id, c.req.valid('json').materialId));

  defineRoute(app, {
    method: 'get', path: '/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', access: 'session', tag: 'enterprise-library',
    summary: 'The libraries the caller can use: companies they work in whose library is open and where they hold a library code',
    headers: relateLibraryHeadersSchema, answer: ['Libraries, the current company first', z.array(relatedLibrarySchema)],
  }, async (c) => listRelatedLibraries(await requireSession(c)));

  defineRoute(app, {
    method: 'post', path: '/authcenter/checkEnterpriseLibraryPermissionsByIds', access: 'session', tag: 'enterprise-library', allowFrozen: true,
    summary: 'Per company id, whether the caller may view and push in its library (false for companies the caller is not in)',
    body: libraryPermissionsRequestSchema, answer: ['Rights, in the order asked', z.array(libraryPermissionSchema)],
  }, async (c) => checkLibraryPermissions(await requireSession(c), c.req.valid('json').companyIds));
}
