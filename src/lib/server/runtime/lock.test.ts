import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const dir = () => mkdtempSync(path.join(tmpdir(), 'matlib-lock-'));

describe('the data-dir lock', () => {
  it('writes the pid and removes it on release', () => {
    const d = dir();
    const lock = acquireDataDirLock(d);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const d = dir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const holder = acquireDataDirLock(d, other.pid);
      expect(() => acquireDataDirLock(d)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(d)).toThrow(new RegExp(`pid ${other.pid}`));
      holder.release();
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const d = dir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(path.join(d, 'matlib.pid'), `${gone.pid}\n`);
    const lock = acquireDataDirLock(d);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock that another process took over', () => {
    const d = dir();
    const lock = acquireDataDirLock(d);
    writeFileSync(lock.path, '999999\n');
    lock.release();
    expect(readFileSync(lock.path, 'utf8').trim()).toBe('999999');
  });
});
