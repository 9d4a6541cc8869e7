/**
 * Typed calls for uploads (docs/product/uploading.md): the storage config and the resumable multipart calls. The
 * uploader shows every failure beside its file, so the calls are silent by default.
 */
import type { z } from 'zod';
import type {
  StorageConfig,
  UploadedFile,
  UploadInitRequest,
  UploadInitResult,
  saveMetadataRequestSchema,
  uploadAbortRequestSchema,
  uploadCompleteRequestSchema,
  uploadPartUrlsRequestSchema,
  uploadPartUrlsResultSchema,
  uploadPartsQuerySchema,
  uploadPartsResultSchema,
} from '../contracts/storage';
import { ERROR } from '../errors';
import { api, type CallOptions } from './client';

// Type-only: the contract names these shapes by schema; nothing of zod reaches the browser.
export type UploadPartUrlsRequest = z.input<typeof uploadPartUrlsRequestSchema>;
export type UploadPartUrls = z.output<typeof uploadPartUrlsResultSchema>;
export type UploadPartsQuery = z.input<typeof uploadPartsQuerySchema>;
export type UploadParts = z.output<typeof uploadPartsResultSchema>;
export type UploadCompleteRequest = z.input<typeof uploadCompleteRequestSchema>;
export type UploadAbortRequest = z.input<typeof uploadAbortRequestSchema>;
export type SaveMetadataRequest = z.input<typeof saveMetadataRequestSchema>;

const S = '/metaData/storageService';
const quiet = (options?: CallOptions): CallOptions => ({ silent: true, ...options });

export const storageApi = {
  config: (companyId: number | undefined, options?: CallOptions) =>
    api.get<StorageConfig>(`${S}/getStorageServiceConfig`, { ...quiet(options), searchParams: companyId === undefined ? {} : { companyId } }),
  init: (body: UploadInitRequest, options?: CallOptions) => api.post<UploadInitResult>(`${S}/multipart/init`, body, quiet(options)),
  partUrls: (body: UploadPartUrlsRequest, options?: CallOptions) => api.post<UploadPartUrls>(`${S}/multipart/part-urls`, body, quiet(options)),
  // A stale upload id (finished, aborted or expired) answers 100404: the uploader then starts afresh.
  parts: (query: UploadPartsQuery, options?: CallOptions) => api.get<UploadParts>(`${S}/multipart/parts`, { ...quiet(options), expected: [ERROR.empty], searchParams: { ...query } }),
  complete: (body: UploadCompleteRequest, options?: CallOptions) => api.post<UploadedFile>(`${S}/multipart/complete`, body, quiet(options)),
  abort: (body: UploadAbortRequest, options?: CallOptions) => api.post<unknown>(`${S}/multipart/abort`, body, quiet(options)),
  // A 404 on save is ignored by design (docs/product/uploading.md).
  saveMetadata: (body: SaveMetadataRequest, options?: CallOptions) => api.post<unknown>(`${S}/saveMetaData`, body, { ...quiet(options), expected: [ERROR.empty] }),
};

export type StorageCalls = typeof storageApi;
