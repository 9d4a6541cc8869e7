/**
 * A pid lock on the data dir: two processes on one PGlite data dir silently lose writes, so the second one
 * must refuse to start. A lock left by a dead process (kill -9, power loss) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another MatLib process (pid ${pid}). ` +
        'Stop that process first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it is alive all the same.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'matlib.pid');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(file, 'utf8').trim() === String(pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      unlinkSync(file); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
