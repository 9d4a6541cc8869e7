import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { shares } from '../db/schema';

/** Counts one opening of a share's landing by someone other than its sharer (shown on /main/share). */
export async function countShareView(shareId: string): Promise<void> {
  await getDb().update(shares).set({ views: sql`${shares.views} + 1` }).where(eq(shares.id, shareId));
}
