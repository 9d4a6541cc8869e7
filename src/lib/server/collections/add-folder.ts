import { and, count, eq } from 'drizzle-orm';
import { FOLDER_COLORS, folderNameSchema, type CollectFolder } from '../../contracts/collections';
import { getDb } from '../db/client';
import { collectFolders } from '../db/schema';
import { folderNameTaken, isUniqueViolation } from './own-folder';

/**
 * Creates a collection folder (folder/add): the name trimmed, 1–20 characters, unique among the user's
 * folders; its bgColor is the next color of the fixed palette.
 */
export async function addFolder(userId: number, rawName: string): Promise<CollectFolder> {
  const name = folderNameSchema.parse(rawName);
  const db = getDb();
  const [clash] = await db.select({ id: collectFolders.id }).from(collectFolders).where(and(eq(collectFolders.userId, userId), eq(collectFolders.name, name)));
  if (clash) throw folderNameTaken();
  const [existing] = await db.select({ n: count() }).from(collectFolders).where(eq(collectFolders.userId, userId));
  const bgColor = FOLDER_COLORS[(existing?.n ?? 0) % FOLDER_COLORS.length] ?? FOLDER_COLORS[0];
  try {
    const [created] = await db.insert(collectFolders).values({ userId, name, bgColor }).returning();
    if (!created) throw new Error('folder insert returned no row');
    return { id: created.id, name: created.name, bgColor: created.bgColor, count: 0, cover: null };
  } catch (err) {
    if (isUniqueViolation(err)) throw folderNameTaken();
    throw err;
  }
}
