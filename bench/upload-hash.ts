/**
 * The file key's cost in a real browser worker (docs/product/uploading.md#the-file-key): the hash worker as the
 * app ships it, bundled with esbuild and run in Chromium over a 1 GiB file, against a whole-file MD5 (spark-md5,
 * the same code reading every byte) of a 256 MiB file for comparison. The files are real files on disk chosen
 * through a file input, as a user's are: Chromium refuses to read Blobs of 512 MiB and more built in the page.
 * Prints figures; decides nothing.
 *   npm run bench:upload-hash [-- --runs 5]
 */
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { fileKeyPlan } from '../src/lib/upload/file-key';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const MiB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const upload = path.join(root, 'src/islands/shared/upload');

async function bundle(entry: { file: string } | { code: string }): Promise<string> {
  const result = await build({
    ...('file' in entry ? { entryPoints: [entry.file] } : { stdin: { contents: entry.code, resolveDir: upload, loader: 'ts' } }),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

const keyWorker = await bundle({ file: path.join(upload, 'hash.worker.ts') });
// The whole-file comparison: the same incremental spark-md5 loop, over every 4 MiB of the file.
const wholeWorker = await bundle({
  code: `import { md5OfRanges, wholeRanges } from './compute-file-key';
self.onmessage = async (e) => self.postMessage({ type: 'done', md5: await md5OfRanges(e.data.file, '', wholeRanges(e.data.file.size, ${4 * MiB})) });`,
});

const page = `<!doctype html><meta charset="utf-8"><title>upload hash bench</title><input type="file" multiple><script type="module">
function hashIn(worker, file) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    worker.onmessage = (e) => { if (e.data.type === 'done') resolve({ ms: performance.now() - started, md5: e.data.md5 }); else if (e.data.type === 'error') reject(new Error(e.data.message)); };
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ file });
  });
}
window.bench = async (runs) => {
  const [gib, part] = document.querySelector('input').files;
  const key = new Worker('/key.worker.js', { type: 'module' });
  const whole = new Worker('/whole.worker.js', { type: 'module' });
  const small = new Blob([new Uint8Array(1024 * 1024)]);
  await hashIn(key, small); await hashIn(whole, small);
  const keyMs = [], wholeMs = [];
  let keyMd5 = '';
  for (let i = 0; i < runs; i++) { const r = await hashIn(key, gib); keyMs.push(r.ms); keyMd5 = r.md5; }
  for (let i = 0; i < Math.min(runs, 3); i++) wholeMs.push((await hashIn(whole, part)).ms);
  key.terminate(); whole.terminate();
  return { keyMs, wholeMs, keyMd5 };
};
window.ready = true;
</script>`;

/** A file of `size` bytes: one random 8 MiB chunk repeated (the hash cannot tell, and writing stays fast). */
function writeFile(file: string, size: number): string {
  const chunk = randomFillSync(Buffer.alloc(8 * MiB));
  const fd = openSync(file, 'w');
  for (let left = size; left > 0; left -= chunk.length) writeSync(fd, chunk, 0, Math.min(left, chunk.length));
  closeSync(fd);
  return file;
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'upload-hash-'));
const gibFile = writeFile(path.join(dir, 'one-gib.bin'), 1024 * MiB);
const partFile = writeFile(path.join(dir, 'quarter-gib.bin'), 256 * MiB);

const files: Record<string, [string, string]> = {
  '/': ['text/html', page],
  '/key.worker.js': ['text/javascript', keyWorker],
  '/whole.worker.js': ['text/javascript', wholeWorker],
};
const server = http.createServer((req, res) => {
  const file = files[req.url ?? ''];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  await tab.locator('input').setInputFiles([gibFile, partFile]);
  const { keyMs, wholeMs, keyMd5 } = await tab.evaluate(
    (n) => (window as unknown as { bench: (n: number) => Promise<{ keyMs: number[]; wholeMs: number[]; keyMd5: string }> }).bench(n),
    runs,
  );
  // The worker's key must be the one the server recomputes: node:crypto over the same plan.
  const plan = fileKeyPlan(1024 * MiB);
  const expected = createHash('md5').update(plan.prefix, 'utf8');
  const fd = openSync(gibFile, 'r');
  for (const [start, end] of plan.ranges) {
    const range = Buffer.alloc(end - start);
    readSync(fd, range, 0, range.length, start);
    expected.update(range);
  }
  closeSync(fd);
  const nodeMd5 = expected.digest('hex');
  if (keyMd5 !== nodeMd5) throw new Error(`worker key ${keyMd5} != node:crypto ${nodeMd5}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const keyMedian = median(keyMs);
  const wholeMedian = median(wholeMs);
  console.log(`Chromium ${browser.version()}, ${runs} runs, median; the worker's key matches node:crypto (${keyMd5})`);
  console.log(`file key (3 MiB read) of a 1 GiB file in the worker: ${keyMedian.toFixed(1)} ms per GiB  [${keyMs.map((x) => x.toFixed(1)).join(', ')}]`);
  console.log(`whole-file MD5 of a 256 MiB file in a worker: ${wholeMedian.toFixed(0)} ms  = ${((wholeMedian * 4) / 1000).toFixed(1)} s per GiB  [${wholeMs.map((x) => x.toFixed(0)).join(', ')}]`);
  console.log(`ratio per GiB: ${((wholeMedian * 4) / keyMedian).toFixed(0)}×`);
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
