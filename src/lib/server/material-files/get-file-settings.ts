import { and, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST } from '../../constants';
import type { FileSettings } from '../../contracts/material-renders';
import { ERROR } from '../../errors';
import { getDb } from '../db/client';
import { materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial } from '../materials/published-material';
import type { StoredMaterial } from '../materials/stored-material';
import { summarizeMaterialFile } from './summarize-material-file';

/**
 * The material file settings of one version of the company's material (docs/product/material-files.md#file-settings);
 * -1 is the latest. A version without a file, another company's material or no such version is 100404.
 */
export async function getFileSettings(companyId: number, materialId: number, version: number): Promise<FileSettings> {
  const db = getDb();
  const [m] = await db.select({ version: materials.version }).from(materials).where(and(eq(materials.id, materialId), eq(materials.companyId, companyId), existingMaterial));
  const wanted = version === DETAIL_VERSION_LATEST ? m?.version : version;
  const [row] = m && wanted ? await db.select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, materialId), eq(materialVersions.version, wanted))) : [];
  const file = (row?.data as StoredMaterial | undefined)?.file;
  if (!file || !wanted) throw new AppError(ERROR.empty, { message: 'validation.materialFileNotFound' });
  return { materialId, version: wanted, fileName: file.fileName, material: summarizeMaterialFile(file.material), settings: file.settings };
}
