/**
 * Typed calls for favourites (folders and what is collected in them), on the caller's role path. Favourites islands
 * show failures inline, so the calls are silent unless the caller says otherwise.
 */
import type { CollectFolder, FolderPage } from '../contracts/favourites';
import { api, type RequestOptions } from './client';
import { rolePath } from './role-path';

const C = '/idealab-material/collect';
const quiet = (opts?: RequestOptions): RequestOptions => ({ silent: true, ...opts });

export const listFolders = (query: { keyword?: string } = {}, opts?: RequestOptions) => api.get<FolderPage>(rolePath(`${C}/folder/list`), { searchParams: query, ...quiet(opts) });
export const addFolder = (name: string, opts?: RequestOptions) => api.post<CollectFolder>(rolePath(`${C}/folder/add`), { name }, quiet(opts));
export const renameFolder = (id: number, name: string, opts?: RequestOptions) => api.post<CollectFolder>(rolePath(`${C}/folder/rename`), { id, name }, quiet(opts));
export const removeFolder = (id: number, opts?: RequestOptions) => api.get<{ id: number }>(rolePath(`${C}/folder/remove`), { searchParams: { id }, ...quiet(opts) });
export const foldersHolding = (materialId: number, opts?: RequestOptions) =>
  api.get<{ collectFolderIds: number[] }>(rolePath(`${C}/belong`), { searchParams: { materialId }, ...quiet(opts) });
export const collect = (materialId: number, collectFolderIds: number[], version?: number, opts?: RequestOptions) =>
  api.post<{ collectFolderIds: number[] }>(rolePath(`${C}/add`), { materialId, type: 1, collectFolderIds, version }, quiet(opts));
export const takeOut = (collectFolderId: number, materialIds: number[], opts?: RequestOptions) =>
  api.post<{ removed: number }>(rolePath(`${C}/cancel/folder`), { collectFolderId, materialIds }, quiet(opts));
export const moveCollected = (materialIds: number[], fromFolderId: number, toFolderId: number, opts?: RequestOptions) =>
  api.post<{ moved: number }>(rolePath(`${C}/move`), { materialIds, fromFolderId, toFolderId }, quiet(opts));
