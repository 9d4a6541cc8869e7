/**
 * What hostile requests cost the built server (docs/architecture.md#security): each attack is replayed on its own
 * against a production server on 127.0.0.1 (embedded database, demo seed, a fresh data dir), while the server's
 * resident memory is sampled from /proc every 20 ms (and its high-water mark, reset before each attack) and
 * `GET /api/health` is polled every 50 ms; a baseline row polls the same way with no attack. Each attack lists the
 * HTTP statuses (or socket errors) it got. Prints figures; decides nothing (exit 0 whatever they are). A server that
 * dies is reported for that attack and started again; one that grows past 4 GB is killed and reported the same way.
 *   npm run bench:abuse [-- --only bomb,csv,login,parts,pdf,photo,json --materials 120]
 * `--data-dir <dir>` reuses a data dir a run left (with `--keep`) instead of seeding a fresh one.
 * `--materials` is the demo seed's catalogue (SEED_MATERIALS): small by default, so describing its pictures in the
 * background is over before anything is measured; the book's 200 materials are imported on top.
 */
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { zipInMemory, zipCentralHeader, zipEndRecord, zipLocalHeader, type ZipRecord } from '../src/lib/server/material-files/write-u3ma';
import { ensureBuilt, freePort, spawnServer, tempDataDir, type ServerProcess } from '../tests/process/server-process';
import { runScript } from './bench-databases';

const ATTACKS = ['bomb', 'csv', 'login', 'parts', 'pdf', 'photo', 'json'] as const;
type AttackName = (typeof ATTACKS)[number];
const { values } = parseArgs({ options: { only: { type: 'string', default: ATTACKS.join(',') }, materials: { type: 'string', default: '120' }, 'data-dir': { type: 'string' }, keep: { type: 'boolean', default: false } } });
const chosen = values.only.split(',').map((s) => s.trim()) as AttackName[];
for (const name of chosen) if (!ATTACKS.includes(name)) throw new Error(`unknown attack ${name}; one of ${ATTACKS.join(', ')}`);

const MB = 1024 * 1024;
/** Past this the server is killed: the machine's memory is shared. */
const RSS_CEILING = 4 * 1024 * MB;
/** No attack runs longer; its requests are dropped then. */
const ATTACK_MS = 180_000;
const BASELINE_MS = 6_000;
const TARGET_RSS_MB = 64;
const TARGET_HEALTH_MS = 200;
const API = '/api/idealab-material';
const IMPORT_CHECK = `${API}/v2/material/import/check`;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------------------
// The server, its memory, its health.

const dataDir = values['data-dir'] ?? tempDataDir();
let app: ServerProcess | undefined;
/** Set when the bench itself killed the server (the memory ceiling), so that is not reported as a death. */
let killedForMemory = false;

/** As `startServer`, with more patience: on a machine shared with other work a start can take minutes. */
async function boot(): Promise<ServerProcess> {
  killedForMemory = false;
  const port = await freePort();
  const proc = spawnServer(dataDir, { LOG_LEVEL: 'warn', PORT: String(port) });
  app = { ...proc, port, url: `http://127.0.0.1:${port}` };
  for (const deadline = Date.now() + 10 * 60_000; ; await settle(250)) {
    if (!alive()) throw new Error(`server exited before it was ready:\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 10 minutes:\n${proc.output()}`);
    if ((await fetch(`${app.url}/api/health`).then((r) => r.status, () => 0)) === 200) return app;
  }
}

async function stop(): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  const forced = setTimeout(() => app?.child.kill('SIGKILL'), 15_000);
  await app.exited;
  clearTimeout(forced);
}

const alive = () => app !== undefined && app.child.exitCode === null && app.child.signalCode === null;

function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets the process's high-water mark (VmHWM) to its current size, so the next one read is this attack's. */
function resetHighWaterMark(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Until the server's memory holds still for two seconds (or 20 s pass): growth is then the attack's own. */
async function settled(pid: number): Promise<void> {
  const samples: number[] = [];
  for (const until = Date.now() + 20_000; Date.now() < until && alive(); await settle(250)) {
    samples.push(memoryOf(pid)?.rss ?? 0);
    const recent = samples.slice(-8);
    if (recent.length === 8 && Math.max(...recent) - Math.min(...recent) < 2 * MB) return;
  }
}

interface Watch {
  stop: () => { peakGrowth: number; hwmGrowth: number | null; worst: number; p99: number; polls: number; overCeiling: boolean };
}

/** Samples memory every 20 ms and polls /api/health every 50 ms until stopped; kills the server past the ceiling. */
function watch(server: ServerProcess): Watch {
  const pid = server.child.pid!;
  const hwmReset = resetHighWaterMark(pid);
  const before = memoryOf(pid) ?? { rss: 0, hwm: 0 };
  let peak = before.rss;
  let lastHwm = before.hwm;
  let overCeiling = false;
  const sampler = setInterval(() => {
    const m = memoryOf(pid);
    if (!m) return;
    peak = Math.max(peak, m.rss);
    lastHwm = m.hwm;
    if (m.rss > RSS_CEILING && !overCeiling) {
      overCeiling = true;
      killedForMemory = true;
      server.child.kill('SIGKILL');
    }
  }, 20);
  const latencies: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      try {
        const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
      } catch {
        // A refused or timed-out poll counts with the time it took.
      }
      latencies.push(performance.now() - started);
      if (!alive()) break;
      await settle(50);
    }
  })();
  return {
    stop: () => {
      polling = false;
      clearInterval(sampler);
      void poller;
      const m = memoryOf(pid);
      if (m) {
        peak = Math.max(peak, m.rss);
        lastHwm = m.hwm;
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        peakGrowth: peak - before.rss,
        hwmGrowth: hwmReset ? Math.max(peak, lastHwm) - before.rss : null,
        worst: sorted.at(-1) ?? 0,
        p99: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0,
        polls: sorted.length,
        overCeiling,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests: node:http, so a body can be streamed, a response can arrive before the body is all sent, and a socket
// error is a result rather than an exception.

type Body = Buffer | (() => Iterable<Buffer> | AsyncIterable<Buffer>);

interface Send {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Body;
  signal: AbortSignal;
  /** Called with the response body when it is wanted (small answers only). */
  keep?: boolean;
}

async function send(req: Send): Promise<{ status: string; body?: Buffer }> {
  if (!app) return { status: 'no server' };
  const url = new URL(req.path, app.url);
  return new Promise((resolve) => {
    let finished = false;
    let answered = false;
    const chunks: Buffer[] = [];
    let kept = 0;
    const done = (status: string, body?: Buffer) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      req.signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve({ status, body });
    };
    const onAbort = () => done('dropped (time limit)');
    const timer = setTimeout(onAbort, ATTACK_MS);
    req.signal.addEventListener('abort', onAbort);
    const request = http.request(url, { method: req.method ?? 'POST', headers: { origin: app!.url, 'sec-fetch-site': 'same-origin', ...req.headers }, agent: false }, (res) => {
      answered = true;
      const status = String(res.statusCode);
      res.on('data', (chunk: Buffer) => {
        if (req.keep && kept < 64 * MB) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () => done(status, Buffer.concat(chunks)));
      res.on('error', () => done(status, Buffer.concat(chunks)));
      res.on('close', () => done(status, Buffer.concat(chunks)));
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      // A server that answered and then closed while the body was still going out: the answer is the result.
      if (!answered) done(err.code ?? err.message);
    });
    if (req.signal.aborted) return onAbort();
    const body = req.body;
    if (body === undefined || Buffer.isBuffer(body)) {
      request.end(body);
      return;
    }
    // Drained or gone, whichever first, leaving no listener behind (a body is hundreds of waits).
    const writable = () =>
      new Promise<void>((resolve) => {
        const go = () => {
          request.off('drain', go);
          request.off('close', go);
          resolve();
        };
        request.on('drain', go);
        request.on('close', go);
      });
    void (async () => {
      try {
        for await (const chunk of body()) {
          if (finished || answered) return;
          if (!request.write(chunk)) await writable();
        }
        if (!finished && !answered) request.end();
      } catch {
        // the socket went away; the error handler reports it
      }
    })();
  });
}

async function json<T = any>(path: string, init: { cookie?: string; body?: unknown; method?: string }): Promise<T> {
  if (!app) throw new Error('no server');
  const res = await fetch(new URL(path, app.url), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: app.url, ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function signIn(account: string): Promise<string> {
  const res = await fetch(new URL(`${API}/passport/login/1`, app!.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'matlib-demo' }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`sign-in of ${account} failed: ${res.status}`);
  return cookie;
}

/** The demo supplier works for two companies, so a new session has none until one is chosen: the tannery. */
async function signInSupplier(): Promise<string> {
  const cookie = await signIn('supplier@matlib.demo');
  const companies = await json<{ id: number; name: string }[]>(`${API}/passport/company/list`, { cookie });
  const tannery = companies.find((c) => c.name === '东莞华皮革有限公司') ?? companies[0];
  if (!tannery) throw new Error('the demo supplier has no company');
  await json(`${API}/passport/select-company?companyId=${tannery.id}`, { cookie });
  return cookie;
}

/** Until the server's background jobs (the demo's pictures, an import) are done, or the time runs out. */
async function jobsDone(limitMs: number): Promise<boolean> {
  for (const deadline = Date.now() + limitMs; Date.now() < deadline; await settle(2_000)) {
    // A kept-alive connection the server just closed resets now and then: the next poll asks again.
    const health = (await fetch(`${app!.url}/api/health`).then((r) => r.json(), () => null)) as { data: { jobs?: { queued: number; active: number } } } | null;
    if (health && (!health.data.jobs || health.data.jobs.queued + health.data.jobs.active === 0)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies.

const BOUNDARY = '----matlib-abuse-7d1f0c';
type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

function partHead(p: Omit<Part, 'data'>): string {
  const file = p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`;
}

function multipart(parts: Part[]): Buffer {
  return Buffer.concat([...parts.flatMap((p) => [Buffer.from(partHead(p)), Buffer.from(p.data), Buffer.from('\r\n')]), Buffer.from(`--${BOUNDARY}--\r\n`)]);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The same bytes `count` times in chunks of at most 1 MB, never held whole. */
function* repeated(pattern: string, count: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor(MB / Buffer.byteLength(pattern)));
  const chunk = Buffer.from(pattern.repeat(perChunk));
  for (let left = count; left > 0; left -= perChunk) yield left >= perChunk ? chunk : Buffer.from(pattern.repeat(left));
}

/** Two GiB of zeros, deflated as it streams (never held); the inflated size is capped well under 2.5 GB. */
const BOMB_INFLATED = 2 * 1024 * MB;

async function deflatedZeros(size: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const zeros = Buffer.alloc(4 * MB);
  let crc = 0;
  for (let written = 0; written < size; written += zeros.length) {
    const piece = size - written >= zeros.length ? zeros : zeros.subarray(0, size - written);
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), crc };
}

/** A real workbook (a header and one row) with a zero-filled picture entry that inflates to `BOMB_INFLATED`. */
async function bombSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('材料');
  sheet.addRow(['货号', '中文名称', '类目']);
  sheet.addRow(['BOMB-1', '炸弹', '梭织面料 / 斜纹布']);
  const zip = await JSZip.loadAsync((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  const parts: Buffer[] = [];
  const records: ZipRecord[] = [];
  let offset = 0;
  const add = (name: string, body: Buffer, crc: number, size: number) => {
    const record: ZipRecord = { name: Buffer.from(name), method: 8, crc, compressedSize: body.length, size, offset };
    const local = zipLocalHeader(record);
    parts.push(local, body);
    records.push(record);
    offset += local.length + body.length;
  };
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    const data = await entry.async('nodebuffer');
    add(name, deflateRawSync(data), crc32(data), data.length);
  }
  const zeros = await deflatedZeros(BOMB_INFLATED);
  add('xl/media/image1.png', zeros.data, zeros.crc, BOMB_INFLATED);
  const directory = Buffer.concat(records.map((r) => zipCentralHeader(r)));
  return Buffer.concat([...parts, directory, zipEndRecord(records.length, directory.length, offset)]);
}

const CSV_HEADER = '\uFEFF货号,中文名称,类目\r\n';

function* manyRows(count: number): Generator<Buffer> {
  yield Buffer.from(CSV_HEADER);
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(`ROW-${i},行 ${i},梭织面料 / 斜纹布\r\n`);
    if (rows.length === 10_000) yield Buffer.from(rows.splice(0).join(''));
  }
  if (rows.length) yield Buffer.from(rows.join(''));
}

/** A multipart body of a sheet part streamed from `sheet`, so neither sheet is held whole. */
function* sheetUpload(filename: string, sheet: Iterable<Buffer>): Generator<Buffer> {
  yield Buffer.from(partHead({ name: 'marketType' }) + '1\r\n');
  yield Buffer.from(partHead({ name: 'file', filename, type: 'text/csv' }));
  yield* sheet;
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

function* manyParts(count: number, first: string): Generator<Buffer> {
  yield Buffer.from(first);
  yield* repeated(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n`, count);
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up the attacks need: a supplier session, a 200-material book on the market, photos.

interface Setup {
  supplier: string;
  buyer: string;
  bookId: number;
}

/** 200 materials of the demo supplier through the bulk import (with a photo-sized cover each), then a book of them. */
async function bookOf200(cookie: string): Promise<number> {
  const count = 200;
  const pictures = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `p${i}.jpg`,
      method: 0 as const,
      data: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 120 } } })
        .composite([{ input: Buffer.from(`<svg width="1600" height="1200"><text x="80" y="600" font-size="200">${i}</text></svg>`) }])
        .jpeg()
        .toBuffer(),
    })),
  );
  // The export's columns for a woven material, as a supplier fills them in.
  const header = '\uFEFF货号,中文名称,英文名称,类目,色卡,价格,幅宽,克重（g/m²）,适用季节,适用产品,图片\r\n';
  const csv = header + Array.from({ length: count }, (_, i) => `BOOK-${i},册料斜纹 ${i},Book twill ${i},梭织面料 / 斜纹布,藏青 #1f3a93; 黑 #111111,12.5,150 cm,220,秋冬,运动鞋、休闲鞋,p${i}.jpg\r\n`).join('');
  const body = multipart([
    { name: 'file', filename: 'book.csv', type: 'text/csv', data: csv },
    { name: 'images', filename: 'pictures.zip', type: 'application/zip', data: zipInMemory(pictures) },
  ]);
  const res = await fetch(new URL(IMPORT_CHECK, app!.url), { method: 'POST', headers: { ...MULTIPART, cookie, origin: app!.url, 'sec-fetch-site': 'same-origin' }, body: new Uint8Array(body) });
  const check = (await res.json()) as { code: number; msg: string; data: { importId: number; counts: { create: number; update: number; unchanged: number; error: number } } };
  if (check.code !== 200) throw new Error(`book materials: import check answered ${check.code} ${check.msg}`);
  // A kept data dir has them already: unchanged rows are as good.
  if (check.data.counts.create + check.data.counts.unchanged + check.data.counts.update !== count) {
    const rows = await json<{ records: unknown[] }>(`${API}/v2/material/import/rows?importId=${check.data.importId}&only=error`, { cookie });
    throw new Error(`book materials: the dry run refused rows: ${JSON.stringify(check.data.counts)} ${JSON.stringify(rows.records.slice(0, 2))}`);
  }
  await json(`${API}/v2/material/import/start`, { cookie, body: { importId: check.data.importId } });
  for (const deadline = Date.now() + 10 * 60_000; ; await settle(1_000)) {
    const status = await json<{ state: string; created: number; failed: number }>(`${API}/v2/material/import/status?importId=${check.data.importId}`, { cookie });
    if (status.state === 'done') break;
    if (status.state === 'failed' || Date.now() > deadline) throw new Error(`book materials: import ${status.state}`);
  }
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const list = await json<{ records: { id: number; serialNo?: string }[] }>(`${API}/v2/material/supplier/list?keywords=BOOK-&size=60&page=${page}`, { cookie });
    if (list.records.length === 0) break;
    ids.push(...list.records.map((r) => r.id));
  }
  if (ids.length < count) throw new Error(`book materials: ${ids.length} of ${count} imported (${JSON.stringify(check.data.counts)})`);
  // Imported materials start off the market, and a guest's PDF shows only what is on it.
  for (let i = 0; i < count; i += 50) await json(`${API}/v2/material/on`, { cookie, body: { materialIds: ids.slice(i, i + 50), marketTypes: [1] } });
  const book = await json<{ id: number }>(`${API}/material/book/add`, { cookie, body: { name: `abuse ${Date.now() % 100000}` } });
  await json(`${API}/material/book/edit`, { cookie, body: { id: book.id, introduction: '两百个材料', coverMaterialId: null, materialIds: ids.slice(0, count) } });
  await json(`${API}/open/market/v1.4/materalbook/batch/on`, { cookie, body: { ids: [book.id] } });
  return book.id;
}

/** A 1 MP photo of noise, different for each seed (each search is a new picture to decode and describe). */
async function photo(seed: number): Promise<Buffer> {
  const width = 1000;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).blur(2).jpeg({ quality: 85 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// The attacks: each answers the statuses it got.

type Attack = { name: AttackName; title: string; run: (s: Setup, signal: AbortSignal) => Promise<string[]> };

let bomb: Buffer | undefined;

const ATTACK_LIST: Attack[] = [
  {
    name: 'bomb',
    title: 'xlsx zip bomb (2 GiB entry) to import check',
    run: async (s, signal) => {
      const body = multipart([{ name: 'file', filename: 'bomb.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: bomb! }]);
      return [(await send({ path: IMPORT_CHECK, headers: { ...MULTIPART, cookie: s.supplier }, body, signal })).status];
    },
  },
  {
    name: 'csv',
    title: '400k-row CSV, then one 9M-char field',
    run: async (s, signal) => {
      const rows = await send({ path: IMPORT_CHECK, headers: { ...MULTIPART, cookie: s.supplier }, body: () => sheetUpload('rows.csv', manyRows(400_000)), signal });
      const field = await send({
        path: IMPORT_CHECK,
        headers: { ...MULTIPART, cookie: s.supplier },
        body: () => sheetUpload('field.csv', [Buffer.from(`${CSV_HEADER}F-1,"`), ...repeated('a', 9_000_000), Buffer.from('",梭织面料 / 斜纹布\r\n')]),
        signal,
      });
      return [rows.status, field.status];
    },
  },
  {
    name: 'login',
    title: '400 MB form post to /login (guest)',
    run: async (_s, signal) => [(await send({ path: '/login', headers: FORM, body: () => [Buffer.from('account=a%40b.c&password='), ...repeated('a', 400 * MB)], signal })).status],
  },
  {
    name: 'parts',
    title: '400k multipart parts: import check, /login',
    run: async (s, signal) => {
      const check = await send({ path: IMPORT_CHECK, headers: { ...MULTIPART, cookie: s.supplier }, body: () => manyParts(400_000, partHead({ name: 'marketType' }) + '1\r\n'), signal });
      const page = await send({ path: '/login', headers: MULTIPART, body: () => manyParts(400_000, partHead({ name: 'account' }) + 'a@b.c\r\n'), signal });
      return [check.status, page.status];
    },
  },
  {
    name: 'pdf',
    title: 'PDF flood: 3 × 10 guests, 200-material book',
    run: async (s, signal) => {
      const statuses: string[] = [];
      for (let round = 0; round < 3 && !signal.aborted && alive(); round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => send({ method: 'GET', path: `${API}/material/book/pdf?id=${s.bookId}`, signal })));
        statuses.push(...answers.map((a) => a.status));
      }
      return statuses;
    },
  },
  {
    name: 'photo',
    title: 'photo flood: 2 × 10 searches, 1 MP JPEGs',
    run: async (s, signal) => {
      const statuses: string[] = [];
      for (let round = 0; round < 2 && !signal.aborted && alive(); round++) {
        const bodies = await Promise.all(Array.from({ length: 10 }, async (_, i) => multipart([{ name: 'file', filename: `photo${i}.jpg`, type: 'image/jpeg', data: await photo(round * 10 + i + 1) }])));
        const answers = await Promise.all(bodies.map((body) => send({ path: `${API}/open/v2/material/search/pic`, headers: { ...MULTIPART, cookie: s.buyer }, body, signal })));
        statuses.push(...answers.map((a) => a.status));
      }
      return statuses;
    },
  },
  {
    name: 'json',
    title: '"[" nests: API 1 MB and 63 KB, /content-preview 1 MB',
    run: async (s, signal) => {
      const path = `${API}/material/book/material/search`;
      const api = await send({ path, headers: { 'content-type': 'application/json' }, body: () => repeated('[', MB), signal });
      // Just under the API's default body limit (64 KB), so the parser does see it.
      const under = await send({ path, headers: { 'content-type': 'application/json' }, body: () => repeated('[', 63 * 1024), signal });
      const page = await send({ path: '/content-preview', headers: { ...FORM, cookie: s.supplier }, body: () => [Buffer.from('content='), ...repeated('[', MB)], signal });
      return [api.status, under.status, page.status];
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------

interface Result {
  title: string;
  statuses: string;
  peakMb: string;
  hwmMb: string;
  worst: string;
  p99: string;
  note: string;
}

const results: Result[] = [];
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const tally = (statuses: string[]) => {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => (n > 1 ? `${s}×${n}` : s)).join(' ');
};

async function measure(title: string, setup: Setup, run: (signal: AbortSignal) => Promise<string[]>): Promise<void> {
  if (!alive()) await boot();
  const server = app!;
  await settled(server.child.pid!);
  const controller = new AbortController();
  const limit = setTimeout(() => controller.abort(), ATTACK_MS);
  // The attack's requests fail as soon as the server is gone; the watch notices it too.
  const died = server.exited.then(() => controller.abort());
  const w = watch(server);
  let statuses: string[];
  try {
    statuses = await run(controller.signal);
  } catch (err) {
    statuses = [`bench error: ${(err as Error).message}`];
  }
  clearTimeout(limit);
  void died;
  const f = w.stop();
  const dead = !alive();
  const note = f.overCeiling ? `server passed ${RSS_CEILING / 1024 / MB} GB: killed` : dead ? 'server died' : controller.signal.aborted ? `stopped after ${ATTACK_MS / 1000} s` : '';
  results.push({ title, statuses: tally(statuses), peakMb: mb(f.peakGrowth), hwmMb: f.hwmGrowth === null ? '—' : mb(f.hwmGrowth), worst: f.worst.toFixed(0), p99: f.p99.toFixed(0), note });
  console.log(`  ${title}: ${tally(statuses)}; RSS +${mb(f.peakGrowth)} MB (high-water +${f.hwmGrowth === null ? '—' : mb(f.hwmGrowth)} MB); health worst ${f.worst.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms over ${f.polls} polls${note ? `; ${note}` : ''}`);
  if (dead) {
    if (!killedForMemory) console.log(`  server output (tail):\n${server.output().slice(-2000)}`);
    await boot();
  }
}

function printTable(): void {
  const cols = [
    ['attack', 46],
    ['statuses', 34],
    ['RSS +MB', 8],
    ['HWM +MB', 8],
    ['worst ms', 9],
    ['p99 ms', 7],
  ] as const;
  console.log(`\n${cols.map(([h, w], i) => (i < 2 ? h.padEnd(w) : h.padStart(w))).join(' ')}   note`);
  for (const r of results) {
    const cells = [r.title, r.statuses, r.peakMb, r.hwmMb, r.worst, r.p99];
    console.log(`${cells.map((c, i) => (i < 2 ? c.padEnd(cols[i]![1]) : c.padStart(cols[i]![1]))).join(' ')}   ${r.note}`);
  }
  console.log(`targets: RSS growth ≤ ${TARGET_RSS_MB} MB, health < ${TARGET_HEALTH_MS} ms (worst and p99)`);
}

ensureBuilt();
// Ctrl-C still takes the server down with the bench.
process.once('SIGINT', () => {
  app?.child.kill('SIGKILL');
  process.exit(130);
});
try {
  const started = performance.now();
  console.log('bench:abuse — seeding the demo data, then starting the built server …');
  // Seeded first: the server's start-up would wait on it past the start helper's patience.
  if (!values['data-dir']) runScript({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_MATERIALS: values.materials }, 'scripts/db-seed.ts', []);
  await boot();
  const ready = await jobsDone(15 * 60_000);
  console.log(`  seeded and background jobs ${ready ? 'done' : 'still running'} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const setup: Setup = { supplier: await signInSupplier(), buyer: await signIn('buyer@matlib.demo'), bookId: 0 };
  if (chosen.includes('pdf')) {
    console.log('  making a 200-material book (bulk import with a cover each) …');
    setup.bookId = await bookOf200(setup.supplier);
    await jobsDone(10 * 60_000);
    const first = await send({ method: 'GET', path: `${API}/material/book/pdf?id=${setup.bookId}`, signal: AbortSignal.timeout(ATTACK_MS), keep: true });
    console.log(`  the book's PDF for a guest: ${first.status}, ${((first.body?.length ?? 0) / 1024).toFixed(0)} KB`);
  }
  if (chosen.includes('bomb')) {
    bomb = await bombSheet();
    console.log(`  bomb sheet: ${mb(bomb.length)} MB, one entry inflating to ${mb(BOMB_INFLATED)} MB`);
  }
  console.log(`  ready after ${((performance.now() - started) / 1000).toFixed(0)} s${ready ? '' : ' (background jobs still running)'}\n`);
  await measure('baseline (no attack)', setup, async (signal) => {
    await Promise.race([settle(BASELINE_MS), once(signal, 'abort')]);
    return ['—'];
  });
  for (const attack of ATTACK_LIST.filter((a) => chosen.includes(a.name))) {
    // The server is restarted after a death; sessions live in its database and survive that.
    await measure(attack.title, setup, (signal) => attack.run(setup, signal));
  }
  printTable();
} catch (err) {
  console.error(`bench:abuse could not finish: ${(err as Error).stack ?? err}`, (err as Error).cause ?? '');
  if (app) console.error(`server ${alive() ? 'running' : `exited (${app.child.exitCode ?? app.child.signalCode})`}; its output (tail):\n${app.output().slice(-2000)}`);
  if (results.length) printTable();
} finally {
  await stop();
  if (values.keep || values['data-dir']) console.log(`data dir kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
