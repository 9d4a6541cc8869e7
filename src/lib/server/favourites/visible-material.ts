import { and, eq, or } from 'drizzle-orm';
import { materials } from '../db/schema';

/**
 * A collected material a buyer can still see: not deleted and on a market. Folder counts, covers and lists all
 * use it, so a folder's count is what its page shows.
 */
export const visibleMaterial = and(eq(materials.isDelete, 0), or(eq(materials.onMarketDomestic, 1), eq(materials.onMarketOverseas, 1)));
