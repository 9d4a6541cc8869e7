/** Sole materials: moulded rubber outsole lugs, EVA foam. */
import sharp from 'sharp';
import { blur, cells, fbm, field, hash2, map, smoothstep, whiteNoise } from '../fields';
import { surface, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

const f = (v: number) => v.toFixed(1);

/** Lug tops white, grooves black. */
function lugSvg(w: number, h: number, u: number, variant: number): string {
  const parts: string[] = [];
  if (variant === 0) {
    // Herringbone: parallel zigzag grooves.
    const pitch = 26 * u;
    const run = 30 * u;
    for (let y = -pitch; y < h + pitch * 2; y += pitch) {
      const points: string[] = [];
      for (let x = -run, k = 0; x < w + run * 2; x += run, k++) points.push(`${f(x)},${f(y + (k % 2 ? run * 0.7 : 0))}`);
      parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#000" stroke-width="${f(9 * u)}" stroke-linejoin="miter"/>`);
    }
    return `<rect width="${w}" height="${h}" fill="#fff"/>${parts.join('')}`;
  }
  if (variant === 1) {
    // Hexagonal lugs.
    const r = 34 * u;
    const gap = 9 * u;
    const dx = Math.sqrt(3) * (r + gap / 1.5);
    const dy = 1.5 * (r + gap / 1.5);
    for (let row = -1, y = 0; y < h + dy * 2; row++, y = row * dy) {
      for (let x = row % 2 ? dx / 2 : 0; x < w + dx; x += dx) {
        const pts = Array.from({ length: 6 }, (_, k) => {
          const a = Math.PI / 6 + (k * Math.PI) / 3;
          return `${f(x + r * Math.cos(a))},${f(y + r * Math.sin(a))}`;
        });
        parts.push(`<polygon points="${pts.join(' ')}" fill="#fff"/>`);
        parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(5 * u)}" fill="#000"/>`);
      }
    }
    return `<rect width="${w}" height="${h}" fill="#000"/>${parts.join('')}`;
  }
  // Chevron blocks in staggered rows.
  const bw = 70 * u;
  const bh = 34 * u;
  const gap = 12 * u;
  for (let row = -1, y = -bh; y < h + bh; row++, y = row * (bh + gap)) {
    for (let x = (row % 2) * ((bw + gap) / 2) - bw; x < w + bw; x += bw + gap) {
      const d = bh * 0.55;
      parts.push(`<polygon points="${f(x)},${f(y + d)} ${f(x + bw / 2)},${f(y)} ${f(x + bw)},${f(y + d)} ${f(x + bw)},${f(y + bh)} ${f(x + bw / 2)},${f(y + bh - d)} ${f(x)},${f(y + bh)}" fill="#fff"/>`);
    }
  }
  return `<rect width="${w}" height="${h}" fill="#000"/>${parts.join('')}`;
}

/** Rubber outsole: lugs with bevelled edges standing over grooves; a fine sandblasted mould finish, a slight sheen. */
export async function rubber({ w, h, u, seed, variant }: GeneratorInput): Promise<TextureMap> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${lugSvg(w, h, u, variant)}</svg>`;
  const raw = await sharp(Buffer.from(svg), { limitInputPixels: false }).greyscale().raw().toBuffer();
  const lug = new Float32Array(w * h);
  for (let i = 0; i < lug.length; i++) lug[i] = raw[i]! / 255;
  const bevel = blur(lug, w, h, 3.5 * u);
  const grit = blur(whiteNoise(w, h, seed + 1), w, h, 0.8 * u);
  const wear = fbm(w, h, 90 * u, seed + 2, { octaves: 3 });
  const height = field(w, h, (_x, _y, i) => smoothstep(0.1, 0.9, bevel[i]!) * 2 + grit[i]! * 0.06);
  const albedo = map(bevel, (b, i) => (0.82 + 0.18 * b) * (1 + wear[i]! * 0.06));
  return surface(w, h, height, {
    bump: 5 * u,
    albedo,
    ao: { radius: 10 * u, strength: 0.35 },
    gloss: { shininess: 9, strength: 0.35, mask: bevel },
    look: { amplitude: 0.07, specStrength: 0.05 },
  });
}

/** EVA foam: a fine closed-cell skin, matte, with the odd larger pore and faint mould marks. */
export function evaFoam({ w, h, u, seed, variant }: GeneratorInput): TextureMap {
  const cell = [5.5, 8, 4.5][variant]! * u;
  const fine = cells(w, h, cell, seed + 1);
  const pores = cells(w, h, cell * 9, seed + 2);
  const mould = fbm(w, h, 200 * u, seed + 3, { octaves: 3 });
  const grain = whiteNoise(w, h, seed + 4);
  const height = field(w, h, (_x, _y, i) => {
    const wall = smoothstep(0, cell * 0.3, fine.f2[i]! - fine.f1[i]!);
    const pore = hash2(pores.id[i]!, 3, seed) < 0.35 ? 1 - smoothstep(cell * 0.35, cell * 0.8, pores.f1[i]!) : 0;
    return wall * 0.3 - pore * 0.45 + grain[i]! * 0.08;
  });
  return surface(w, h, blur(height, w, h, 0.7 * u), {
    bump: 0.9 / u,
    albedo: map(mould, (m) => 1 + m * 0.015),
    ao: { radius: cell, strength: 0.4 },
    ambient: 0.55,
    look: { amplitude: 0.04, specStrength: 0 },
  });
}

