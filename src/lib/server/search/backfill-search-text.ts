import { and, eq, isNull } from 'drizzle-orm';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { Database } from '../db/client';
import { companies, materials, materialVersions } from '../db/schema';
import type { StoredMaterial } from '../materials/stored-material';
import { materialSearchText } from './material-search-text';
import { forgetListings } from '../materials/listing-cache';

const BATCH = 200;

/**
 * Fills `search_text` for materials saved before text search existed (or by an import that skipped it), from each
 * material's latest version. Runs at start; does nothing when every material is indexed.
 */
export async function backfillSearchText(db: Database): Promise<number> {
  const catalogue = await catalogueSnapshot();
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: materials.id, data: materialVersions.data, orgName: companies.orgName, nameEn: companies.nameEn })
      .from(materials)
      .innerJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
      .innerJoin(companies, eq(companies.id, materials.companyId))
      .where(isNull(materials.searchText))
      .limit(BATCH);
    if (rows.length === 0) {
      if (done > 0) forgetListings();
      return done;
    }
    for (const row of rows) {
      await db
        .update(materials)
        .set({ searchText: materialSearchText(row.data as StoredMaterial, { orgName: row.orgName, nameEn: row.nameEn }, catalogue) })
        .where(eq(materials.id, row.id));
    }
    done += rows.length;
  }
}
