import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { materials } from '../db/schema';
import { listCompanyRecipients } from './list-company-recipients';
import { notifyUsers } from './notify-users';

/**
 * Tells the material's company that a color card's render failed for good (docs/product/news.md#what-arrives): its
 * administrators and the members who manage materials (`FUN001`), once a day per material however many of its
 * cards fail, in the transaction that records the failure.
 */
export async function notifyRenderFailed(tx: Tx, materialId: number, colorName: string, now: Date = new Date()): Promise<void> {
  const [material] = await tx.select({ companyId: materials.companyId, nameCn: materials.nameCn, nameEn: materials.nameEn }).from(materials).where(eq(materials.id, materialId));
  if (!material) return;
  await notifyUsers(tx, await listCompanyRecipients(tx, material.companyId, 'FUN001'), {
    kind: 'render-failed',
    companyId: material.companyId,
    params: { materialId, materialName: material.nameCn, materialNameEn: material.nameEn, colorName },
    dedupeKey: `render-failed:${materialId}:${now.toISOString().slice(0, 10)}`,
  });
}
