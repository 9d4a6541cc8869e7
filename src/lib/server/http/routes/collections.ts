import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import {
  belongSchema,
  collectAddSchema,
  collectCancelResultSchema,
  collectCancelSchema,
  collectedPageSchema,
  collectFolderSchema,
  collectListSchema,
  collectMoveResultSchema,
  collectMoveSchema,
  folderAddSchema,
  folderIdSchema,
  folderIdsSchema,
  folderListSchema,
  folderPageSchema,
  folderRemovedSchema,
  folderRenameSchema,
} from '../../../contracts/collections';
import { addFolder } from '../../collections/add-folder';
import { cancelCollect } from '../../collections/cancel-collect';
import { collectMaterial } from '../../collections/collect-material';
import { findMaterialFolders } from '../../collections/find-material-folders';
import { listFolderMaterials } from '../../collections/list-folder-materials';
import { listFolders } from '../../collections/list-folders';
import { moveCollected } from '../../collections/move-collected';
import { removeFolder } from '../../collections/remove-folder';
import { renameFolder } from '../../collections/rename-folder';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, errorAnswer as failure, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { sameOriginRequired } from '../middleware';
import { openapiForBothRoles, useForBothRoles } from '../role-routes';

const M = '/idealab-material';

/**
 * Collections: a person's folders and what is in them. Every call is the caller's own, on the buyer path and on the
 * supplier path alike (docs/api-paths.md); a supplier at work calls the supplier path.
 */
export function registerCollectionRoutes(app: OpenAPIHono<ApiEnv>) {
  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/collect/folder/list`,
      tags: ['collections'],
      summary: 'The caller’s collection folders (keyword over names), with counts and covers',
      request: { query: folderListSchema },
      responses: { 200: answer('Folders', folderPageSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, folderPageSchema, await listFolders((await requireSession(c)).user.id, c.req.valid('query'), { lang: requestLang(c) })),
  );
  // The same list for clients that post their list queries (as collect/list is posted): the query in the body.
  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/folder/list`,
      tags: ['collections'],
      summary: 'The caller’s collection folders, the query in a JSON body (the same answer as the GET)',
      request: { body: json(folderListSchema) },
      responses: { 200: answer('Folders', folderPageSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, folderPageSchema, await listFolders((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) })),
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/folder/add`,
      tags: ['collections'],
      summary: 'Create a collection folder (name 1–20 characters, unique per user)',
      request: { body: json(folderAddSchema) },
      responses: { 200: answer('The new folder', collectFolderSchema), 409: failure('A folder with this name exists'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, collectFolderSchema, await addFolder((await requireSession(c)).user.id, c.req.valid('json').name)),
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/folder/rename`,
      tags: ['collections'],
      summary: 'Rename one of the caller’s folders',
      request: { body: json(folderRenameSchema) },
      responses: { 200: answer('The renamed folder', collectFolderSchema), 404: failure('No such folder of the caller'), 409: failure('A folder with this name exists'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const { id, name } = c.req.valid('json');
      return ok(c, collectFolderSchema, await renameFolder((await requireSession(c)).user.id, id, name, { lang: requestLang(c) }));
    },
  );

  // Removing a folder is a GET on the wire; as a state change it must still come from our own pages (same origin).
  useForBothRoles(app, `${M}/collect/folder/remove`, sameOriginRequired);
  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/collect/folder/remove`,
      tags: ['collections'],
      summary: 'Remove one of the caller’s folders with its items (same-origin only)',
      request: { query: folderIdSchema },
      responses: { 200: answer('The removed folder', folderRemovedSchema), 404: failure('No such folder of the caller'), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, folderRemovedSchema, await removeFolder((await requireSession(c)).user.id, c.req.valid('query').id)),
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${M}/collect/belong`,
      tags: ['collections'],
      summary: 'Which of the caller’s folders hold a material',
      request: { query: belongSchema },
      responses: { 200: answer('Folder ids', folderIdsSchema), 422: failure('Invalid input') },
    }),
    async (c) => ok(c, folderIdsSchema, await findMaterialFolders((await requireSession(c)).user.id, c.req.valid('query').materialId)),
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/add`,
      tags: ['collections'],
      summary: 'Collect a material into one or more of the caller’s folders (idempotent)',
      request: { body: json(collectAddSchema) },
      responses: {
        200: answer('The folders it was collected into', folderIdsSchema),
        404: failure('No such material, or a folder that is not the caller’s'),
        422: failure('No folder chosen (100101), the caller’s own company’s material, or invalid input'),
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const body = c.req.valid('json');
      return ok(c, folderIdsSchema, await collectMaterial(session.user.id, session.company?.id ?? null, body.materialId, body.collectFolderIds));
    },
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/cancel/folder`,
      tags: ['collections'],
      summary: 'Take materials out of one of the caller’s folders (idempotent)',
      request: { body: json(collectCancelSchema) },
      responses: { 200: answer('How many were taken out', collectCancelResultSchema), 404: failure('No such folder of the caller'), 422: failure('Invalid input') },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return ok(c, collectCancelResultSchema, await cancelCollect((await requireSession(c)).user.id, body.collectFolderId, body.materialIds));
    },
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/move`,
      tags: ['collections'],
      summary: 'Move materials from one of the caller’s folders to another (ours: the wire names none)',
      description: 'Materials not in the source folder are ignored; one already in the target only leaves the source. One transaction.',
      request: { body: json(collectMoveSchema) },
      responses: {
        200: answer('How many left the source for the target', collectMoveResultSchema),
        404: failure('A folder that is not the caller’s'),
        422: failure('The same folder twice (field toFolderId), or invalid input'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return ok(c, collectMoveResultSchema, await moveCollected((await requireSession(c)).user.id, body.fromFolderId, body.toFolderId, body.materialIds));
    },
  );

  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: `${M}/collect/list`,
      tags: ['collections'],
      summary: 'One of the caller’s folders: its materials as tiles, newest collected first',
      request: { body: json(collectListSchema) },
      responses: {
        200: answer('The folder and a page of its materials', collectedPageSchema),
        404: failure('No such folder of the caller'),
        422: failure('Invalid input'),
      },
    }),
    async (c) => ok(c, collectedPageSchema, await listFolderMaterials((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) })),
  );
}
