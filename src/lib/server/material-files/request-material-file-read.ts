import { PARSER_EXTENSIONS, type MaterialFileParser, type MaterialFileReadRequest } from '../../contracts/material-files';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { materialFileReads } from '../db/schema';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { findUploadedFile } from '../uploads/find-uploaded-file';

/**
 * Queues the reading of a file the company uploaded (docs/product/material-files.md#reading-a-file): the row and its
 * job are written together, so a reading is never asked for without a job to do it. Answers the reading's id.
 */
export async function requestMaterialFileRead(companyId: number, userId: number, parser: MaterialFileParser, request: MaterialFileReadRequest, lang: Lang): Promise<{ id: number }> {
  const t = getT(lang);
  const extensions = PARSER_EXTENSIONS[parser];
  const ext = request.fileName.split('.').pop()?.toLowerCase() ?? '';
  if (!request.fileName.includes('.') || !extensions.includes(ext)) {
    throw new AppError(ERROR.fieldInvalid, { fields: [{ field: 'fileName', message: t('validation.materialFileType', { types: extensions.join(', ') }) }] });
  }
  if (!(await findUploadedFile(companyId, request.relativePath))) {
    throw new AppError(ERROR.fieldInvalid, { fields: [{ field: 'relativePath', message: t('validation.attachmentNotOwn') }] });
  }
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(materialFileReads).values({ companyId, userId, parser, relativePath: request.relativePath, fileName: request.fileName }).returning({ id: materialFileReads.id });
    await enqueueJob('read-material-file', { readId: row!.id }, { tx });
    return { id: row!.id };
  });
}
