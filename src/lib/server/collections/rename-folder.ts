import { and, eq } from 'drizzle-orm';
import { folderNameSchema, type CollectFolder } from '../../contracts/collections';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { collectFolders } from '../db/schema';
import { withCountsAndCovers } from './list-folders';
import { folderNameTaken, isUniqueViolation, requireOwnFolder } from './own-folder';

/** Renames one of the user's folders (docs/product/collections.md#calls folder/rename), under the same name rules as adding. */
export async function renameFolder(userId: number, folderId: number, rawName: string, options: { lang: Lang }): Promise<CollectFolder> {
  const name = folderNameSchema.parse(rawName);
  const folder = await requireOwnFolder(userId, folderId);
  const db = getDb();
  if (name !== folder.name) {
    const [clash] = await db.select({ id: collectFolders.id }).from(collectFolders).where(and(eq(collectFolders.userId, userId), eq(collectFolders.name, name)));
    if (clash) throw folderNameTaken();
    try {
      await db.update(collectFolders).set({ name, updatedAt: new Date() }).where(and(eq(collectFolders.id, folderId), eq(collectFolders.userId, userId)));
    } catch (err) {
      if (isUniqueViolation(err)) throw folderNameTaken();
      throw err;
    }
  }
  const [answer] = await withCountsAndCovers([{ id: folder.id, name, bgColor: folder.bgColor }], options.lang);
  if (!answer) throw new Error('renamed folder vanished');
  return answer;
}
