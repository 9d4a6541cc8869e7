import { and, eq, inArray, or } from 'drizzle-orm';
import type { MaterialByIdsResult } from '../../contracts/material-edit';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { materialCardsByIds } from './find-materials';
import { existingMaterial, visibleMaterial } from './published-material';

/**
 * The tiles of the given materials in the order asked (docs/product/supplier.md#calls): published ones for
 * anybody, and the caller's company's own besides; any other id is left out rather than refused, so a list kept
 * elsewhere (a plugin, a board) still loads after one of its materials goes.
 */
export async function listMaterialsByIds(ids: number[], viewer: { companyId: number | null }, lang: Lang): Promise<MaterialByIdsResult> {
  const unique = [...new Set(ids)];
  const seeable = viewer.companyId === null ? visibleMaterial : or(visibleMaterial, and(eq(materials.companyId, viewer.companyId), existingMaterial))!;
  const rows = await getDb()
    .select({ id: materials.id })
    .from(materials)
    .where(and(inArray(materials.id, unique), seeable));
  const allowed = new Set(rows.map((r) => r.id));
  return { records: await materialCardsByIds(unique.filter((id) => allowed.has(id)), { lang }) };
}
