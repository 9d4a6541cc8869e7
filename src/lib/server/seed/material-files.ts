/**
 * Demo material files: the first published materials of the demo textile mill get a woven U3M each, read and bound
 * the way a supplier's upload is (docs/product/material-files.md#binding-a-file), the default card adjusted to the
 * color the file proposes. Their cards are queued for rendering, which the server does once it runs, so the demo
 * shows renders, the 3D preview and the U3M download. Skipped when the mill already has a file.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, materialFileReads, materials, uploadedFiles } from '../db/schema';
import { defaultFileSettings } from '../material-files/file-settings';
import { readMaterialFile } from '../material-files/read-material-file';
import { findOwnMaterial } from '../materials/find-own-material';
import { saveMaterial } from '../materials/save-material';
import { inputFromSnapshot } from '../materials/snapshot-input';
import { getStorage } from '../storage';
import { wovenU3mPackage } from './woven-material-file';

const MILL = '绍兴织美纺织有限公司';
const FILES = 3;

export async function seedMaterialFiles(db: Database): Promise<number> {
  const [mill] = await db.select({ id: companies.id }).from(companies).where(eq(companies.orgName, MILL));
  if (!mill) return 0;
  const [existing] = await db.select({ id: materialFileReads.id }).from(materialFileReads).where(eq(materialFileReads.companyId, mill.id)).limit(1);
  if (existing) return 0;
  const chosen = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.companyId, mill.id), eq(materials.onMarketDomestic, 1), eq(materials.isDelete, 0)))
    .orderBy(asc(materials.id))
    .limit(FILES);
  let bound = 0;
  for (const { id } of chosen) {
    const own = await findOwnMaterial(mill.id, id);
    const card = own.snapshot.colorCards.find((c) => c.isDefault === 1) ?? own.snapshot.colorCards[0];
    if (!card) continue;
    const fileName = `${own.snapshot.nameEn || 'twill'}.u3ma`;
    const relativePath = `u/${mill.id}/demo-material-${id}.u3ma`;
    const bytes = await wovenU3mPackage({ hex: card.hex, name: own.snapshot.nameEn || own.snapshot.nameCn });
    await getStorage().put(relativePath, bytes, 'application/zip');
    await db.insert(uploadedFiles).values({ relativePath, fullRegion: 'local', companyId: mill.id, size: bytes.length, mime: 'application/zip' });
    const [read] = await db.insert(materialFileReads).values({ companyId: mill.id, relativePath, fileName, parser: 'u3m' }).returning({ id: materialFileReads.id });
    await readMaterialFile(read!.id);
    const [done] = await db.select({ material: materialFileReads.material, mapKeys: materialFileReads.mapKeys }).from(materialFileReads).where(eq(materialFileReads.id, read!.id));
    const proposed = done?.material?.colors[0];
    if (!done?.material || !done.mapKeys || !proposed) continue;
    const file = { readId: read!.id, fileName, material: done.material, mapKeys: done.mapKeys, settings: defaultFileSettings(done.material) };
    // As a supplier accepting the adjustment: the default card takes the file's color and is bound to it.
    const snapshot = { ...own.snapshot, file, colorCards: own.snapshot.colorCards.map((c) => (c.id === card.id ? { ...c, hex: proposed.hex, isBan: 1 as const } : c)) };
    await saveMaterial(inputFromSnapshot(snapshot, { companyId: mill.id, creatorId: null }, new Set(own.cards.keys()), own.marketTypes), { materialId: id });
    bound += 1;
  }
  return bound;
}
