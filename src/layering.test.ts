import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layering rules of CONTRIBUTING.md, checked on the source itself so a slip fails here, not in review.
const SRC = path.dirname(fileURLToPath(import.meta.url));

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, ends);
    return ends.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file);

describe('layering', () => {
  it('islands hold no API path: calls go through the typed modules in lib/api', () => {
    const offenders = filesUnder(path.join(SRC, 'islands'), /\.(ts|tsx)$/).filter((file) => /['"`]\/(idealab-material|authcenter|api\/)/.test(readFileSync(file, 'utf8')));
    expect(offenders.map(rel)).toEqual([]);
  });

  it('domain code never imports the HTTP layer', () => {
    const server = path.join(SRC, 'lib', 'server');
    const domain = filesUnder(server, /\.ts$/).filter((file) => !rel(file).startsWith(path.join('lib', 'server', 'http') + path.sep));
    const offenders = domain.filter((file) => /from '(\.\.\/)+http\/|from '\.\/http\//.test(readFileSync(file, 'utf8')));
    expect(offenders.map(rel)).toEqual([]);
  });

  it('islands never import server code', () => {
    const offenders = filesUnder(path.join(SRC, 'islands'), /\.(ts|tsx)$/).filter((file) => /from '[^']*lib\/server\//.test(readFileSync(file, 'utf8')));
    expect(offenders.map(rel)).toEqual([]);
  });
});
