/**
 * A real S3-compatible server for tests and benchmarks: s3rver (in-process, files in a temporary folder, a random
 * port, path-style addressing, the default S3RVER/S3RVER account) with the two multipart calls it lacks added in
 * front of it: ListParts (a resumed upload lists what it sent) and AbortMultipartUpload. Both read and drop the
 * parts s3rver itself keeps, so they answer what it really holds. Part PUTs are counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
};
type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string };

export interface TestS3Server {
  port: number;
  bucket: string;
  /** `STORAGE_URL` for this server. */
  storageUrl: string;
  /** Part uploads the server has received so far. */
  partPuts(): number;
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3Server(bucket = 'matlib-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'matlib-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const store = (server as unknown as { store: Store }).store;
  let partPuts = 0;

  const uploadDir = (uploadId: string) => path.join(store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
  const extra = async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const objectPath = ctx.path.startsWith(`/${bucket}/`) ? ctx.path.slice(bucket.length + 2) : null;
    if (!uploadId || objectPath === null) return next();
    if (ctx.method === 'PUT' && ctx.query.partNumber) partPuts += 1;
    if (ctx.method === 'GET') {
      const dir = uploadDir(uploadId);
      const names = await readdir(dir).catch(() => null);
      if (!names) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`);
        return;
      }
      const parts = [];
      for (const name of names.filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b))) {
        const info = await stat(path.join(dir, name));
        const md5 = (await readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => '')).trim();
        parts.push(`<Part><PartNumber>${name}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`);
      }
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${escape(decodeURIComponent(objectPath))}</Key>` +
          `<UploadId>${escape(uploadId)}</UploadId><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      );
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
  (server as unknown as { middleware: unknown[] }).middleware.unshift(extra);

  const { port } = (await server.run()) as { port: number };
  return {
    port,
    bucket,
    storageUrl: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1&tls=false&pathStyle=true`,
    partPuts: () => partPuts,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
