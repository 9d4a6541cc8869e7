import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_PART_BYTES } from '../../upload/limits';
import { attachmentDisposition } from './content-disposition';
import { assertStorageKey, type ObjectStorage, type StorageLocation, type UploadedPart } from './object-storage';
import { MAX_SIGNED_TTL_S } from './storage-signature';
import type { S3Config } from './storage-url';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
const isUnknownUpload = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchUpload' || err.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible store (AWS S3, Aliyun OSS, MinIO), chosen by `STORAGE_URL`. Browsers send parts and fetch
 * objects through presigned URLs, so large files never pass through the app; the app itself only reads ranges.
 */
export class S3Storage implements ObjectStorage {
  readonly location: StorageLocation;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.location = { provider: 's3', region: config.region, bucket: config.bucket, endPoint: config.endpoint };
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums on every request are a recent AWS default that other S3-compatible stores do not all accept,
      // and presigned part URLs must not require one the browser cannot compute.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /** Sent in parts of UPLOAD_PART_BYTES, one in memory at a time; a body of one part or less is one PUT. */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    assertStorageKey(key);
    let uploadId: string | undefined;
    const parts: { partNumber: number; etag: string }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const part = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      uploadId ??= await this.createMultipartUpload(key, contentType);
      const partNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: part }));
      parts.push({ partNumber, etag: ETag ?? '' });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        let rest = chunk;
        while (pendingBytes + rest.length >= UPLOAD_PART_BYTES) {
          const take = UPLOAD_PART_BYTES - pendingBytes;
          pending.push(rest.subarray(0, take));
          pendingBytes += take;
          rest = rest.subarray(take);
          await flush();
        }
        if (rest.length) {
          pending.push(rest);
          pendingBytes += rest.length;
        }
      }
      if (!uploadId) return await this.put(key, Buffer.concat(pending, pendingBytes), contentType);
      if (pendingBytes > 0) await flush();
      await this.completeMultipartUpload(key, uploadId, parts);
    } catch (err) {
      if (uploadId) await this.abortMultipartUpload(key, uploadId).catch(() => undefined);
      throw err;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    assertStorageKey(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async getRange(key: string, start: number, endExclusive: number): Promise<Buffer> {
    assertStorageKey(key);
    if (endExclusive <= start) return Buffer.alloc(0);
    const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${endExclusive - 1}` }));
    if (!Body) return Buffer.alloc(0);
    const bytes = Buffer.from(await Body.transformToByteArray());
    // A store that ignores Range answers the whole object: keep only what was asked for.
    return bytes.length > endExclusive - start ? bytes.subarray(start, endExclusive) : bytes;
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    assertStorageKey(key);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!UploadId) throw new Error(`The store started no upload for ${key}`);
    return UploadId;
  }

  async partUrl(key: string, uploadId: string, partNumber: number, ttlSeconds: number): Promise<string> {
    assertStorageKey(key);
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
    return getSignedUrl(this.client, command, { expiresIn: Math.min(ttlSeconds, MAX_SIGNED_TTL_S) });
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertStorageKey(key);
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
        for (const p of page.Parts ?? []) parts.push({ partNumber: p.PartNumber ?? 0, size: p.Size ?? 0, etag: (p.ETag ?? '').replace(/"/g, '') });
        if (!page.IsTruncated || !page.NextPartNumberMarker) break;
        marker = page.NextPartNumberMarker;
      }
    } catch (err) {
      if (isUnknownUpload(err)) return [];
      throw err;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: ReadonlyArray<{ partNumber: number; etag: string }>): Promise<void> {
    assertStorageKey(key);
    const quoted = (etag: string) => (etag.startsWith('"') ? etag : `"${etag}"`);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: quoted(p.etag) })) },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      if (!isUnknownUpload(err)) throw err;
    }
  }

  async signedGetUrl(key: string, ttlSeconds: number, options: { downloadName?: string } = {}): Promise<string> {
    assertStorageKey(key);
    // Served as a download, never rendered by the browser as a page of our site's files.
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(options.downloadName) });
    return getSignedUrl(this.client, command, { expiresIn: Math.min(ttlSeconds, MAX_SIGNED_TTL_S) });
  }
}
