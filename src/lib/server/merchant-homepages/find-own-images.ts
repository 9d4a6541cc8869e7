import { and, eq, inArray, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { images, uploadedFiles } from '../db/schema';

export type OwnImage = { id: number; width: number; height: number };

/**
 * Which of these pictures the company may show (docs/product/merchant-homepage.md#rules): one it stored first, or
 * one it uploaded itself. A picture is stored once for everyone (by its content), so another company's picture is
 * never the company's to show, even by its id.
 */
export async function findOwnImages(companyId: number, ids: Iterable<number>): Promise<Map<number, OwnImage>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await getDb()
    .selectDistinct({ id: images.id, width: images.width, height: images.height })
    .from(images)
    .leftJoin(uploadedFiles, and(eq(uploadedFiles.imageId, images.id), eq(uploadedFiles.companyId, companyId)))
    .where(and(inArray(images.id, unique), or(eq(images.companyId, companyId), eq(uploadedFiles.companyId, companyId))));
  return new Map(rows.map((r) => [r.id, r]));
}
