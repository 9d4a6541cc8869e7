import { and, eq } from 'drizzle-orm';
import type { MaterialFileRead } from '../../contracts/material-files';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialFileReads } from '../db/schema';
import { AppError } from '../errors';
import { summarizeMaterialFile } from './summarize-material-file';

/** How a reading of the company's went (docs/product/material-files.md#calls); another company's is not found. */
export async function getMaterialFileRead(companyId: number, id: number, lang: Lang): Promise<MaterialFileRead> {
  const [row] = await getDb()
    .select()
    .from(materialFileReads)
    .where(and(eq(materialFileReads.id, id), eq(materialFileReads.companyId, companyId)));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.materialFileReadNotFound' });
  const t = getT(lang);
  return {
    id: row.id,
    state: row.state,
    code: row.code,
    zipCode: row.zipCode,
    message: messageOf(t, lang, row.code, row.zipCode),
    fileName: row.fileName,
    material: row.material ? summarizeMaterialFile(row.material) : null,
  };
}

/** The file code's message, after the zip code's when the color-card zip itself is at fault. */
function messageOf(t: ReturnType<typeof getT>, lang: Lang, code: number | null, zipCode: number | null): string {
  if (code === null || code === 0) return '';
  const unknown = t('materialFile.unknownError');
  const fileMessage = t(`materialFile.code.${code}`, { defaultValue: unknown });
  if (zipCode === null || zipCode === 0) return fileMessage;
  return `${t(`materialFile.zipCode.${zipCode}`, { defaultValue: unknown })}${lang === 'cn' ? '。' : '. '}${fileMessage}`;
}
