import { z } from 'zod';
import { imageRefOrNullSchema } from './images';
import { materialCardSchema } from './materials';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

import { FOLDER_NAME_MAX } from './collections-rules';

/** docs/product/collections.md#rules folder names: trimmed, 1–20 characters (the dialog counts them on blur). */
export { FOLDER_NAME_MAX };
export const folderNameSchema = z.string().trim().min(1).max(FOLDER_NAME_MAX);

/** The fixed palette a new folder's bgColor is taken from, in turn. */
export const FOLDER_COLORS = ['#E8EEF7', '#F6E9E1', '#E6F2EA', '#F3E8F3', '#FFF4D6', '#E4F1F4', '#EFEAE3', '#F9E4E6'] as const;

/** docs/product/constants.md: the folder list is not paged in practice (page size 99999). */
export const FOLDER_PAGE_SIZE = 99999;

/** docs/product/collections.md#calls collect/folder/list (keyword). */
export const folderListSchema = z.object({
  keyword: z.string().trim().max(FOLDER_NAME_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(FOLDER_PAGE_SIZE).default(FOLDER_PAGE_SIZE),
});
export type FolderListQuery = z.infer<typeof folderListSchema>;

export const folderAddSchema = z.object({ name: folderNameSchema });
export const folderRenameSchema = z.object({ id, name: folderNameSchema });
export const folderIdSchema = z.object({ id });

/** docs/product/collections.md#calls collect/add (materialId, type, collectFolderIds, version); type 1 is a material, the only kind collected. */
export const collectAddSchema = z.object({
  materialId: id,
  type: z.coerce.number().int().pipe(z.literal(1)).default(1),
  collectFolderIds: z.array(id).max(100).default([]),
  version: z.coerce.number().int().optional(),
});
export const belongSchema = z.object({ materialId: id });
/** Which of a page of materials the caller has collected (our bulk form of collect/belong, for the grid's hearts). */
export const collectedRequestSchema = z.object({ materialIds: z.array(id).min(1).max(60) });
export const collectedResultSchema = z.object({ materialIds: z.array(z.number().int()) });
export type CollectedResult = z.output<typeof collectedResultSchema>;
/** docs/product/collections.md#calls collect/cancel/folder: takes materials out of one folder. */
export const collectCancelSchema = z.object({ collectFolderId: id, materialIds: z.array(id).min(1).max(100) });
/** collect/move (ours): materials from one of the caller's folders to another. */
export const collectMoveSchema = z.object({ materialIds: z.array(id).min(1).max(100), fromFolderId: id, toFolderId: id });
/** docs/product/collections.md#calls collect/list: one folder's materials, newest collected first. */
export const collectListSchema = z.object({
  collectFolderId: id,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(60).default(24),
});
export type CollectListQuery = z.infer<typeof collectListSchema>;

/** A collect folder: id, name, count, bgColor; with the newest material's cover. */
export const collectFolderSchema = z
  .object({ id: z.number().int(), name: z.string(), count: z.number().int(), bgColor: z.string(), cover: imageRefOrNullSchema })
  .meta({ id: 'CollectFolder' });
export type CollectFolder = z.output<typeof collectFolderSchema>;
export const folderPageSchema = z.object({ records: z.array(collectFolderSchema), total: z.number().int() });
export type FolderPage = z.output<typeof folderPageSchema>;
export const folderRemovedSchema = z.object({ id: z.number().int() });
/** The folders that hold a material (belong), or that it was collected into (add). */
export const folderIdsSchema = z.object({ collectFolderIds: z.array(z.number().int()) });
export type FolderIds = z.output<typeof folderIdsSchema>;
export const collectCancelResultSchema = z.object({ removed: z.number().int() });
export const collectMoveResultSchema = z.object({ moved: z.number().int() });
/** One folder and a page of its materials, newest collected first. */
export const collectedPageSchema = z.object({
  folder: z.object({ id: z.number().int(), name: z.string(), bgColor: z.string() }),
  records: z.array(materialCardSchema),
  total: z.number().int(),
});
export type CollectedPage = z.output<typeof collectedPageSchema>;
export type FolderListRequest = z.input<typeof folderListSchema>;
export type CollectAddRequest = z.input<typeof collectAddSchema>;
export type CollectMoveRequest = z.input<typeof collectMoveSchema>;
