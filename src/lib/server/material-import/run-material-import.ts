import { eq, sql } from 'drizzle-orm';
import type { MaterialImportRowError } from '../../contracts/material-import-rules';
import { isLang } from '../../i18n';
import { getDb } from '../db/client';
import { materialImports } from '../db/schema/material-imports';
import { AppError } from '../errors';
import { logger } from '../logger';
import { saveMaterial } from '../materials/save-material';
import { getStorage, requireObject } from '../storage';
import { loadImportContext } from './load-import-context';
import { openImportImages } from './open-import-images';
import { planImportRow } from './plan-import-row';
import { readImportSheet } from './read-import-sheet';

/** Progress is written every this many rows (and at the end): the UI polls it. */
const PROGRESS_EVERY = 20;

type Failure = { row: number; serialNo: string; errors: MaterialImportRowError[] };

/**
 * The `import-materials` job (docs/product/integrations.md#bulk-import): works through the rows the dry run found good,
 * each checked again with the editor's checks and saved as the editor saves (a new material, or a new version when
 * its content changed), moving the progress as it goes. Safe to run twice: a row already saved finds its material
 * unchanged. The kept files are removed when it is done.
 */
export async function runMaterialImport(importId: number): Promise<void> {
  const db = getDb();
  const [found] = await db.select().from(materialImports).where(eq(materialImports.id, importId));
  if (!found || found.state === 'done' || found.state === 'failed' || found.state === 'checked') return;
  await db.update(materialImports).set({ state: 'running', startedAt: sql`coalesce(${materialImports.startedAt}, now())`, rowsDone: 0, created: 0, updated: 0, unchanged: 0 }).where(eq(materialImports.id, importId));
  const lang = isLang(found.lang) ? found.lang : 'cn';
  const failures: Failure[] = found.plan.filter((r) => r.action === 'error').map((r) => ({ row: r.row, serialNo: r.serialNo, errors: r.errors }));
  const counts = { rowsDone: 0, created: 0, updated: 0, unchanged: 0 };
  const progress = (extra: Partial<typeof materialImports.$inferInsert> = {}) =>
    db.update(materialImports).set({ ...counts, failed: failures.length, ...extra }).where(eq(materialImports.id, importId));

  try {
    const sheet = await readImportSheet({ name: found.sheetKey, bytes: await requireObject(found.sheetKey) }, lang);
    const images = found.zipKey ? await openImportImages({ name: found.zipKey, bytes: await requireObject(found.zipKey) }, lang) : null;
    const who = { companyId: found.companyId, userId: found.userId ?? 0 };
    const { ctx, firstRowOf } = await loadImportContext(who, sheet, images, { lang, marketType: found.marketType === 2 ? 2 : 1, defaultCategoryId: found.categoryId });
    const good = new Set(found.plan.filter((r) => r.action !== 'error').map((r) => r.row));
    for (const row of sheet.rows) {
      if (!good.has(row.row)) continue;
      const planned = await planImportRow(ctx, row, { write: true, firstRowOf });
      if (planned.action === 'error' || !planned.input) {
        if (planned.action === 'unchanged') counts.unchanged += 1;
        else failures.push({ row: planned.row, serialNo: planned.serialNo, errors: planned.errors });
      } else {
        try {
          const saved = await saveMaterial({ ...planned.input, creatorId: found.userId }, planned.materialId ? { materialId: planned.materialId } : {});
          if (planned.materialId) counts.updated += 1;
          else {
            counts.created += 1;
            // A later row of the same file never names this serial number again (refused as a repeat), but a rerun
            // of the job must find it: it is the company's material from now on.
            ctx.bySerial.set(planned.serialNo, [saved.id]);
          }
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failures.push({ row: planned.row, serialNo: planned.serialNo, errors: [{ column: 'serialNo', key: err.message }] });
        }
      }
      counts.rowsDone += 1;
      if (counts.rowsDone % PROGRESS_EVERY === 0) await progress();
    }
    failures.sort((a, b) => a.row - b.row);
    await progress({ state: 'done', failures, finishedAt: new Date() });
  } catch (err) {
    logger.error({ err, importId }, 'material import failed');
    await progress({ state: 'failed', failures, finishedAt: new Date() });
    return;
  }
  const storage = getStorage();
  await storage.remove(found.sheetKey);
  if (found.zipKey) await storage.remove(found.zipKey);
}
