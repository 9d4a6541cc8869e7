/** Starts the built production server (`scripts/start.ts`) as a child process, as `npm start` does. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The production entry, as `npm start` runs it. */
const START = 'dist/start/start.mjs';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds unless dist/ is newer than every source file, so a test never runs against a stale build. */
export function ensureBuilt(): void {
  const built = [path.join(ROOT, 'dist/server/entry.mjs'), path.join(ROOT, START)];
  const sources = Math.max(...['src', 'public', 'scripts'].map((d) => newestMtime(path.join(ROOT, d))));
  if (built.every((f) => existsSync(f) && statSync(f).mtimeMs > sources)) return;
  // As `npm run build` does: vitest runs with NODE_ENV=test, which would compile JSX for React's development runtime.
  const env = { ...process.env, NODE_ENV: 'production' };
  const astro = spawnSync(path.join(ROOT, 'node_modules/.bin/astro'), ['build'], { cwd: ROOT, stdio: 'inherit', env });
  if (astro.status !== 0) throw new Error('astro build failed');
  const server = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit', env });
  if (server.status !== 0) throw new Error('server bundle failed');
}

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'matlib-p-'));

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function spawnServer(dataDir: string, env: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--enable-source-maps', START], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'never', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the server and resolves once /api/health answers (whatever the log level). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawnServer(dataDir, { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode} before it was ready:\n${proc.output()}`);
    if (Date.now() > deadline) {
      proc.child.kill('SIGKILL');
      throw new Error(`server did not start:\n${proc.output()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...proc, port, url };
}
