import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { enterpriseLibraryItems, materials } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';

/** Whether the material is in the company's library and still published, as the library's list would show it. */
export async function isInLibrary(companyId: number, materialId: number): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(enterpriseLibraryItems)
    .innerJoin(materials, eq(materials.id, enterpriseLibraryItems.materialId))
    .where(and(eq(enterpriseLibraryItems.companyId, companyId), eq(enterpriseLibraryItems.materialId, materialId), visibleMaterial))
    .limit(1);
  return row !== undefined;
}
