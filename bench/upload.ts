/**
 * A 500 MiB multipart upload (docs/product/storage.md#multipart-uploads) against the built server, on both stores:
 * the local disk (every part PUT to the app's own part endpoint over HTTP) and an S3-compatible store (s3rver; parts
 * PUT to presigned URLs, the app only joins and checks). The file is streamed from disk part by part. Prints the
 * throughput and how much the app server's resident memory grew over its level before the upload (sampled from
 * /proc every 20 ms, and its high-water mark); the aim is under 64 MB. Decides nothing.
 *   npm run bench:upload [-- --mib 500 --stores local,s3 --concurrency 3 --pg postgresql://postgres@127.0.0.1:5432/postgres]
 *   (3 parts at a time, as the browser's uploader sends them; --pg runs the app on PostgreSQL instead of the embedded database)
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { PART_CONCURRENCY } from '../src/islands/shared/upload/upload-plan';
import { fileKeyOf, fileKeyPlan } from '../src/lib/upload/file-key';
import { UPLOAD_PART_BYTES } from '../src/lib/upload/limits';
import { ensureBuilt, startServer, tempDataDir } from '../tests/process/server-process';
import { startS3Server } from '../tests/support/s3-server';
import { createScratchDatabase } from '../tests/support/scratch-database';

const { values } = parseArgs({
  options: { mib: { type: 'string', default: '500' }, stores: { type: 'string', default: 'local,s3' }, concurrency: { type: 'string', default: String(PART_CONCURRENCY) }, pg: { type: 'string' } },
});
const SIZE = Number(values.mib) * 1024 * 1024;
const CONCURRENCY = Number(values.concurrency);
const MB = 1024 * 1024;
const S = '/api/metaData/storageService';

/** A model file (a format without a signature): one random part, stamped with its number so every part differs. */
async function writeTestFile(file: string): Promise<void> {
  const block = Buffer.from(createHash('sha512').update('seed').digest());
  const part = Buffer.alloc(UPLOAD_PART_BYTES);
  for (let i = 0; i < part.length; i += block.length) block.copy(part, i);
  const handle = await open(file, 'w');
  for (let offset = 0, n = 0; offset < SIZE; offset += UPLOAD_PART_BYTES, n++) {
    part.writeUInt32BE(n, 0);
    part.writeUInt32BE((n * 2654435761) >>> 0, 1000);
    await handle.write(part, 0, Math.min(UPLOAD_PART_BYTES, SIZE - offset), offset);
  }
  await handle.close();
}

async function fileKeyOfFile(file: string): Promise<string> {
  const plan = fileKeyPlan(SIZE);
  const md5 = createHash('md5').update(plan.prefix);
  const handle = await open(file, 'r');
  for (const [start, end] of plan.ranges) {
    const buffer = Buffer.alloc(end - start);
    await handle.read(buffer, 0, buffer.length, start);
    md5.update(buffer);
  }
  await handle.close();
  return fileKeyOf(md5.digest('hex'), '3dm');
}

/** Resident memory of a process, in bytes: the current size and the high-water mark. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The session of a new supplier in the server's own database (the embedded one, through its socket). */
async function signIn(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  process.env.DATABASE_POOL_MAX = '2';
  const { resetEnvCache } = await import('../src/lib/server/env');
  const { closeDb } = await import('../src/lib/server/db/client');
  const { createSession, createUser } = await import('../tests/fixtures/identity');
  resetEnvCache();
  const token = await createSession(await createUser({ role: 2 }));
  await closeDb();
  return token;
}

async function api(base: string, token: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 200) throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

/**
 * With `--pg <server URL>` the app runs on a new, migrated database on that PostgreSQL server: the embedded database
 * lives in the app's process, and its own memory growth would otherwise count as the upload's.
 */
async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await createScratchDatabase(serverUrl, 'matlib_bench_upload');
  const { createDb } = await import('../src/lib/server/db/client');
  const { migrateDatabase } = await import('../src/lib/server/db/migrate');
  const { db, pool } = createDb({ connectionString: database.url, max: 1 });
  await migrateDatabase(db);
  await pool.end();
  return database;
}

async function settled(pid: number, timeoutMs = 20_000): Promise<void> {
  const samples: number[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    samples.push((await memoryOf(pid)).rss);
    const recent = samples.slice(-8);
    if (recent.length === 8 && Math.max(...recent) - Math.min(...recent) < 4 * 1024 * 1024) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function run(store: 'local' | 's3', file: string, key: string): Promise<void> {
  const s3 = store === 's3' ? await startS3Server('matlib-bench') : undefined;
  const dataDir = tempDataDir();
  const database = values.pg ? await freshDatabase(values.pg) : undefined;
  const server = await startServer(dataDir, { LOG_LEVEL: 'warn', ...(s3 ? { STORAGE_URL: s3.storageUrl } : {}), ...(database ? { DATABASE_URL: database.url } : {}) });
  try {
    const token = await signIn(dataDir, database?.url);
    const pid = server.child.pid!;
    // Warm the routes up first, so the figure is the upload's and not the first request's module loading.
    await api(server.url, token, `${S}/getStorageServiceConfig`);
    // A server that has just started still grows as it settles (the embedded database, lazily loaded modules): wait
    // until its memory holds still for two seconds, so the growth measured is the upload's.
    await settled(pid);
    const before = await memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => void memoryOf(pid).then((m) => (peak = Math.max(peak, m.rss)), () => undefined), 20);

    const started = performance.now();
    const init = await api(server.url, token, `${S}/multipart/init`, { key, name: 'bench.3dm', mime: '', size: SIZE });
    if (init.status !== 'upload') throw new Error(`init answered ${init.status}`);
    const { uploadId, partCount } = init as { uploadId: string; partCount: number };
    const numbers = Array.from({ length: partCount }, (_, i) => i + 1);
    const urls = new Map<number, string>();
    for (let i = 0; i < numbers.length; i += 100) {
      const { parts } = await api(server.url, token, `${S}/multipart/part-urls`, { key, uploadId, partNumbers: numbers.slice(i, i + 100) });
      for (const p of parts as { partNumber: number; url: string }[]) urls.set(p.partNumber, p.url.startsWith('/') ? `${server.url}${p.url}` : p.url);
    }
    const etags = new Map<number, string>();
    const queue = [...numbers];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          const start = (n - 1) * UPLOAD_PART_BYTES;
          const end = Math.min(SIZE, start + UPLOAD_PART_BYTES);
          const body = Readable.toWeb(createReadStream(file, { start, end: end - 1 })) as ReadableStream;
          const res = await fetch(urls.get(n)!, { method: 'PUT', body, duplex: 'half', headers: { 'content-length': String(end - start) } } as RequestInit);
          if (res.status !== 200) throw new Error(`part ${n}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
          etags.set(n, res.headers.get('etag') ?? '');
        }
      }),
    );
    const sent = performance.now();
    const peakDuringParts = peak;
    const stored = await api(server.url, token, `${S}/multipart/complete`, { key, uploadId, parts: numbers.map((n) => ({ partNumber: n, etag: etags.get(n)! })) });
    const done = performance.now();
    clearInterval(sampler);
    const after = await memoryOf(pid);
    peak = Math.max(peak, after.rss);
    if (stored.size !== SIZE) throw new Error(`stored ${stored.size} bytes`);

    const seconds = (done - started) / 1000;
    console.log(
      `${store.padEnd(5)} ${values.mib} MiB in ${partCount} parts: ${(SIZE / MB / seconds).toFixed(1)} MB/s overall ` +
        `(parts ${((sent - started) / 1000).toFixed(1)} s, complete + checks ${((done - sent) / 1000).toFixed(1)} s); ` +
        `server RSS ${(before.rss / MB).toFixed(0)} MB before, peak growth ${((peak - before.rss) / MB).toFixed(1)} MB (${((peakDuringParts - before.rss) / MB).toFixed(1)} MB while the parts came in), ` +
        `high-water mark ${(before.hwm / MB).toFixed(0)} → ${(after.hwm / MB).toFixed(0)} MB` +
        (s3 ? `; part PUTs at the store: ${s3.partPuts()}` : ''),
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await s3?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
const dir = mkdtempSync(path.join(tmpdir(), 'matlib-bench-upload-'));
try {
  const file = path.join(dir, 'bench.3dm');
  await writeTestFile(file);
  const key = await fileKeyOfFile(file);
  for (const store of values.stores.split(',') as ('local' | 's3')[]) await run(store, file, key);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
