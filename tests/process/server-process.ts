/** Starts the built production server (`scripts/start.ts`) as a child process, as `npm start` does. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

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
  const entry = path.join(ROOT, 'dist/server/entry.mjs');
  if (existsSync(entry) && statSync(entry).mtimeMs > Math.max(newestMtime(path.join(ROOT, 'src')), newestMtime(path.join(ROOT, 'public')))) return;
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/astro'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('astro build failed');
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
  // One process, as `npm run serve` runs it: the pid in the lock file is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const proc = spawnServer(dataDir, env);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${proc.output()}`)), 90_000);
    const check = () => {
      const m = /"port":(\d+)[^\n]*MatLib is ready/.exec(proc.output());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.child.stdout?.on('data', check);
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${proc.output()}`));
    });
  });
  return { ...proc, port, url: `http://127.0.0.1:${port}` };
}
