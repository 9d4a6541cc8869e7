/**
 * U3M files for tests, made here rather than kept as binaries: a description in either schema version with every
 * map the product reads, and the package holding it. Test code only.
 */
import { once } from 'node:events';
import { createDeflate, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { MAP_KINDS, type MapKind } from '../material-file';
import { makeZip, type TestEntry } from './make-zip';

export const solidPng = (hex: string, size = 16) => sharp({ create: { width: size, height: size, channels: 3, background: hex } }).png().toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
};

/**
 * A black greyscale PNG of any size, valid to its last row, written row by row: a 16384² map is a few hundred
 * kilobytes and is made without ever holding its pixels (sharp will not make one past its own pixel limit).
 */
export async function blackPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  // Each row: filter byte 0, then one zero byte per pixel.
  const row = Buffer.alloc(1 + width);
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))]);
}

const image = (path: string, version: '1.0' | '1.1') =>
  version === '1.0' ? { path, width: 12.5, height: 10, dpi: 150, repeat: { mode: 'normal', rotation: 0 } } : { path, width: 125, height: 100, dpi: { x: 150, y: 150 }, repeat: { mode: 'mirror_x', rotation: 90 } };

/** A U3M description; `maps` names the front maps it refers to (all of them unless told), the back has constants only. */
export function u3mDescription(options: { version?: '1.0' | '1.1'; maps?: readonly MapKind[]; basecolor?: { r: number; g: number; b: number } | null; name?: string } = {}) {
  const version = options.version ?? '1.0';
  const maps = options.maps ?? MAP_KINDS;
  const channel = (kind: MapKind) => {
    const texture = maps.includes(kind) ? { image: image(`textures/${kind}.png`, version), ...(kind === 'basecolor' ? { mode: 'multiply', factor: { r: 1, g: 1, b: 1 } } : kind === 'normal' && version === '1.1' ? { scale: 1 } : { factor: 1, offset: 0 }) } : null;
    if (kind === 'basecolor') return options.basecolor === null && !texture ? null : { constant: options.basecolor ?? { r: 1, g: 1, b: 1 }, texture };
    return { constant: kind === 'normal' && version === '1.1' ? { x: 0, y: 0, z: 1 } : 0.5, texture };
  };
  const front = Object.fromEntries([...MAP_KINDS.map((kind) => [kind, channel(kind)]), ['shader', 'principled']]);
  return {
    schema: version,
    custom: { SomeVendor: { keep: 'as it is' } },
    material: {
      id: '{45d231aa-96a0-4d94-9aae-4a99fae0e32a}',
      name: options.name ?? 'Twill test',
      description: 'made by the tests',
      created: '2026-01-01T00:00:00Z',
      modified: '2026-01-02T00:00:00Z',
      front,
      back: { basecolor: { constant: { r: 0.2, g: 0.2, b: 0.2 }, texture: null }, roughness: { constant: 0.8, texture: null }, shader: 'principled' },
    },
  };
}

/** A package: the description under `folder` and a solid PNG per map it names (the base color `hex`). */
export async function u3mPackage(options: Parameters<typeof u3mDescription>[0] & { hex?: string; folder?: string; leaveOut?: MapKind; extra?: TestEntry[] } = {}): Promise<Buffer> {
  const doc = u3mDescription(options);
  const folder = options.folder ?? '';
  const entries: TestEntry[] = [{ name: `${folder}material.u3m`, data: JSON.stringify(doc, null, 2) }];
  for (const kind of options.maps ?? MAP_KINDS) {
    if (kind === options.leaveOut) continue;
    entries.push({ name: `${folder}textures/${kind}.png`, data: await solidPng(kind === 'basecolor' ? (options.hex ?? '#884422') : '#808080'), method: 0 });
  }
  return makeZip([...entries, ...(options.extra ?? [])]);
}
