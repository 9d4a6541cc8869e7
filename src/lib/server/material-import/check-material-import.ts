import { and, eq, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import { MATERIAL_IMPORT_PAGE_SIZE, type MaterialImportCheck, type MaterialImportUpload } from '../../contracts/material-import';
import type { MaterialImportPlanRow } from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialImports } from '../db/schema/material-imports';
import { XLSX_CONTENT_TYPE } from '../materials/export-materials';
import { getStorage } from '../storage';
import { fileRefused } from '../uploads/upload-paths';
import { describeImportRow } from './describe-import-row';
import { loadImportContext } from './load-import-context';
import { importColumnTitle } from './match-import-columns';
import { openImportImages } from './open-import-images';
import { planImportRow } from './plan-import-row';
import { readImportSheet } from './read-import-sheet';

/**
 * The dry run of a bulk import (docs/product/integrations.md#bulk-import): reads the sheet (and the zip of pictures),
 * checks every row with the editor's checks and says per row what importing would do (create, update, unchanged) or
 * every error with its column. A file refused whole changes nothing; otherwise the files are kept and an import waits
 * for the user's confirmation (`startMaterialImport`). Nothing of the catalogue is written.
 */
export async function checkMaterialImport(who: { companyId: number; userId: number }, upload: MaterialImportUpload, lang: Lang): Promise<MaterialImportCheck> {
  const sheet = await readImportSheet(upload.file, lang);
  const images = upload.images && upload.images.bytes.byteLength > 0 ? await openImportImages(upload.images, lang) : null;
  const { ctx, firstRowOf } = await loadImportContext(who, sheet, images, { lang, marketType: upload.marketType, defaultCategoryId: upload.categoryId ?? null });
  if (upload.categoryId !== undefined && !ctx.catalogue.categories.has(upload.categoryId)) {
    throw fileRefused(ERROR.fieldInvalid, lang, 'validation.categoryNotFound', {}, 'categoryId');
  }

  const plan: MaterialImportPlanRow[] = [];
  for (const row of sheet.rows) {
    const { input: _input, ...planned } = await planImportRow(ctx, row, { write: false, firstRowOf });
    plan.push(planned);
  }

  // The files wait in storage for the confirmation; keys are ours, never the file's name.
  const storage = getStorage();
  const base = `imports/${who.companyId}/${randomUUID()}`;
  const sheetKey = `${base}-sheet${extname(upload.file.name).toLowerCase()}`;
  await storage.put(sheetKey, Buffer.from(upload.file.bytes), sheet.format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv');
  const zipKey = images && upload.images ? `${base}-images.zip` : null;
  if (zipKey && upload.images) await storage.put(zipKey, Buffer.from(upload.images.bytes), 'application/zip');

  await dropStaleDryRuns(who.companyId);
  const [saved] = await getDb()
    .insert(materialImports)
    .values({
      companyId: who.companyId,
      userId: who.userId,
      fileName: upload.file.name.slice(0, 255),
      sheetKey,
      zipKey,
      categoryId: upload.categoryId ?? null,
      marketType: upload.marketType,
      lang,
      plan,
      total: plan.length,
    })
    .returning({ id: materialImports.id });

  const count = (action: MaterialImportPlanRow['action']) => plan.filter((r) => r.action === action).length;
  return {
    importId: saved!.id,
    fileName: upload.file.name,
    total: plan.length,
    counts: { create: count('create'), update: count('update'), unchanged: count('unchanged'), error: count('error') },
    columns: [...ctx.columns.byIndex.values()].map((key) => ({ key, title: importColumnTitle(key, ctx.catalogue, lang) })),
    ignoredColumns: ctx.columns.ignored,
    images: images?.count ?? 0,
    rows: plan.slice(0, MATERIAL_IMPORT_PAGE_SIZE).map((r) => describeImportRow(r, ctx.catalogue, lang)),
  };
}

/** How long a dry run nobody confirmed keeps its files. */
const STALE_DRY_RUN_MS = 24 * 60 * 60 * 1000;

/** Dry runs of the company nobody confirmed within a day go, with their files, at its next dry run. */
async function dropStaleDryRuns(companyId: number): Promise<void> {
  const stale = await getDb()
    .delete(materialImports)
    .where(and(eq(materialImports.companyId, companyId), eq(materialImports.state, 'checked'), lt(materialImports.createdAt, new Date(Date.now() - STALE_DRY_RUN_MS))))
    .returning({ sheetKey: materialImports.sheetKey, zipKey: materialImports.zipKey });
  const storage = getStorage();
  for (const s of stale) {
    await storage.remove(s.sheetKey);
    if (s.zipKey) await storage.remove(s.zipKey);
  }
}
