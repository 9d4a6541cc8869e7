import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { materialBookCollects } from '../db/schema';
import { findReadableBook } from './find-readable-book';
import type { BookViewer } from './own-material-book';

/** Keeps a book, or stops keeping it (material/book/collect); idempotent. A book one cannot read cannot be kept. */
export async function collectMaterialBook(viewer: BookViewer & { userId: number }, bookId: number, collect: boolean): Promise<{ collected: boolean }> {
  const db = getDb();
  if (!collect) {
    await db.delete(materialBookCollects).where(and(eq(materialBookCollects.userId, viewer.userId), eq(materialBookCollects.bookId, bookId)));
    return { collected: false };
  }
  await findReadableBook(bookId, viewer);
  await db.insert(materialBookCollects).values({ userId: viewer.userId, bookId }).onConflictDoNothing();
  return { collected: true };
}
