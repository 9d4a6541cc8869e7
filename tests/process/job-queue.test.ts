/**
 * Jobs survive their process: the built server is killed with SIGKILL while it describes pictures and started
 * again, and every picture ends up described exactly once; a `npm run worker` process killed the same way against
 * PostgreSQL leaves its jobs to the next worker (with TEST_DATABASE_URL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTOR_VERSION } from '../../src/lib/server/images/descriptor';
import { waitUntil } from '../fixtures/jobs';
import { ensureBuilt, startServer, tempDataDir } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Progress {
  /** Distinct pictures of materials. */
  pictures: number;
  /** Of those, described in the current descriptor version. */
  described: number;
  /** index-image jobs still to run (waiting, retrying or running). */
  pending: number;
}

async function progress(client: pg.Client): Promise<Progress> {
  const { rows } = await client.query<{ pictures: number; described: number; pending: number }>(
    `select (select count(distinct image_id)::int from material_images) as pictures,
            (select count(*)::int from image_descriptors d where d.version = $1 and d.image_id in (select image_id from material_images)) as described,
            (select count(*)::int from pgboss.job where name = 'index-image' and state in ('created', 'retry', 'active')) as pending`,
    [DESCRIPTOR_VERSION],
  );
  return rows[0]!;
}

/** Connects, runs `fn`, and disconnects; a connection the server drops (it was killed) is not an error. */
async function withClient<T>(config: pg.ClientConfig, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(config);
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits until some but not all pictures are described, then kills the process that describes them. */
async function killMidRun(config: pg.ClientConfig, child: ChildProcess): Promise<Progress> {
  return withClient(config, async (client) => {
    const at = await waitUntil('indexing to be under way', () => progress(client), (p) => p.described > 0 || p.pictures === 0, { timeoutMs: 120_000, intervalMs: 50 });
    expect(at.pictures).toBeGreaterThan(0);
    // Caught mid-run: the kill below leaves work behind (if this fails, the seed is too small to catch it).
    expect(at.described).toBeLessThan(at.pictures);
    child.kill('SIGKILL');
    return at;
  });
}

/** Every picture described once, by exactly one index-image job, all of them completed. */
async function expectEveryPictureDescribedOnce(client: pg.Client) {
  const done = await progress(client);
  expect(done.described).toBe(done.pictures);
  expect(done.pending).toBe(0);
  const duplicates = await client.query('select image_id from image_descriptors where version = $1 group by image_id having count(*) > 1', [DESCRIPTOR_VERSION]);
  expect(duplicates.rows).toEqual([]);
  const jobs = await client.query<{ key: string; n: number; states: string[] }>(
    `select singleton_key as key, count(*)::int as n, array_agg(state::text) as states from pgboss.job where name = 'index-image' group by singleton_key`,
  );
  const pictures = await client.query<{ id: string }>('select distinct image_id::text as id from material_images');
  expect(new Set(jobs.rows.map((j) => j.key))).toEqual(new Set(pictures.rows.map((p) => p.id)));
  expect(jobs.rows.filter((j) => j.n !== 1 || j.states[0] !== 'completed')).toEqual([]);
  const retried = await client.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'index-image' and retry_count > 0`);
  return { ...done, retried: retried.rows[0]!.n };
}

/** `npm run db:seed` (the demo catalogue, its pictures not yet described). */
function seed(env: NodeJS.ProcessEnv) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  expect(seeded.status, seeded.stderr).toBe(0);
}

beforeAll(() => ensureBuilt());

describe('background jobs', () => {
  it('survive kill -9 of the server: after a restart every picture is described exactly once', async () => {
    const dataDir = tempDataDir();
    const socket: pg.ClientConfig = { host: path.join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' };
    // The demo seed writes its pictures past the save path; the server's start-up sweep queues a job for each.
    seed({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SEED_MATERIALS: '12' });
    const first = await startServer(dataDir, { SEED_DEMO: 'never' });
    const at = await killMidRun(socket, first.child);
    await first.exited;

    const second = await startServer(dataDir, { SEED_DEMO: 'never' });
    try {
      // The dead process's running jobs come back after their lease; the rest were waiting all along.
      await withClient(socket, async (client) => {
        await waitUntil('every picture to be described', () => progress(client), (p) => p.described === p.pictures && p.pending === 0, { timeoutMs: 240_000, intervalMs: 50 });
        const done = await expectEveryPictureDescribedOnce(client);
        console.info(`kill -9 after ${at.described}/${at.pictures} pictures; ${done.retried} job(s) run again after the crash`);
      });
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 600_000);

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL (TEST_DATABASE_URL)', () => {
    it('npm run worker drains the queue in a process of its own, and a second worker finishes what a killed one left', async () => {
      const server = process.env.TEST_DATABASE_URL!;
      const name = `matlib_worker_${process.pid}_${Date.now()}`;
      await withClient({ connectionString: server }, (c) => c.query(`create database ${name}`));
      const url = new URL(server);
      url.pathname = `/${name}`;
      const dataDir = tempDataDir();
      const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_MATERIALS: '12', LOG_LEVEL: 'info' };
      const worker = () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        return { child, exited, output: () => out };
      };
      try {
        seed(env);

        const first = worker();
        const at = await killMidRun({ connectionString: url.toString() }, first.child);
        await first.exited;
        const second = worker();
        try {
          await withClient({ connectionString: url.toString() }, async (client) => {
            await waitUntil('every picture to be described', () => progress(client), (p) => p.described === p.pictures && p.pending === 0, { timeoutMs: 240_000, intervalMs: 50 });
            const done = await expectEveryPictureDescribedOnce(client);
            console.info(`worker killed after ${at.described}/${at.pictures} pictures; ${done.retried} job(s) run again by the next worker`);
          });
        } finally {
          second.child.kill('SIGTERM');
          expect(await second.exited, second.output()).toBe(0);
        }
        expect(second.output()).toContain('job worker stopped');
      } finally {
        await withClient({ connectionString: server }, (c) => c.query(`drop database if exists ${name} with (force)`));
      }
    }, 600_000);
  });
});
