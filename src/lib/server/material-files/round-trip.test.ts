import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAP_KINDS, type MapKind } from './material-file';
import { bufferSource } from './open-archive';
import { readU3m } from './read-u3m';
import { u3mPackage } from './testing/u3m-fixtures';
import { writeU3ma } from './write-u3ma';

async function exported(opened: Awaited<ReturnType<typeof readU3m>>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({ write: (chunk: Buffer, _enc, done) => (chunks.push(chunk), done()) });
  await writeU3ma({ material: opened.material, id: crypto.randomUUID(), created: new Date('2026-03-01T00:00:00Z'), modified: new Date('2026-03-02T00:00:00Z'), readMap: async (side, kind) => ({ bytes: await opened.readMap(side, kind), ext: 'png' }) }, out);
  return Buffer.concat(chunks);
}

describe('a U3M file through the product and out again (docs/product/material-files.md#export)', () => {
  for (const version of ['1.0', '1.1'] as const) {
    it(`keeps the maps, the tile size, the constants and the color of a ${version} package`, async () => {
      const first = await readU3m(bufferSource(await u3mPackage({ version, hex: '#2e8b57' })), 'Sea green.u3ma');
      const again = await readU3m(bufferSource(await exported(first)), 'Sea green.u3ma');
      expect(again.material.physicalSize).toEqual(first.material.physicalSize);
      expect(again.material.colors).toEqual([{ name: 'Sea green', hex: '#2e8b57' }]);
      expect(again.material.back).toMatchObject({ roughness: first.material.back!.roughness, basecolor: first.material.back!.basecolor });
      expect(Object.keys(again.material.front.maps).sort()).toEqual([...MAP_KINDS].sort());
      for (const kind of MAP_KINDS as readonly MapKind[]) {
        const { path: _a, ...was } = first.material.front.maps[kind]!;
        const { path: _b, ...is } = again.material.front.maps[kind]!;
        expect(is, kind).toEqual(was);
        expect((await again.readMap('front', kind)).equals(await first.readMap('front', kind)), kind).toBe(true);
      }
    });
  }
});
