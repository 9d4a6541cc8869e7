import { and, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { configureValidationMessages } from '../errors';
import { existingMaterial } from '../materials/published-material';
import { matchImportColumns } from './match-import-columns';
import type { ImportImages } from './open-import-images';
import { categoryLookup, type ImportContext } from './plan-import-row';
import type { ImportSheet } from './read-import-sheet';
import { reverseLabels } from './read-import-value';

/** The most serial numbers one lookup names: far below PostgreSQL's 65,535 parameters. */
const LOOKUP_CHUNK = 1000;

/**
 * What every row of an import needs, read once (docs/product/integrations.md#bulk-import): the sheet's columns (a
 * sheet without the serial number column is refused here), the catalogue with its labels turned around, the company's
 * materials by serial number, and the first row of each serial number in the file.
 */
export async function loadImportContext(
  who: { companyId: number; userId: number },
  sheet: ImportSheet,
  images: ImportImages | null,
  options: { lang: Lang; marketType: 1 | 2; defaultCategoryId: number | null },
): Promise<{ ctx: ImportContext; firstRowOf: Map<string, number> }> {
  // Zod's own messages become i18n keys: a row's errors are keys, whatever process runs the import.
  configureValidationMessages();
  const catalogue = await catalogueSnapshot();
  const columns = matchImportColumns(sheet.headers, catalogue, options.lang);
  const serialIndex = [...columns.byIndex].find(([, key]) => key === 'serialNo')![0];
  const firstRowOf = new Map<string, number>();
  for (const r of sheet.rows) {
    const serial = r.cells[serialIndex]?.trim() ?? '';
    if (serial && !firstRowOf.has(serial)) firstRowOf.set(serial, r.row);
  }
  const serials = [...firstRowOf.keys()];
  const bySerial = new Map<string, number[]>();
  for (let at = 0; at < serials.length; at += LOOKUP_CHUNK) {
    const found = await getDb()
      .select({ id: materials.id, serialNo: materials.serialNo })
      .from(materials)
      .where(and(eq(materials.companyId, who.companyId), existingMaterial, inArray(materials.serialNo, serials.slice(at, at + LOOKUP_CHUNK))));
    for (const m of found) bySerial.set(m.serialNo, [...(bySerial.get(m.serialNo) ?? []), m.id]);
  }
  return {
    ctx: {
      companyId: who.companyId,
      userId: who.userId,
      lang: options.lang,
      marketType: options.marketType,
      defaultCategoryId: options.defaultCategoryId,
      catalogue,
      labels: reverseLabels(catalogue),
      columns,
      images,
      bySerial,
      categories: categoryLookup(catalogue),
      templates: new Map(),
    },
    firstRowOf,
  };
}
