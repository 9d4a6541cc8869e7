/**
 * Server-rendered pages and the store API under load, signed in and as a guest, on the production server: each
 * row next to a plain node:http server answering the same bytes on the same machine, with the ratio, and the
 * server's memory at rest after start and after the load (docs/architecture.md#budgets). Prints figures; decides
 * nothing.
 *   npm run bench:ssr [-- --engines embedded,postgres --materials 600 --seconds 10 --connections 16 --rows home,store]
 * `--materials` above the demo's 600 grows the catalogue with `db:seed` first (100000 takes several minutes).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, startServer } from '../tests/process/server-process';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'embedded' },
    materials: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    rows: { type: 'string', default: '' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const materials = Number(values.materials);
const base = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'identity' };

interface Row {
  name: string;
  title: string;
  path: (ids: { detail: string }) => string;
  signedIn: boolean;
  /** Each request gets a query of its own, so no copy of a whole page can answer it. */
  unique?: boolean;
  target: string;
}

const ROWS: Row[] = [
  { name: 'home', title: 'signed-in /home', path: () => '/home', signedIn: true, target: '≥ 400/s, p99 ≤ 100 ms' },
  { name: 'store', title: 'signed-in /main/material-store', path: () => '/main/material-store', signedIn: true, target: '≥ 300/s' },
  { name: 'detail', title: 'signed-in /material/detail', path: (ids) => ids.detail, signedIn: true, target: '≥ 400/s' },
  { name: 'guest-store', title: 'guest store, not in the page cache', path: () => '/main/material-store', signedIn: false, unique: true, target: '≥ 300/s' },
  { name: 'api-store', title: 'GET …/open/v2/material/store', path: () => '/api/idealab-material/open/v2/material/store', signedIn: false, target: '≥ 800/s' },
  { name: 'tip', title: 'signed-in /mobile/tip', path: () => '/mobile/tip', signedIn: true, target: '≥ 1500/s' },
  { name: 'guest-home', title: 'guest /home (page cache)', path: () => '/home', signedIn: false, target: '—' },
];
const chosen = values.rows ? ROWS.filter((r) => values.rows.split(',').includes(r.name)) : ROWS;

type Figures = { rps: number; p50: number; p99: number };

async function load(url: string, headers: Record<string, string>, unique = false): Promise<Figures> {
  let n = 0;
  const path = new URL(url).pathname + new URL(url).search;
  const requests = unique ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}${path.includes('?') ? '&' : '?'}_=${++n}` }) }] : undefined;
  await autocannon({ url, connections, duration: 2, headers, requests }); // warm-up
  const r = await autocannon({ url, connections, duration, headers, requests });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until the start-up's background work (describing the demo's pictures) is done: it would share the load's CPU. */
async function jobsDone(url: string): Promise<void> {
  for (const deadline = Date.now() + 15 * 60_000; Date.now() < deadline; await settle(2_000)) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { data: { jobs: { queued: number; active: number } } };
    if (health.data.jobs.queued + health.data.jobs.active === 0) return;
  }
  throw new Error('background jobs did not finish within 15 minutes');
}

/** Past the server's idle collection (after ten seconds without a request, checked every five), as a server at rest is. */
const AT_REST_MS = 17_000;

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/idealab-material/passport/login/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'buyer@matlib.demo', password: 'matlib-demo' }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

async function plainServer(html: string): Promise<{ url: string; stop: () => void }> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'matlib-bench-')), 'page.html');
  writeFileSync(file, html);
  const port = 4390 + Math.floor(Math.random() * 500);
  const child = fork(path.join(import.meta.dirname, 'plain-server.mjs'), [file, String(port)]);
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

ensureBuilt();
for (const engine of values.engines.split(',')) {
  const env = await benchEnv(engine, 'matlib_bench_ssr');
  if (materials > 600) {
    console.log(`\n${engine}: seeding ${materials} materials …`);
    runScript({ ...env, SEED_MATERIALS: '600' }, 'scripts/db-seed.ts', ['--materials', String(materials)]);
  }
  const app = await startServer(env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'matlib-bench-')), { ...env, SEED_DEMO: materials > 600 ? 'never' : 'always', LOG_LEVEL: 'warn' });
  const pid = app.child.pid!;
  try {
    await jobsDone(app.url);
    await settle(AT_REST_MS);
    const restingRss = rssMb(pid);
    const cookie = await signIn(app.url);
    const first = (await (await fetch(`${app.url}/api/idealab-material/open/v2/material/store?size=1`, { headers: base })).json()) as { data: { records: { id: number; categoryId: number }[] } };
    const m = first.data.records[0]!;
    const ids = { detail: `/material/detail?materialId=${m.id}&categoryId=${m.categoryId}` };

    console.log(`\n${engine}, ${materials} materials, ${connections} connections, ${duration} s per row, ${os.cpus().length} cores`);
    console.log(`${'request'.padEnd(38)} ${'bytes'.padStart(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}   ${'plain req/s'.padStart(11)} ${'ratio'.padStart(6)}   target`);
    for (const row of chosen) {
      const headers = row.signedIn ? { ...base, cookie } : base;
      const url = app.url + row.path(ids);
      const res = await fetch(url, { headers, redirect: 'manual' });
      if (res.status !== 200) throw new Error(`${row.title}: ${url} answered ${res.status}`);
      const body = await res.text();
      const ssr = await load(url, headers, row.unique);
      const plain = await plainServer(body);
      let baseline: Figures;
      try {
        baseline = await load(plain.url, base);
      } finally {
        plain.stop();
      }
      console.log(
        `${row.title.padEnd(38)} ${String(Buffer.byteLength(body)).padStart(7)} ${ssr.rps.toFixed(0).padStart(7)} ${String(ssr.p50).padStart(5)} ${String(ssr.p99).padStart(5)}   ${baseline.rps.toFixed(0).padStart(11)} ${(ssr.rps / baseline.rps).toFixed(3).padStart(6)}   ${row.target}`,
      );
    }
    await settle(AT_REST_MS);
    console.log(`server memory (RSS): ${restingRss} MB at rest after start, ${rssMb(pid)} MB at rest after the load   target ≤ 300 / ≤ 400 MB`);
  } finally {
    app.child.kill('SIGTERM');
    await app.exited;
  }
}
