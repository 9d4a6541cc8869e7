/**
 * Typed calls for collections (folders and what is collected in them), on the caller's role path (docs/api-paths.md).
 * Collections islands show failures inline, so the calls are silent unless the caller says otherwise.
 */
import type { CollectedResult, CollectFolder, FolderIds, FolderListRequest, FolderPage } from '../contracts/collections';
import { api, type CallOptions } from './client';
import { rolePath } from './role-path';

const C = '/idealab-material/collect';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const collectionsApi = {
  /** The caller's folders (keyword over names), with counts and covers. */
  folders: (query: FolderListRequest = {}, options?: CallOptions) =>
    api.get<FolderPage>(rolePath(`${C}/folder/list`), { ...quiet(options), searchParams: query.keyword ? { keyword: query.keyword } : {} }),
  addFolder: (name: string, options?: CallOptions) => api.post<CollectFolder>(rolePath(`${C}/folder/add`), { name }, quiet(options)),
  renameFolder: (id: number, name: string, options?: CallOptions) => api.post<CollectFolder>(rolePath(`${C}/folder/rename`), { id, name }, quiet(options)),
  removeFolder: (id: number, options?: CallOptions) => api.get<{ id: number }>(rolePath(`${C}/folder/remove`), { ...quiet(options), searchParams: { id } }),
  /** Which of the caller's folders hold a material. */
  foldersHolding: (materialId: number, options?: CallOptions) => api.get<FolderIds>(rolePath(`${C}/belong`), { ...quiet(options), searchParams: { materialId } }),
  /** Which of these materials (up to 60) the caller has collected. */
  collected: (materialIds: number[], options?: CallOptions) => api.post<CollectedResult>(rolePath(`${C}/belong/by-ids`), { materialIds }, quiet(options)),
  collect: (materialId: number, collectFolderIds: number[], version?: number, options?: CallOptions) =>
    api.post<FolderIds>(rolePath(`${C}/add`), { materialId, type: 1, collectFolderIds, version }, quiet(options)),
  /** Takes materials out of one folder. */
  takeOut: (collectFolderId: number, materialIds: number[], options?: CallOptions) => api.post<{ removed: number }>(rolePath(`${C}/cancel/folder`), { collectFolderId, materialIds }, quiet(options)),
  move: (materialIds: number[], fromFolderId: number, toFolderId: number, options?: CallOptions) =>
    api.post<{ moved: number }>(rolePath(`${C}/move`), { materialIds, fromFolderId, toFolderId }, quiet(options)),
};
