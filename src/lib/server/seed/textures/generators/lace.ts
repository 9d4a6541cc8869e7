/**
 * Lace: floral motifs (clothwork petals outlined by a raised cord), leaves and stems, on a hexagonal tulle net or
 * joined by bars (guipure), over a contrasting backing that shows through the openwork. The pattern is drawn as
 * SVG and rasterised by sharp; the shading comes from its blurred coverage.
 */
import sharp from 'sharp';
import { blur, clamp, fbm, hexNearest, mulberry32, smoothstep } from '../fields';
import { surface, type Oklab, type TextureMap } from '../surface';
import type { GeneratorInput } from './types';

const f = (v: number) => v.toFixed(1);

function petalPath(cx: number, cy: number, angle: number, inner: number, outer: number, width: number): string {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const pt = (along: number, across: number) => `${f(cx + c * along - s * across)} ${f(cy + s * along + c * across)}`;
  const mid = inner + (outer - inner) * 0.55;
  return `M${pt(inner, 0)} C${pt(mid, -width)} ${pt(outer, -width * 0.9)} ${pt(outer, 0)} C${pt(outer, width * 0.9)} ${pt(mid, width)} ${pt(inner, 0)}Z`;
}

function leafPath(x: number, y: number, angle: number, length: number, width: number): string {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const pt = (along: number, across: number) => `${f(x + c * along - s * across)} ${f(y + s * along + c * across)}`;
  return `M${pt(0, 0)} Q${pt(length * 0.45, -width)} ${pt(length, 0)} Q${pt(length * 0.45, width)} ${pt(0, 0)}Z M${pt(0, 0)} L${pt(length * 0.9, 0)}`;
}

function laceSvg(w: number, h: number, u: number, seed: number, variant: number): string {
  const rnd = mulberry32(seed);
  const guipure = variant === 1;
  const spacing = [230, 190, 150][variant]! * u;
  const cord = (guipure ? 3.6 : 2.8) * u;
  const parts: string[] = [];
  const centres: [number, number, number][] = [];
  for (let gy = -1; gy * spacing < h + spacing; gy++) {
    for (let gx = -1; gx * spacing < w + spacing; gx++) {
      const cx = (gx + 0.5 + (gy % 2) * 0.5) * spacing + (rnd() - 0.5) * spacing * 0.35;
      const cy = (gy + 0.5) * spacing * 0.9 + (rnd() - 0.5) * spacing * 0.35;
      const r = spacing * (guipure ? 0.3 : 0.24) * (0.8 + rnd() * 0.4);
      centres.push([cx, cy, r]);
      const petals = 5 + Math.floor(rnd() * 3);
      const turn = rnd() * Math.PI;
      for (let k = 0; k < petals; k++) {
        const a = turn + (k / petals) * Math.PI * 2;
        parts.push(`<path d="${petalPath(cx, cy, a, r * 0.28, r, r * (2.6 / petals))}" fill="#0f0" stroke="#f00" stroke-width="${f(cord)}"/>`);
      }
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.3)}" fill="#00f" stroke="#f00" stroke-width="${f(cord)}"/>`);
      // Leaves on curling stems.
      const leaves = 2 + Math.floor(rnd() * 2);
      for (let k = 0; k < leaves; k++) {
        const a = rnd() * Math.PI * 2;
        const sx = cx + Math.cos(a) * r * 1.05;
        const sy = cy + Math.sin(a) * r * 1.05;
        const ex = cx + Math.cos(a) * r * 1.9;
        const ey = cy + Math.sin(a) * r * 1.9;
        const bend = (rnd() - 0.5) * r;
        parts.push(`<path d="M${f(sx)} ${f(sy)} Q${f((sx + ex) / 2 - Math.sin(a) * bend)} ${f((sy + ey) / 2 + Math.cos(a) * bend)} ${f(ex)} ${f(ey)}" fill="none" stroke="#f00" stroke-width="${f(cord * 0.9)}"/>`);
        parts.push(`<path d="${leafPath(ex, ey, a + (rnd() - 0.5) * 1.2, r * 0.75, r * 0.22)}" fill="#0f0" stroke="#f00" stroke-width="${f(cord * 0.8)}"/>`);
      }
    }
  }
  if (guipure) {
    // Bars (brides) joining neighbouring motifs, each with a picot ring.
    for (let a = 0; a < centres.length; a++) {
      for (let b = a + 1; b < centres.length; b++) {
        const [ax, ay, ar] = centres[a]!;
        const [bx, by, br] = centres[b]!;
        const d = Math.hypot(bx - ax, by - ay);
        if (d > spacing * 1.25) continue;
        const ux = (bx - ax) / d;
        const uy = (by - ay) / d;
        const bend = (rnd() - 0.5) * d * 0.3;
        const mx = (ax + bx) / 2 - uy * bend;
        const my = (ay + by) / 2 + ux * bend;
        parts.push(`<path d="M${f(ax + ux * ar)} ${f(ay + uy * ar)} Q${f(mx)} ${f(my)} ${f(bx - ux * br)} ${f(by - uy * br)}" fill="none" stroke="#f00" stroke-width="${f(cord * 0.9)}"/>`);
        for (const side of [-1, 1]) {
          parts.push(`<circle cx="${f((ax + bx) / 4 + mx / 2 - uy * side * 4 * u)}" cy="${f((ay + by) / 4 + my / 2 + ux * side * 4 * u)}" r="${f(2.6 * u)}" fill="none" stroke="#f00" stroke-width="${f(cord * 0.6)}"/>`);
        }
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#000"/>${parts.join('')}</svg>`;
}

export async function lace({ w, h, u, seed, variant }: GeneratorInput): Promise<TextureMap> {
  // The SVG carries shapes only (cords red, clothwork green, dotted centres blue): librsvg pattern fills are slow,
  // so the fine fill textures and the tulle ground are drawn here.
  const svg = laceSvg(w, h, u, seed, variant);
  const raw = await sharp(Buffer.from(svg), { limitInputPixels: false }).removeAlpha().raw().toBuffer();
  const coverage = new Float32Array(w * h);
  const net = 11 * u;
  const netLine = 0.65 * u;
  const clothPitch = 3.4 * u;
  const dotPitch = 5 * u;
  const ca = Math.cos(0.61);
  const sa = Math.sin(0.61);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const cordV = raw[p * 3]! / 255;
      const clothV = raw[p * 3 + 1]! / 255;
      const dotsV = raw[p * 3 + 2]! / 255;
      let c = cordV;
      if (clothV > 0) {
        // Linen-stitch fill: close rows of thread with a finer cross thread, a little backing between.
        const t = (x * ca + y * sa) / clothPitch;
        const q = (-x * sa + y * ca) / clothPitch;
        const rows = smoothstep(0.25, 0.45, 0.5 - Math.abs(t - Math.floor(t) - 0.5));
        const cross = smoothstep(0.32, 0.45, 0.5 - Math.abs(q - Math.floor(q) - 0.5)) * 0.75;
        c = Math.max(c, clothV * (0.3 + 0.66 * Math.max(rows, cross)));
      }
      if (dotsV > 0) {
        const dx = x / dotPitch - Math.floor(x / dotPitch) - 0.5;
        const dy = y / dotPitch - Math.floor(y / dotPitch) - 0.5;
        c = Math.max(c, dotsV * (1 - smoothstep(0.26, 0.36, Math.sqrt(dx * dx + dy * dy))));
      }
      if (variant !== 1 && c < 0.5) {
        // Hexagonal tulle: distance to the edge of the nearest honeycomb cell.
        const [hx, hy] = hexNearest(x, y, net);
        const hd = Math.max(Math.abs(hx), Math.abs(hx * 0.5 + hy * 0.866), Math.abs(hx * 0.5 - hy * 0.866));
        c = Math.max(c, 0.72 * (1 - smoothstep(netLine * 0.6, netLine * 1.4, net / 2 - hd)));
      }
      coverage[p] = c;
    }
  }
  const rounded = blur(coverage, w, h, 1.6 * u);
  const shadowSrc = blur(coverage, w, h, 4 * u);
  const fibre = fbm(w, h, 1.6 * u, seed + 5, { octaves: 2 });
  const height = new Float32Array(w * h);
  const albedo = new Float32Array(w * h);
  const mix = new Float32Array(w * h);
  const sx = Math.round(4 * u);
  const sy = Math.round(5 * u);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const c = coverage[p]!;
      const thread = clamp((c - 0.08) / 0.4);
      height[p] = rounded[p]! * 1.2 + c * 0.3 + fibre[p]! * 0.05 * thread;
      mix[p] = 1 - thread;
      // The lace's shadow on the backing, cast down and to the right.
      const q = Math.max(0, y - sy) * w + Math.max(0, x - sx);
      albedo[p] = (1 + fibre[p]! * 0.08 * thread) * (1 - 0.55 * shadowSrc[q]! * (1 - thread));
    }
  }
  return surface(w, h, height, {
    bump: 2.2 * u,
    albedo,
    ao: { radius: 3 * u, strength: 0.4 },
    mix,
    look: {
      amplitude: 0.06,
      specStrength: 0,
      // A contrasting backing, so the openwork reads: dark under light lace, light under dark lace.
      secondary: (t: Oklab) => (t.l > 0.6 ? { l: 0.3, a: t.a * 0.15, b: t.b * 0.15 } : { l: 0.94, a: t.a * 0.05, b: t.b * 0.05 + 0.005 }),
      secondaryAmplitude: 0.8,
    },
  });
}
