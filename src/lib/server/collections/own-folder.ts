import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { collectFolders } from '../db/schema';
import { AppError } from '../errors';

/** One of the user's own folders; another user's folder (or none) is "not found", never touched. */
export async function requireOwnFolder(userId: number, folderId: number) {
  const [folder] = await getDb()
    .select()
    .from(collectFolders)
    .where(and(eq(collectFolders.id, folderId), eq(collectFolders.userId, userId)));
  if (!folder) throw new AppError(ERROR.empty, { message: 'validation.folderNotFound' });
  return folder;
}

export const folderNameTaken = () => new AppError(ERROR.conflict, { message: 'validation.folderNameTaken', fields: [{ field: 'name', message: 'validation.folderNameTaken' }] });

/** Postgres unique violation (two requests adding the same name at once). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};
