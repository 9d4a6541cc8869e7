import { Readable } from 'node:stream';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { binarySchema } from '../../../contracts/common';
import {
  ossUrlQuerySchema,
  ossUrlResultSchema,
  saveMetadataRequestSchema,
  saveMetadataResultSchema,
  storageConfigQuerySchema,
  storageConfigSchema,
  storageObjectQuerySchema,
  storagePartParamsSchema,
  storagePartQuerySchema,
  storagePartResultSchema,
  storageTokenQuerySchema,
  storageTokenSchema,
  uploadAbortRequestSchema,
  uploadAbortResultSchema,
  uploadCompleteRequestSchema,
  uploadCompleteResultSchema,
  uploadInitRequestSchema,
  uploadInitResultSchema,
  uploadPartsQuerySchema,
  uploadPartsResultSchema,
  uploadPartUrlsRequestSchema,
  uploadPartUrlsResultSchema,
} from '../../../contracts/storage';
import { ERROR } from '../../../errors';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../storage/content-disposition';
import { abortUpload } from '../../uploads/abort-upload';
import { completeUpload } from '../../uploads/complete-upload';
import { getStorageConfig } from '../../uploads/get-storage-config';
import { getStorageToken } from '../../uploads/get-storage-token';
import { listUploadParts } from '../../uploads/list-upload-parts';
import { openSignedObject } from '../../uploads/open-signed-object';
import { receiveUploadPart } from '../../uploads/receive-upload-part';
import { saveFileMetadata } from '../../uploads/save-file-metadata';
import { signFileUrl } from '../../uploads/sign-file-url';
import { signPartUrls } from '../../uploads/sign-part-urls';
import { startUpload } from '../../uploads/start-upload';
import { access } from '../access';
import { requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { errorAnswer } from '../envelope';
import { requestLang } from '../language';

const S = '/metaData/storageService';
const D = '/show/dictionary';
/** The local store's own endpoints (`LOCAL_STORAGE_API` without `/api`): where its signed part and download links point. */
export const STORAGE_PART_PATH = '/storage/part/';

/**
 * Uploads belong to the company the caller is working in (docs/product/storage.md#calls): signed in, with a current
 * company; files go under that company's prefix, whoever of its members sends them. Only the features that store
 * company files upload them: the material editor (`FUN001`) and the homepage builder (`FUN010`). A download link
 * signs any of the company's files, whose private ones are materials' (drafts, attachments, material files), so it
 * takes `FUN001`.
 */
const UPLOADS = 'permission:FUN001|FUN010';
const DOWNLOADS = 'permission:FUN001';
async function requireCompany(c: Context<ApiEnv>): Promise<{ companyId: number; userId: number }> {
  const session = await requireSession(c);
  if (!session.company) throw new AppError(ERROR.authError, { message: 'validation.fileNeedsCompany' });
  return { companyId: session.company.id, userId: session.user.id };
}

const NOT_FOUND = 'No such upload or file in the caller’s company (100404)';

export function registerStorageRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${S}/getResourceAuth`, access: UPLOADS, tag: 'storage',
    summary: 'The object-storage token: the store, bucket, the company’s prefix and a short-lived token (never a store secret)',
    query: storageTokenQuerySchema, answer: ['The token', storageTokenSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there' },
  }, async (c) => getStorageToken((await requireCompany(c)).companyId));

  defineRoute(app, {
    method: 'get', path: `${D}/getOSSAuth`, access: UPLOADS, tag: 'storage',
    summary: 'The object-storage token (the same as getResourceAuth, for the dictionary clients)',
    answer: ['The token', storageTokenSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there' },
  }, async (c) => getStorageToken((await requireCompany(c)).companyId));

  defineRoute(app, {
    method: 'get', path: `${S}/getStorageServiceConfig`, access: 'session', tag: 'storage',
    summary: 'Upload settings: the store, part size, total limit, the per-type limits, and how often to ask again (60 s)',
    query: storageConfigQuerySchema, answer: ['The settings', storageConfigSchema],
    errors: { 403: 'No current company, or `companyId` is not the caller’s current company' },
  }, async (c) => {
    const { companyId } = await requireCompany(c);
    const asked = c.req.valid('query').companyId;
    if (asked !== undefined && asked !== companyId) throw new AppError(ERROR.authError);
    return getStorageConfig();
  });

  defineRoute(app, {
    method: 'post', path: `${S}/saveMetaData`, access: UPLOADS, tag: 'storage',
    summary: 'Record files stored under the caller’s company prefix (each must exist), updating the region of those already recorded',
    body: saveMetadataRequestSchema, answer: ['The files as recorded', saveMetadataResultSchema],
    // 100 files of two 512-character paths each.
    bodyLimit: 256 * 1024,
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there', 404: 'A path outside the company’s prefix, another company, or no such object: nothing saved' },
  }, async (c) => saveFileMetadata((await requireCompany(c)).companyId, c.req.valid('json')));

  defineRoute(app, {
    method: 'get', path: `${D}/getOSSUrl`, access: DOWNLOADS, tag: 'storage',
    summary: 'A download link valid 900 s for a file of the caller’s company (relative path or file key)',
    query: ossUrlQuerySchema, answer: ['The link', ossUrlResultSchema],
    errors: { 403: 'No current company, or no FUN001 there', 404: NOT_FOUND },
  }, async (c) => signFileUrl((await requireCompany(c)).companyId, c.req.valid('query').key));

  defineRoute(app, {
    method: 'post', path: `${S}/multipart/init`, access: UPLOADS, tag: 'storage',
    summary: 'Check a file (type, size, total) and start its multipart upload, or answer it stored already (same content, same company)',
    body: uploadInitRequestSchema, answer: ['`exists` with the file, or `upload` with the upload id and part layout', uploadInitResultSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there' },
  }, async (c) => startUpload(await requireCompany(c), c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${S}/multipart/part-urls`, access: UPLOADS, tag: 'storage',
    summary: 'Where to PUT each part (presigned by the store, or the app’s part endpoint), valid one hour',
    body: uploadPartUrlsRequestSchema, answer: ['A URL per part', uploadPartUrlsResultSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there', 404: NOT_FOUND },
  }, async (c) => signPartUrls((await requireCompany(c)).companyId, c.req.valid('json')));

  defineRoute(app, {
    method: 'get', path: `${S}/multipart/parts`, access: UPLOADS, tag: 'storage',
    summary: 'The parts received so far, so a resumed upload sends only the others',
    query: uploadPartsQuerySchema, answer: ['The received parts', uploadPartsResultSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there', 404: NOT_FOUND },
  }, async (c) => listUploadParts((await requireCompany(c)).companyId, c.req.valid('query')));

  defineRoute(app, {
    method: 'post', path: `${S}/multipart/complete`, access: UPLOADS, tag: 'storage',
    summary: 'Join the parts and check the file (size, magic bytes, file key, pictures decoded); a refused file is removed',
    body: uploadCompleteRequestSchema, answer: ['The stored file', uploadCompleteResultSchema],
    // A store may split a file into as many as 10,000 parts, each named by its ETag.
    bodyLimit: 1024 * 1024,
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there', 404: NOT_FOUND },
  }, async (c) => completeUpload((await requireCompany(c)).companyId, c.req.valid('json'), requestLang(c)));

  defineRoute(app, {
    method: 'post', path: `${S}/multipart/abort`, access: UPLOADS, tag: 'storage',
    summary: 'Give an upload up: its parts are dropped',
    body: uploadAbortRequestSchema, answer: ['Aborted', uploadAbortResultSchema],
    errors: { 403: 'No current company, or neither FUN001 nor FUN010 there', 404: NOT_FOUND },
  }, async (c) => abortUpload((await requireCompany(c)).companyId, c.req.valid('json')));

  defineRoute(app, {
    // The signed link is the access check: part-urls hands it only to a member of the upload's company.
    method: 'put', path: `${STORAGE_PART_PATH}{uploadId}/{partNumber}`, access: 'public', tag: 'storage',
    summary: 'The local store’s part endpoint: the body is the part’s bytes (at most 5 MiB), streamed to disk; the ETag header is its MD5',
    description: 'Reached by the signed URL from `multipart/part-urls` when the store is the local disk. The body is not JSON and is never buffered.',
    params: storagePartParamsSchema, query: storagePartQuerySchema, answer: ['The part as received', storagePartResultSchema],
    bodyLimit: 'streamed',
    errors: { 403: 'The link is wrong or expired', 404: NOT_FOUND, 413: 'The part is larger than 5 MiB' },
  }, async (c) => {
    const { uploadId, partNumber } = c.req.valid('param');
    const { key, exp, sig } = c.req.valid('query');
    const body = c.req.raw.body ?? (async function* () {})();
    const part = await receiveUploadPart({ uploadId, partNumber, key, exp, sig }, body as AsyncIterable<Uint8Array>);
    c.header('ETag', `"${part.etag}"`);
    c.header('Access-Control-Expose-Headers', 'ETag');
    return part;
  });

  app.openapi(
    createRoute({
      // The signature is the access check: getOSSUrl signs links only for files of the caller's company.
      ...access('public'),
      method: 'get',
      path: '/storage/object',
      tags: ['storage'],
      summary: 'The local store’s download link: an object by a signed URL (`signedGetUrl`), as an attachment',
      request: { query: storageObjectQuerySchema },
      responses: {
        200: { description: 'The object’s bytes', content: { 'application/octet-stream': { schema: binarySchema } } },
        403: errorAnswer('The link is wrong or expired'),
        404: errorAnswer('No such object'),
        422: errorAnswer('No key, expiry or signature'),
      },
    }),
    async (c) => {
      const { key, exp, sig, name: signedName } = c.req.valid('query');
      const { stream, size } = await openSignedObject({ key, exp, sig, name: signedName });
      const name = signedName ?? key.slice(key.lastIndexOf('/') + 1);
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(size),
        // A download, never a page of our origin: uploaded svg or html cannot run here.
        'Content-Disposition': attachmentDisposition(name),
        'Cache-Control': 'private, max-age=0, no-store',
      });
    },
  );
}
