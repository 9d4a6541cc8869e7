import type { UploadInitRequest, UploadInitResult } from '../../contracts/storage';
import { uploadInitRequestSchema } from '../../contracts/storage';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { parseFileKey } from '../../upload/file-key';
import { formatFileSize } from '../../constants';
import { checkFile, checkTotal, extensionOf, FILE_TYPE_RULES, UPLOAD_PART_BYTES } from '../../upload/limits';
import { getDb } from '../db/client';
import { multipartUploads } from '../db/schema';
import { getStorage } from '../storage';
import { findUploadedFile } from './find-uploaded-file';
import { fileRefused, relativePathOf } from './upload-paths';

/**
 * Start the upload of one file (docs/product/storage.md#multipart-uploads), or find it already stored: the file is
 * checked by extension, then (no extension) by mime type, then by its type's size limit and the total limit; the
 * key's extension must be the name's. The same content is stored once per company, so a key the company already
 * holds answers the stored file and nothing is sent.
 */
export async function startUpload(who: { companyId: number; userId: number }, input: UploadInitRequest, lang: Lang): Promise<UploadInitResult> {
  const { key, name, mime, size, accept } = uploadInitRequestSchema.parse(input);
  const problem = checkFile({ name, type: mime, size }, accept);
  if (problem?.code === 'invalidType') throw fileRefused(ERROR.fieldInvalid, lang, 'validation.fileInvalidType', { name, allowed: problem.allowed.join(', ') });
  if (problem?.code === 'wrongFormat') throw fileRefused(ERROR.fieldInvalid, lang, 'validation.fileWrongFormat', { name, allowed: problem.allowed.join(', ') });
  if (problem?.code === 'tooLarge') throw fileRefused(ERROR.fieldTooLong, lang, 'validation.fileTooLarge', { name, limit: formatFileSize(problem.limit) });
  const total = checkTotal([size], 0);
  if (total) throw fileRefused(ERROR.fieldTooLong, lang, 'validation.fileAllLimit', { name, limit: formatFileSize(total.limit) });

  // The key names the content and its type: its extension is the name's, or for a name without one, one of the
  // extensions of the type the mime names.
  const keyExt = parseFileKey(key)?.extension ?? '';
  const nameExt = extensionOf(name);
  const typeExts = FILE_TYPE_RULES.find((r) => r.mimes.includes(mime.toLowerCase()))?.extensions ?? [];
  if (nameExt ? keyExt !== nameExt : keyExt !== '' && !typeExts.includes(keyExt)) {
    throw fileRefused(ERROR.fieldInvalid, lang, 'validation.fileKeyExtension', { name }, 'key');
  }

  const relativePath = relativePathOf(who.companyId, key);
  const stored = await findUploadedFile(who.companyId, relativePath);
  if (stored) return { status: 'exists', file: stored };

  const uploadId = await getStorage().createMultipartUpload(relativePath, mime || 'application/octet-stream');
  await getDb().insert(multipartUploads).values({ uploadId, fileKey: key, companyId: who.companyId, userId: who.userId, size, name, mime });
  return { status: 'upload', uploadId, partBytes: UPLOAD_PART_BYTES, partCount: Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES)) };
}
