import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images, merchantProfiles, uploadedFiles } from '../db/schema';
import type { OwnImage } from './find-own-images';

/**
 * The pictures a company may put on its homepage, the merchant banner first and then the newest: the ones it stored
 * first or uploaded itself (the same rule as `findOwnImages`).
 */
export async function listCompanyImages(companyId: number, limit: number): Promise<OwnImage[]> {
  const db = getDb();
  const [profile] = await db.select({ banner: merchantProfiles.bannerImageId, logo: merchantProfiles.logoImageId }).from(merchantProfiles).where(eq(merchantProfiles.companyId, companyId));
  const uploaded = db.select({ imageId: uploadedFiles.imageId }).from(uploadedFiles).where(eq(uploadedFiles.companyId, companyId));
  const rows = await db
    .select({ id: images.id, width: images.width, height: images.height })
    .from(images)
    .where(or(eq(images.companyId, companyId), inArray(images.id, uploaded)))
    .orderBy(sql`${images.id} = ${profile?.banner ?? 0} desc`, desc(images.id))
    .limit(limit + 1);
  // A logo is drawn for a small square: it would only look lost in a banner.
  return rows.filter((r) => r.id !== profile?.logo).slice(0, limit);
}
