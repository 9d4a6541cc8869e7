/** Fresh databases for benchmarks that seed a large catalogue: a new embedded data dir, or a new database on the local PostgreSQL. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { tempDataDir } from '../tests/process/server-process';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A new, empty database of that name on the local PostgreSQL (an existing one is dropped first). */
export async function freshPostgres(name: string): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** The environment of an engine (`embedded` or `postgres`) with a database of its own. */
export async function benchEnv(engine: string, name: string): Promise<Record<string, string>> {
  return engine === 'postgres' ? { DATABASE_URL: await freshPostgres(`${name}_${process.pid}`) } : { DATA_DIR: tempDataDir(), DATABASE_URL: '' };
}

/** Runs a TypeScript script of this project in that environment, its output passed through. */
export function runScript(env: Record<string, string>, script: string, args: string[]): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${script} exited with ${r.status}`);
}
