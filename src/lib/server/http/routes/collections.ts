import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  belongSchema,
  collectAddSchema,
  collectCancelResultSchema,
  collectCancelSchema,
  collectedPageSchema,
  collectedRequestSchema,
  collectedResultSchema,
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
import { findCollectedMaterials } from '../../collections/find-collected-materials';
import { findMaterialFolders } from '../../collections/find-material-folders';
import { listFolderMaterials } from '../../collections/list-folder-materials';
import { listFolders } from '../../collections/list-folders';
import { moveCollected } from '../../collections/move-collected';
import { removeFolder } from '../../collections/remove-folder';
import { renameFolder } from '../../collections/rename-folder';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';

const M = '/idealab-material';

/**
 * Collections: a person's folders and what is in them. Every call is the caller's own, on the buyer path and on the
 * supplier path alike (docs/api-paths.md); a supplier at work calls the supplier path.
 */
export function registerCollectionRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${M}/collect/folder/list`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'The caller’s collection folders (keyword over names), with counts and covers',
    query: folderListSchema, answer: ['Folders', folderPageSchema],
  }, async (c) => listFolders((await requireSession(c)).user.id, c.req.valid('query'), { lang: requestLang(c) }));
  // The same list for clients that post their list queries (as collect/list is posted): the query in the body.
  defineRoute(app, {
    method: 'post', path: `${M}/collect/folder/list`, access: 'session', tag: 'collections', bothRoles: true, allowFrozen: true,
    summary: 'The caller’s collection folders, the query in a JSON body (the same answer as the GET)',
    body: folderListSchema, answer: ['Folders', folderPageSchema],
  }, async (c) => listFolders((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) }));

  defineRoute(app, {
    method: 'post', path: `${M}/collect/folder/add`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Create a collection folder (name 1–20 characters, unique per user)',
    body: folderAddSchema, answer: ['The new folder', collectFolderSchema],
    errors: { 409: 'A folder with this name exists' },
  }, async (c) => addFolder((await requireSession(c)).user.id, c.req.valid('json').name));

  defineRoute(app, {
    method: 'post', path: `${M}/collect/folder/rename`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Rename one of the caller’s folders',
    body: folderRenameSchema, answer: ['The renamed folder', collectFolderSchema],
    errors: { 404: 'No such folder of the caller', 409: 'A folder with this name exists' },
  }, async (c) => {
    const { id, name } = c.req.valid('json');
    return renameFolder((await requireSession(c)).user.id, id, name, { lang: requestLang(c) });
  });

  // Removing a folder is a GET on the wire; as a state change it must still come from our own pages (same origin).
  defineRoute(app, {
    method: 'get', path: `${M}/collect/folder/remove`, access: 'session', tag: 'collections', bothRoles: true, sameOrigin: true,
    summary: 'Remove one of the caller’s folders with its items (same-origin only)',
    query: folderIdSchema, answer: ['The removed folder', folderRemovedSchema],
    errors: { 404: 'No such folder of the caller' },
  }, async (c) => removeFolder((await requireSession(c)).user.id, c.req.valid('query').id));

  defineRoute(app, {
    method: 'get', path: `${M}/collect/belong`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Which of the caller’s folders hold a material',
    query: belongSchema, answer: ['Folder ids', folderIdsSchema],
  }, async (c) => findMaterialFolders((await requireSession(c)).user.id, c.req.valid('query').materialId));

  defineRoute(app, {
    method: 'post', path: `${M}/collect/belong/by-ids`, access: 'session', tag: 'collections', bothRoles: true, allowFrozen: true,
    summary: 'Which of up to 60 materials the caller has collected into any folder (the grid’s filled hearts)',
    body: collectedRequestSchema, answer: ['The collected ones, in the given order', collectedResultSchema],
  }, async (c) => findCollectedMaterials((await requireSession(c)).user.id, c.req.valid('json').materialIds));

  defineRoute(app, {
    method: 'post', path: `${M}/collect/add`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Collect a material into one or more of the caller’s folders (idempotent)',
    body: collectAddSchema, answer: ['The folders it was collected into', folderIdsSchema],
    errors: { 404: 'No such material, or a folder that is not the caller’s', 422: 'No folder chosen (100101), the caller’s own company’s material, or invalid input' },
  }, async (c) => {
    const session = await requireSession(c);
    const body = c.req.valid('json');
    return collectMaterial(session.user.id, session.company?.id ?? null, body.materialId, body.collectFolderIds);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/collect/cancel/folder`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Take materials out of one of the caller’s folders (idempotent)',
    body: collectCancelSchema, answer: ['How many were taken out', collectCancelResultSchema],
    errors: { 404: 'No such folder of the caller' },
  }, async (c) => {
    const body = c.req.valid('json');
    return cancelCollect((await requireSession(c)).user.id, body.collectFolderId, body.materialIds);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/collect/move`, access: 'session', tag: 'collections', bothRoles: true,
    summary: 'Move materials from one of the caller’s folders to another (ours: the wire names none)',
    description: 'Materials not in the source folder are ignored; one already in the target only leaves the source. One transaction.',
    body: collectMoveSchema, answer: ['How many left the source for the target', collectMoveResultSchema],
    errors: { 404: 'A folder that is not the caller’s', 422: 'The same folder twice (field toFolderId), or invalid input' },
  }, async (c) => {
    const body = c.req.valid('json');
    return moveCollected((await requireSession(c)).user.id, body.fromFolderId, body.toFolderId, body.materialIds);
  });

  defineRoute(app, {
    method: 'post', path: `${M}/collect/list`, access: 'session', tag: 'collections', bothRoles: true, allowFrozen: true,
    summary: 'One of the caller’s folders: its materials as tiles, newest collected first',
    body: collectListSchema, answer: ['The folder and a page of its materials', collectedPageSchema],
    errors: { 404: 'No such folder of the caller' },
  }, async (c) => listFolderMaterials((await requireSession(c)).user.id, c.req.valid('json'), { lang: requestLang(c) }));
}
