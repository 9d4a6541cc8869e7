/**
 * Material store and detail under load, at 10k and 100k materials, on the embedded database and on PostgreSQL
 * (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres), plus the gzip JavaScript each page ships
 * (React's runtime, island code, and what loads only on first use). Prints figures; decides nothing.
 *   npm run bench:store [-- --sizes 10000,100000 --engines embedded,postgres --seconds 10 --connections 16]
 *   npm run bench:store -- --js-only     (the JavaScript figures alone, on a small embedded catalogue)
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuilt, startServer, tempDataDir } from '../tests/process/server-process';
import { freshPostgres } from './bench-databases';
import { kb, pageJavaScript } from './page-js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    engines: { type: 'string', default: 'embedded,postgres' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    'js-only': { type: 'boolean', default: false },
  },
});
const jsOnly = values['js-only'];
if (jsOnly) {
  values.sizes = '600';
  values.engines = 'embedded';
}
const sizes = values.sizes.split(',').map(Number).sort((a, b) => a - b);
const duration = Number(values.seconds);
const connections = Number(values.connections);
const headers = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'identity' };
const ROOT = path.resolve(import.meta.dirname, '..');

function seed(env: Record<string, string>, materials: number) {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', '--materials', String(materials)], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', SEED_MATERIALS: '600', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`db:seed exited with ${r.status}`);
  return (Date.now() - started) / 1000;
}

async function load(name: string, urls: string[], extra: Record<string, string> = {}) {
  let i = 0;
  const requests: autocannon.Request[] = [{ setupRequest: (req) => ({ ...req, path: urls[i++ % urls.length] as string }) }];
  const opts = { connections, headers: { ...headers, ...extra }, requests };
  await autocannon({ url: origin, duration: 2, ...opts }); // warm-up
  const r = await autocannon({ url: origin, duration, ...opts });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  console.log(`  ${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms`);
}

let origin = '';

async function loadAll(cookie: string, categoryUrls: string[], detailUrls: string[]) {
  await load('guest  /main/material-store', ['/main/material-store']);
  await load('guest  /main/material-store?categoryId=…', categoryUrls);
  await load('guest  /material/detail?materialId=…', detailUrls);
  await load('buyer  /main/material-store', ['/main/material-store'], { cookie });
  await load('buyer  /main/material-store?categoryId=…', categoryUrls, { cookie });
  await load('buyer  /material/detail?materialId=…', detailUrls, { cookie });
  await load('API store page 2 (JSON)', categoryUrls.map((u) => `/api/idealab-material/open/v2/material/store?${u.split('?')[1]}&page=2`));
}

/**
 * The JavaScript each kind of page ships, for a guest and for a signed-in buyer (whose header adds the user menu):
 * up front (React's runtime and Astro's island loader, then island code), and what loads only on first use.
 */
async function reportJavaScript(cookie: string, detailUrl: string) {
  const pages = [
    ['home', '/home'],
    ['material store', '/main/material-store'],
    ['search', '/search/materials?keywords=%E7%9A%AE'],
    ['material detail', detailUrl],
    ['content (error page)', '/404'],
  ] as const;
  console.log('\n  JavaScript per page (gzip)             total    runtime    islands   first use      HTML');
  for (const [who, extra] of [['guest', {}], ['buyer', { cookie }]] as const) {
    for (const [name, url] of pages) {
      const html = await (await fetch(`${origin}${url}`, { headers: { ...headers, ...extra } })).text();
      const js = await pageJavaScript(origin, html);
      const cell = (bytes: number) => kb(bytes).padStart(10);
      console.log(`  ${who} ${name.padEnd(30)} ${cell(js.total.gzip)} ${cell(js.runtime.gzip)} ${cell(js.islands.gzip)}  ${cell(js.lazy.gzip)}  ${cell(Buffer.byteLength(html))}`);
    }
  }
}

async function materialIds(env: Record<string, string>): Promise<number[]> {
  const client = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  if (!client) {
    const res = await fetch(`${origin}/api/idealab-material/open/v2/material/store?size=60&page=3`, { headers });
    const body = (await res.json()) as { data: { records: { id: number; categoryId: number }[] } };
    return body.data.records.map((r) => r.id);
  }
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from materials where is_delete = 0 and on_market_domestic = 1 order by random() limit 200');
    return rows.map((r) => Number(r.id));
  } finally {
    await client.end();
  }
}

ensureBuilt();
console.log(`bench:store — ${os.cpus().length} cores, ${connections} connections, ${duration} s per figure, load generator on the same machine`);
let jsReported = false;
for (const engine of values.engines.split(',')) {
  const dataDir = tempDataDir();
  const env: Record<string, string> = engine === 'postgres' ? { DATABASE_URL: await freshPostgres(`matlib_bench_${process.pid}`) } : { DATA_DIR: dataDir };
  for (const size of sizes) {
    const seconds = seed(env, size);
    const app = await startServer(dataDir, { ...env, LOG_LEVEL: 'warn' });
    origin = app.url;
    try {
      console.log(`\n${engine}, ${size} materials (seeded in ${seconds.toFixed(0)} s)`);
      const ids = await materialIds(env);
      const detailUrls = ids.map((id) => `/material/detail?materialId=${id}`);
      const tree = (await (await fetch(`${origin}/api/idealab-material/category/level?tree=1`)).json()) as { data: { id: number }[] };
      const categoryUrls = tree.data.map((c) => `/main/material-store?categoryId=${c.id}`);
      // Guests share the few-second page micro-cache; a signed-in buyer's page is rendered every time.
      const login = await fetch(`${origin}/api/idealab-material/passport/login/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'buyer@matlib.demo', password: 'matlib-demo' }) });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!cookie.startsWith('ilt=')) throw new Error('could not sign in as the demo buyer');
      if (!jsOnly) await loadAll(cookie, categoryUrls, detailUrls);
      if (!jsReported) {
        jsReported = true;
        await reportJavaScript(cookie, detailUrls[0] as string);
      }
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }
}
