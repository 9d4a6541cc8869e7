import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPatches } from './render-patches.mjs';

type Serialize = (props: Record<string, unknown>, metadata?: { displayName?: string; hydrate?: string }) => string;
type Patch = {
  name: string;
  transform: (this: { error: (message: string) => never }, code: string, id: string) => { code: string } | null;
};

// Astro's own serializer and ours, side by side: the module has no imports, so both load from a temporary copy.
const file = fileURLToPath(new URL('../../node_modules/astro/dist/runtime/server/serialize.js', import.meta.url));
const original = readFileSync(file, 'utf8');
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
const patched = (renderPatches() as Patch[]).reduce((code, patch) => patch.transform.call(context, code, file)?.code ?? code, original);
const dir = mkdtempSync(path.join(os.tmpdir(), 'matlib-serialize-'));
writeFileSync(path.join(dir, 'original.mjs'), original);
writeFileSync(path.join(dir, 'patched.mjs'), patched);
const astro = (
  (await import(pathToFileURL(path.join(dir, 'original.mjs')).href)) as {
    serializeProps: Serialize;
  }
).serializeProps;
const ours = (
  (await import(pathToFileURL(path.join(dir, 'patched.mjs')).href)) as {
    serializeProps: Serialize;
  }
).serializeProps;

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

describe('island props written as text', () => {
  it('the rewrite applies to the installed Astro', () => {
    expect(patched).not.toBe(original);
    expect(patched).toContain('__valueText');
  });

  it('gives the same text as Astro for every kind of value', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = 'v';
    const shared = { same: 1 };
    const cases: Record<string, unknown>[] = [
      {},
      {
        text: 'plain',
        quote: 'say "hi" </script><!--',
        unicode: '防泼水格子 ΔE ✓ \u2028',
        empty: '',
      },
      {
        n: 0,
        negative: -1.5,
        big: 1e21,
        nan: Number.NaN,
        up: Number.POSITIVE_INFINITY,
        down: Number.NEGATIVE_INFINITY,
      },
      {
        yes: true,
        no: false,
        nothing: null,
        missing: undefined,
        fn: () => 1,
        symbol: Symbol('s'),
      },
      {
        list: [1, 'two', [3, [4]], { five: 5 }, undefined, null, () => 0],
        empty: [],
      },
      {
        date: new Date('2026-11-25T08:00:00Z'),
        map: new Map([['a', { b: 1 }]]),
        set: new Set([1, 'x']),
        re: /a+b/g,
        url: new URL('https://example.com/a?b=1'),
      },
      {
        bigint: 12345678901234567890n,
        bytes: new Uint8Array([1, 2, 255]),
        words: new Uint16Array([65535]),
        longs: new Uint32Array([7]),
      },
      {
        point: new Point(1, 2),
        bare,
        twice: [shared, shared],
        nested: { a: { b: { c: [{ d: 'deep' }] } } },
      },
    ];
    for (const props of cases) expect(ours(props)).toBe(astro(props));
  });

  it('keeps the text of a tree frozen all the way down, and only of such a tree', () => {
    const frozen = Object.freeze({
      label: 'a',
      children: Object.freeze([Object.freeze({ name: 'b' })]),
    });
    expect(ours({ frozen })).toBe(astro({ frozen }));
    expect(ours({ again: frozen })).toBe(astro({ again: frozen }));

    // Frozen on top, changing underneath: never served from what was kept.
    const inner = { count: 1 };
    const shallow = Object.freeze({ inner });
    expect(ours({ shallow })).toBe(astro({ shallow }));
    inner.count = 2;
    expect(ours({ shallow })).toContain('"count":[0,2]');
    expect(ours({ shallow })).toBe(astro({ shallow }));

    // A frozen Date can still be set: only plain objects and arrays count as frozen trees.
    const when = Object.freeze(new Date('2026-01-01T00:00:00Z'));
    const holder = Object.freeze({ when });
    expect(ours({ holder })).toBe(astro({ holder }));
    Date.prototype.setTime.call(when, Date.parse('2027-01-01T00:00:00Z'));
    expect(ours({ holder })).toContain('2027-01-01');
  });

  it('refuses a cycle as Astro does', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const ring: unknown[] = [];
    ring.push({ ring });
    expect(() => astro({ loop })).toThrow(/Cyclic reference/);
    expect(() => ours({ loop }, { displayName: 'Loop', hydrate: 'idle' })).toThrow(/Cyclic reference detected while serializing props for <Loop client:idle>/);
    expect(() => ours({ ring })).toThrow(/Cyclic reference/);
  });
});
