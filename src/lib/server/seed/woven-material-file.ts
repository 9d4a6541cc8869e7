/**
 * A woven material as a U3M package, drawn here rather than kept as a binary: a 2/2 twill whose threads have a
 * rounded profile, as a base color map (a grey weave the product recolours per card, tinted `hex`), a normal map
 * from the same thread heights, and a roughness map. The demo data binds it to a few materials, the end-to-end
 * journeys upload it, and `bench/render` renders it at 4096².
 */
import sharp from 'sharp';
import { zipInMemory } from '../material-files/write-u3ma';

export interface WovenOptions {
  /** The base color the weave is tinted with, `#rrggbb`. */
  hex: string;
  /** Map size in pixels (square). */
  size?: number;
  /** Tile size in centimetres. */
  tileCm?: number;
  name?: string;
}

/** Threads per tile each way, whatever the map size: at 5 cm a tile, a 2 mm canvas-like thread. */
const THREADS = 24;

/** The heights of the weave, 0–1: which thread is on top follows the twill's diagonal, each thread rounded across. */
function heights(size: number): Float32Array {
  const cell = size / THREADS;
  const h = new Float32Array(size * size);
  for (let y = 0; y < size; y += 1) {
    const row = Math.floor(y / cell);
    const fy = (y % cell) / cell;
    for (let x = 0; x < size; x += 1) {
      const col = Math.floor(x / cell);
      const fx = (x % cell) / cell;
      const warpOnTop = (col + row) % 4 < 2;
      const across = warpOnTop ? fx : fy;
      // A slight irregularity per thread, as in a real cloth.
      const wobble = 0.06 * Math.sin((warpOnTop ? col : row) * 12.9898);
      h[y * size + x] = Math.sin(Math.PI * across) * (0.85 + wobble);
    }
  }
  return h;
}

export async function wovenMaps(options: WovenOptions): Promise<{ basecolor: Buffer; normal: Buffer; roughness: Buffer }> {
  const size = options.size ?? 1024;
  const h = heights(size);
  const n = Number.parseInt(options.hex.replace('#', ''), 16);
  const tint = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const base = Buffer.alloc(size * size * 3);
  const normal = Buffer.alloc(size * size * 3);
  const rough = Buffer.alloc(size * size);
  const strength = 2.5;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const i = y * size + x;
      const shade = 0.55 + 0.45 * h[i]!;
      for (let c = 0; c < 3; c += 1) base[i * 3 + c] = Math.round(tint[c]! * shade);
      const dx = h[y * size + ((x + 1) % size)]! - h[y * size + ((x - 1 + size) % size)]!;
      const dy = h[((y + 1) % size) * size + x]! - h[((y - 1 + size) % size) * size + x]!;
      const len = Math.hypot(dx * strength, dy * strength, 1);
      normal[i * 3] = Math.round(((-dx * strength) / len) * 127.5 + 127.5);
      normal[i * 3 + 1] = Math.round(((dy * strength) / len) * 127.5 + 127.5);
      normal[i * 3 + 2] = Math.round((1 / len) * 127.5 + 127.5);
      rough[i] = Math.round((0.9 - 0.2 * h[i]!) * 255);
    }
  }
  const png = (data: Buffer, channels: 1 | 3) => sharp(data, { raw: { width: size, height: size, channels } }).png({ compressionLevel: 6 }).toBuffer();
  const [basecolor, normalPng, roughness] = await Promise.all([png(base, 3), png(normal, 3), png(rough, 1)]);
  return { basecolor, normal: normalPng, roughness };
}

/** The U3M 1.0 package of the weave: its description and three maps. */
export async function wovenU3mPackage(options: WovenOptions): Promise<Buffer> {
  const size = options.size ?? 1024;
  const tileCm = options.tileCm ?? 5;
  const maps = await wovenMaps(options);
  const image = (path: string) => ({ path, width: tileCm, height: tileCm, dpi: Math.round((size / tileCm) * 2.54), repeat: { mode: 'normal', rotation: 0 } });
  const number = (constant: number, path?: string) => ({ constant, texture: path ? { image: image(path), factor: 1, offset: 0 } : null });
  const description = {
    schema: '1.0',
    custom: null,
    material: {
      id: '{6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f}',
      name: options.name ?? 'Twill',
      description: 'A 2/2 twill',
      created: '2026-01-01T00:00:00Z',
      modified: '2026-01-01T00:00:00Z',
      front: {
        basecolor: { constant: { r: 1, g: 1, b: 1 }, texture: { image: image('textures/basecolor.png'), mode: 'multiply', factor: { r: 1, g: 1, b: 1 } } },
        normal: number(1, 'textures/normal.png'),
        roughness: number(0.8, 'textures/roughness.png'),
        metalness: number(0),
        alpha: number(1),
        displacement: number(0),
        shader: 'principled',
      },
      back: null,
    },
  };
  return zipInMemory([
    { name: 'material.u3m', data: Buffer.from(JSON.stringify(description, null, 2)), method: 8 },
    { name: 'textures/basecolor.png', data: maps.basecolor, method: 0 },
    { name: 'textures/normal.png', data: maps.normal, method: 0 },
    { name: 'textures/roughness.png', data: maps.roughness, method: 0 },
  ]);
}
