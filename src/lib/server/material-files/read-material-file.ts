import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MaterialFileParser } from '../../contracts/material-files';
import { getDb } from '../db/client';
import { materialFileReads, type StoredMapKeys } from '../db/schema';
import { logger } from '../logger';
import { getStorage } from '../storage';
import type { MapKind } from './material-file';
import { storedSource } from './open-archive';
import { openMaterialFile } from './open-material-file';
import { FILE_CODES, MaterialFileError } from './parse-codes';
import { checkMap, MAP_FORMATS } from './read-shared';

/**
 * The background job that reads one uploaded material file (docs/product/material-files.md#reading-a-file): its maps
 * are stored under keys of their content (a map shared by many files is stored once), and the row gets the parse
 * code with what the file gave. A file that cannot be read is a result, not a job failure: the row says why and the
 * job ends. A reading already finished is left as it is, so a job that runs twice changes nothing.
 */
export async function readMaterialFile(readId: number): Promise<void> {
  const db = getDb();
  const [row] = await db.select().from(materialFileReads).where(eq(materialFileReads.id, readId));
  if (!row || row.state === 'done' || row.state === 'failed') return;
  await db.update(materialFileReads).set({ state: 'reading' }).where(eq(materialFileReads.id, readId));
  try {
    const storage = getStorage();
    const opened = await openMaterialFile(row.parser as MaterialFileParser, await storedSource(storage, row.relativePath), row.fileName);
    const mapKeys: StoredMapKeys = { front: {}, back: {} };
    for (const side of ['front', 'back'] as const) {
      for (const kind of Object.keys(opened.material[side]?.maps ?? {}) as MapKind[]) {
        mapKeys[side][kind] = await storeMap(await opened.readMap(side, kind), `${side} ${kind} map`);
      }
    }
    await db.update(materialFileReads).set({ state: 'done', code: opened.code, material: opened.material, mapKeys, finishedAt: new Date() }).where(eq(materialFileReads.id, readId));
  } catch (err) {
    const known = err instanceof MaterialFileError;
    if (!known) logger.error({ err, readId }, 'material file could not be read');
    const code = known ? err.code : FILE_CODES.internalError;
    const detail = err instanceof Error ? (known ? err.detail : err.message) : String(err);
    await db.update(materialFileReads).set({ state: 'failed', code, zipCode: known ? (err.zipCode ?? null) : null, detail: detail.slice(0, 1000), finishedAt: new Date() }).where(eq(materialFileReads.id, readId));
  }
}

async function storeMap(bytes: Buffer, what: string): Promise<string> {
  const type = MAP_FORMATS[(await checkMap(bytes, what)).format];
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `maps/${sha256.slice(0, 2)}/${sha256}.${type.ext}`;
  const storage = getStorage();
  if (!(await storage.exists(key))) await storage.put(key, bytes, type.mime);
  return key;
}
