import { S3ServiceException } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { uploadCompleteRequestSchema, type UploadedFile } from '../../contracts/storage';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { parseFileKey } from '../../upload/file-key';
import { FILE_TYPE_RULES } from '../../upload/limits';
import { getDb } from '../db/client';
import { multipartUploads, uploadedFiles } from '../db/schema';
import { AppError } from '../errors';
import { storeImage } from '../images/store-image';
import { getStorage } from '../storage';
import { MissingPartError } from '../storage/local-disk-storage';
import { signatureAgrees } from './check-file-signature';
import { computeFileKeyMd5 } from './compute-file-key';
import { detectFileType, SIGNATURE_BYTES } from './detect-file-type';
import { findUpload } from './find-upload';
import { findUploadedFile } from './find-uploaded-file';
import { fileRefused, uploadNotFound } from './upload-paths';

/** Pictures the material forms use: kept as images too, with their sizes and thumbnails. */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);

/**
 * Join an upload's parts and keep the file only if it is what was declared (docs/product/storage.md#what-is-checked):
 * its size, its first bytes against its extension, its file key recomputed from the stored bytes, and for a
 * picture a full decode. A refused file is removed. A kept file is one row per company and content.
 */
export async function completeUpload(companyId: number, input: z.input<typeof uploadCompleteRequestSchema>, lang: Lang): Promise<UploadedFile> {
  const { key, uploadId, parts } = uploadCompleteRequestSchema.parse(input);
  const upload = await findUpload(companyId, key, uploadId);
  const storage = getStorage();
  const db = getDb();
  const done = () => db.delete(multipartUploads).where(eq(multipartUploads.uploadId, uploadId));

  // Someone in the company finished the same content first: that copy is kept and this upload dropped.
  const already = await findUploadedFile(companyId, upload.relativePath);
  if (already) {
    await storage.abortMultipartUpload(upload.relativePath, uploadId);
    await done();
    return already;
  }

  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  // Checked against what the store holds first, so every store answers a missing or replaced part the same way
  // (and a store that would join what it has anyway never gets the chance).
  const received = new Map((await storage.listParts(upload.relativePath, uploadId)).map((p) => [p.partNumber, p.etag.replace(/"/g, '')]));
  if (sorted.some((p) => received.get(p.partNumber) !== p.etag.replace(/"/g, ''))) {
    throw fileRefused(ERROR.fieldInvalid, lang, 'validation.fileNotWhole', { name: upload.name });
  }
  try {
    await storage.completeMultipartUpload(upload.relativePath, uploadId, sorted);
  } catch (err) {
    // A part missing, or not the one the client names: the upload stays, so the client can send it again.
    if (err instanceof MissingPartError || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 400)) {
      throw fileRefused(ERROR.fieldInvalid, lang, 'validation.fileNotWhole', { name: upload.name });
    }
    if (err instanceof S3ServiceException && err.name === 'NoSuchUpload') {
      await done();
      throw uploadNotFound();
    }
    throw err;
  }
  await done();

  const refuse = async (messageKey: string, params: Record<string, unknown> = {}): Promise<never> => {
    await storage.remove(upload.relativePath);
    throw fileRefused(ERROR.fieldInvalid, lang, messageKey, { name: upload.name, ...params });
  };

  const stored = await storage.stat(upload.relativePath);
  if (!stored || stored.size !== upload.size) await refuse('validation.fileSizeMismatch', { size: upload.size });

  const parsedKey = parseFileKey(key)!;
  const extension = parsedKey.extension || (FILE_TYPE_RULES.find((r) => r.mimes.includes(upload.mime.toLowerCase()))?.extensions[0] ?? '');
  // Bytes that begin a format but are too broken to name are not their type either.
  const detected = await detectFileType(await storage.getRange(upload.relativePath, 0, SIGNATURE_BYTES));
  if (detected === null || !signatureAgrees(extension, detected?.ext)) await refuse('validation.fileContentMismatch', { ext: extension });

  if ((await computeFileKeyMd5(storage, upload.relativePath, upload.size)) !== parsedKey.md5) await refuse('validation.fileKeyMismatch');

  let imageId: number | null = null;
  if (IMAGE_EXTENSIONS.has(extension)) {
    try {
      // Pictures are at most 5 MB (the image type's limit), so reading one whole is no more than a part.
      imageId = (await storeImage(await storage.getRange(upload.relativePath, 0, upload.size), { companyId })).id;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await refuse('validation.fileImageRefused', { reason: getT(lang)(err.message) });
    }
  }

  await db
    .insert(uploadedFiles)
    .values({ relativePath: upload.relativePath, fullRegion: storage.location.region, companyId, size: upload.size, mime: detected?.mime ?? upload.mime, imageId })
    .onConflictDoNothing();
  const file = await findUploadedFile(companyId, upload.relativePath);
  if (!file) throw new Error(`uploaded file ${upload.relativePath} neither inserted nor found`);
  return file;
}
