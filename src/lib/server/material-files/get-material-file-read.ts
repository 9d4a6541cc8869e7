import { and, eq } from 'drizzle-orm';
import type { MaterialFileRead } from '../../contracts/material-files';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialFileReads } from '../db/schema';
import { AppError } from '../errors';
import type { MapKind } from './material-file';

/** How a reading of the company's went (docs/product/material-files.md#calls); another company's is not found. */
export async function getMaterialFileRead(companyId: number, id: number, lang: Lang): Promise<MaterialFileRead> {
  const [row] = await getDb()
    .select()
    .from(materialFileReads)
    .where(and(eq(materialFileReads.id, id), eq(materialFileReads.companyId, companyId)));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.materialFileReadNotFound' });
  const t = getT(lang);
  const m = row.material;
  return {
    id: row.id,
    state: row.state,
    code: row.code,
    message: row.code === null || row.code === 0 ? '' : t(`materialFile.code.${row.code}`, { defaultValue: t('materialFile.unknownError') }),
    fileName: row.fileName,
    material: m
      ? {
          format: m.format,
          version: m.version,
          name: m.name,
          physicalSize: m.physicalSize,
          colors: m.colors,
          maps: { front: Object.keys(m.front.maps) as MapKind[], back: Object.keys(m.back?.maps ?? {}) as MapKind[] },
        }
      : null,
  };
}
