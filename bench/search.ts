/**
 * Ranked text search and suggestions at 100k materials (DESIGN §9: p95 ≤ 50 ms / ≤ 15 ms server-side on native
 * PostgreSQL, PGlite ≤ 2x): for search a mix of Chinese 1-3 character queries, English words and prefixes, and
 * mixed scripts; for suggestions what is typed on the way to a word (1-3 Chinese characters, short Latin prefixes).
 * Timed at the domain functions (no HTTP), one query at a time. Prints p50/p95 (and how long seeding's vocabulary
 * build and a no-change rebuild take); decides nothing.
 *   npm run bench:search [-- --materials 100000 --engines embedded,postgres --rounds 5]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tempDataDir } from '../tests/process/server-process';

const { values } = parseArgs({ options: { materials: { type: 'string', default: '100000' }, engines: { type: 'string', default: 'embedded,postgres' }, rounds: { type: 'string', default: '5' } } });
const ROOT = path.resolve(import.meta.dirname, '..');

async function pgUrl(): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `matlib_bench_search_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

for (const engine of values.engines.split(',')) {
  const env: Record<string, string> = engine === 'postgres' ? { DATABASE_URL: await pgUrl() } : { DATA_DIR: tempDataDir(), DATABASE_URL: '' };
  const run = (script: string, args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error(`${script} exited with ${r.status}`);
  };
  console.log(`\n${engine}: seeding ${values.materials} materials …`);
  run('scripts/db-seed.ts', ['--materials', values.materials]);
  run('bench/search-worker.ts', ['--rounds', values.rounds, '--label', `${engine}, ${values.materials} materials`]);
}
