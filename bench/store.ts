/**
 * Material store and detail under load, at 10k and 100k materials, on the embedded database and on PostgreSQL
 * (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres), plus the gzip JavaScript each page ships.
 * Prints figures; decides nothing.
 *   npm run bench:store [-- --sizes 10000,100000 --engines embedded,postgres --seconds 10 --connections 16]
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuilt, startServer, tempDataDir } from '../tests/process/server-process';
import { freshPostgres } from './bench-databases';
import { pageJavaScript } from './page-js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    engines: { type: 'string', default: 'embedded,postgres' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
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
      await load('guest  /main/material-store', ['/main/material-store']);
      await load('guest  /main/material-store?categoryId=…', categoryUrls);
      await load('guest  /material/detail?materialId=…', detailUrls);
      await load('buyer  /main/material-store', ['/main/material-store'], { cookie });
      await load('buyer  /main/material-store?categoryId=…', categoryUrls, { cookie });
      await load('buyer  /material/detail?materialId=…', detailUrls, { cookie });
      await load('API store page 2 (JSON)', categoryUrls.map((u) => `/api/idealab-material/open/v2/material/store?${u.split('?')[1]}&page=2`));
      if (!jsReported) {
        jsReported = true;
        for (const [name, url] of [['/main/material-store', '/main/material-store'], ['/material/detail', detailUrls[0] as string], ['/home', '/home']] as const) {
          const html = await (await fetch(`${origin}${url}`, { headers })).text();
          const js = await pageJavaScript(origin, html);
          console.log(`  JavaScript on ${name.padEnd(22)} ${(js.gzip / 1024).toFixed(1).padStart(6)} KB gzip (${(js.raw / 1024).toFixed(1)} KB raw, ${js.files} files); HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
        }
      }
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }
}
