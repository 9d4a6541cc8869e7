import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs a script that imports the tuning first, then reports its process id (before and after) and the variables. */
function run(env: Record<string, string | undefined>): { before: number; after: number; arenas?: string; threshold?: string; runs: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'matlib-allocator-'));
  const script = path.join(dir, 'probe.mts');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\n` +
      `appendFileSync(${JSON.stringify(path.join(dir, 'runs'))}, 'x');\n` +
      `await import(${JSON.stringify(path.resolve(import.meta.dirname, 'tune-allocator.ts'))});\n` +
      `const { readFileSync } = await import('node:fs');\n` +
      `console.log(JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX, threshold: process.env.MALLOC_MMAP_THRESHOLD_, runs: readFileSync(${JSON.stringify(path.join(dir, 'runs'))}, 'utf8').length }));\n`,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.MALLOC_ARENA_MAX;
  delete childEnv.MALLOC_MMAP_THRESHOLD_;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], { env: childEnv, encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  const out = JSON.parse(child.stdout.trim()) as { pid: number; arenas?: string; threshold?: string; runs: number };
  return { before: child.pid ?? 0, after: out.pid, arenas: out.arenas, threshold: out.threshold, runs: out.runs };
}

describe.runIf(process.platform === 'linux')('tuning the allocator', () => {
  it('restarts the process once, in place, with two arenas and a fixed threshold for mapping large blocks', () => {
    const r = run({});
    expect(r.arenas).toBe('2');
    expect(r.threshold).toBe(String(256 * 1024));
    expect(r.runs).toBe(2);
    expect(r.after).toBe(r.before);
  });

  it('leaves an operator’s own settings alone and does not restart', () => {
    const r = run({ MALLOC_ARENA_MAX: '4' });
    expect(r.arenas).toBe('4');
    expect(r.threshold).toBeUndefined();
    expect(r.runs).toBe(1);
  });
});
