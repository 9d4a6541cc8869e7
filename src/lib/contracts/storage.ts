/**
 * The storage calls (docs/product/storage.md#calls): the object-storage token and config, multipart uploads that
 * resume, uploaded-file metadata. Isomorphic: the uploader island and the server share these shapes.
 */
import { z } from 'zod';
import { FILE_KEY_PATTERN } from '../upload/file-key';
import { imageRefSchema } from './images';

const fileKey = z.string().regex(FILE_KEY_PATTERN, 'validation.invalidValue');
const uploadId = z.string().min(1).max(200).regex(/^[\w.~=+/-]+$/, 'validation.invalidValue');
const partNumber = z.number().int().min(1).max(10_000);

/** Object-storage token (docs/product/storage.md#data): where and as whom the browser uploads. */
export const storageTokenSchema = z
  .object({
    provider: z.enum(['local', 's3']),
    region: z.string(),
    accessKeyId: z.string(),
    /** Short-lived: local uploads are authorised by it; never an S3 secret. */
    securityToken: z.string(),
    bucket: z.string(),
    endPoint: z.string(),
    /** The prefix every object of the caller's company goes under. */
    key: z.string(),
    expiration: z.string(),
  })
  .meta({ id: 'StorageToken' });
export type StorageToken = z.output<typeof storageTokenSchema>;

export const storageConfigSchema = z
  .object({
    provider: z.enum(['local', 's3']),
    region: z.string(),
    bucket: z.string(),
    endPoint: z.string(),
    partBytes: z.number().int(),
    allFileLimit: z.number().int(),
    /** How often the browser asks again (60 s). */
    refreshMs: z.number().int(),
    limits: z.array(z.object({ kind: z.string(), extensions: z.array(z.string()), maxBytes: z.number().int().nullable() })),
  })
  .meta({ id: 'StorageConfig' });
export type StorageConfig = z.output<typeof storageConfigSchema>;

/** Start (or find) the upload of one file. `name` only supplies the extension check; the key is the content. */
export const uploadInitRequestSchema = z.object({
  key: fileKey,
  name: z.string().trim().min(1).max(255),
  mime: z.string().max(120).default(''),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** The extensions the form's picker takes; the server checks the file against these too. */
  accept: z.array(z.string().regex(/^[a-z0-9]{1,8}$/)).max(40).optional(),
});
export type UploadInitRequest = z.input<typeof uploadInitRequestSchema>;

export const uploadedFileSchema = z
  .object({
    relativePath: z.string(),
    fullRegion: z.string(),
    resourceCompanyId: z.number().int(),
    size: z.number().int(),
    mime: z.string(),
    /** Set for jpg, png and webp: the image as the material forms use it. */
    image: z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int(), ref: imageRefSchema }).nullable(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.output<typeof uploadedFileSchema>;

/** Either the file is already stored (the same content once per company) or an upload to continue. */
export const uploadInitResultSchema = z.union([
  z.object({ status: z.literal('exists'), file: uploadedFileSchema }),
  z.object({ status: z.literal('upload'), uploadId, partBytes: z.number().int(), partCount: z.number().int() }),
]);
export type UploadInitResult = z.output<typeof uploadInitResultSchema>;

export const uploadPartUrlsRequestSchema = z.object({ key: fileKey, uploadId, partNumbers: z.array(partNumber).min(1).max(100) });
/** Where each part goes: a presigned S3 URL, or the app's own part endpoint with a signed query. PUT the bytes there. */
export const uploadPartUrlsResultSchema = z.object({ parts: z.array(z.object({ partNumber, url: z.string(), expiresAt: z.string() })) });

export const uploadPartsQuerySchema = z.object({ key: fileKey, uploadId });
/** The parts already received: a resumed upload sends only the others. */
export const uploadPartsResultSchema = z.object({ parts: z.array(z.object({ partNumber, size: z.number().int(), etag: z.string() })) });

export const uploadCompleteRequestSchema = z.object({ key: fileKey, uploadId, parts: z.array(z.object({ partNumber, etag: z.string().max(200) })).min(1).max(10_000) });
export const uploadAbortRequestSchema = z.object({ key: fileKey, uploadId });

/** Uploaded-file metadata (docs/product/storage.md#data). */
export const fileMetadataSchema = z.object({ relativePath: z.string().min(1).max(512), fullRegion: z.string().max(512), resourceCompanyId: z.number().int().positive() });
export const saveMetadataRequestSchema = z.array(fileMetadataSchema).min(1).max(100);

export const ossUrlQuerySchema = z.object({ key: z.string().min(1).max(512) });
/** A signed GET URL, valid 900 seconds (docs/product/constants.md). */
export const ossUrlResultSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** `t` only defeats caches in front of the call; it changes nothing. */
export const storageTokenQuerySchema = z.object({ t: z.string().max(40).optional() });
/** The config is the same for every company; a `companyId` given must be the caller's current company. */
export const storageConfigQuerySchema = z.object({ companyId: z.coerce.number().int().positive().optional() });
export const saveMetadataResultSchema = z.array(uploadedFileSchema);
export const uploadCompleteResultSchema = uploadedFileSchema;
export const uploadAbortResultSchema = z.object({ aborted: z.literal(true) });

/** The local store's part endpoint: `PUT /api/storage/part/{uploadId}/{partNumber}?key=&exp=&sig=`, the body the part's bytes. */
export const storagePartParamsSchema = z.object({ uploadId, partNumber: z.coerce.number().int().min(1).max(10_000) });
const signedQuery = { key: z.string().min(1).max(512), exp: z.coerce.number().int(), sig: z.string().min(1).max(100) };
export const storagePartQuerySchema = z.object(signedQuery);
export const storagePartResultSchema = z.object({ partNumber, size: z.number().int(), etag: z.string() });
/** The local store's download link: `GET /api/storage/object?key=&exp=&sig=`, `name` (signed too) the file name to save under. */
export const storageObjectQuerySchema = z.object({ ...signedQuery, name: z.string().min(1).max(200).optional() });
