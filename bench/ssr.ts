/**
 * SSR throughput of /home: the production server (embedded database, demo data) against the same HTML served
 * by a plain node:http server, measured in one run with the same load. Prints figures; decides nothing.
 *   npm run bench:ssr [-- --seconds 10 --connections 16]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, startServer, tempDataDir } from '../tests/process/server-process';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' }, path: { type: 'string', default: '/home' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);
const headers = { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'identity' };

async function load(url: string) {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections, duration, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bytes: r.throughput.average };
}

ensureBuilt();
const app = await startServer(tempDataDir(), { SEED_DEMO: 'always', LOG_LEVEL: 'warn' });
try {
  const html = await (await fetch(`${app.url}${values.path}`, { headers })).text();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'matlib-bench-')), 'page.html');
  writeFileSync(file, html);
  const plainPort = 4390;
  const plain = fork(path.join(import.meta.dirname, 'plain-server.mjs'), [file, String(plainPort)]);
  await new Promise((resolve) => plain.once('message', resolve));
  try {
    const ssr = await load(`${app.url}${values.path}`);
    const base = await load(`http://127.0.0.1:${plainPort}/`);
    const row = (name: string, r: typeof ssr) =>
      `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
    console.log(`\nGET ${values.path} (${Buffer.byteLength(html)} bytes of HTML), ${connections} connections, ${duration} s, one machine (${(await import('node:os')).cpus().length} cores)`);
    console.log(row('SSR (Astro + DB)', ssr));
    console.log(row('plain node:http', base));
    console.log(`SSR / plain throughput ratio: ${(ssr.rps / base.rps).toFixed(3)}   p99 ratio: ${(ssr.p99 / Math.max(base.p99, 1)).toFixed(2)}`);
  } finally {
    plain.kill();
  }
} finally {
  app.child.kill('SIGTERM');
  await app.exited;
}
