/**
 * A contact sheet of every texture kind in three colors, to judge the generator by eye:
 *   npx tsx scripts/texture-sheet.ts [--out /tmp/texture-sheet.png] [--kind denim --size 800] [--colors '#1d3f8a,#efece6']
 * With --kind, writes that kind at full size (one tile per color) instead.
 */
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import { renderTexture, TEXTURE_KINDS, type TextureKind } from '../src/lib/server/seed/textures';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/texture-sheet.png' },
    kind: { type: 'string' },
    size: { type: 'string', default: '800' },
    tile: { type: 'string', default: '200' },
    seed: { type: 'string', default: '0' },
    colors: { type: 'string', default: '#8b4a2b,#1d3f8a,#efece6' },
    /** Show a 1:1 crop of this many pixels from each texture instead of the whole texture scaled down. */
    crop: { type: 'string' },
  },
});
const colors = values.colors.split(',');
const size = Number(values.size);
const seed = Number(values.seed);
const kinds = (values.kind ? values.kind.split(',') : [...TEXTURE_KINDS]) as TextureKind[];
const tile = values.crop ? Number(values.crop) : values.kind ? size : Number(values.tile);
const perRow = values.kind || values.crop ? colors.length : 4 * colors.length;
const label = 18;

const tiles: OverlayOptions[] = [];
let index = 0;
const started = performance.now();
for (const kind of kinds) {
  for (const color of colors) {
    const t0 = performance.now();
    const jpeg = await renderTexture(kind, color, seed, size);
    const ms = performance.now() - t0;
    const input = await (values.crop ? sharp(jpeg).extract({ left: 0, top: 0, width: tile, height: tile }) : sharp(jpeg).resize(tile, tile)).toBuffer();
    const col = index % perRow;
    const row = Math.floor(index / perRow);
    tiles.push({ input, left: col * tile, top: row * (tile + label) + label });
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${label}"><text x="3" y="13" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#222">${kind} ${color}</text></svg>`;
    tiles.push({ input: Buffer.from(text), left: col * tile, top: row * (tile + label) });
    console.log(`${kind.padEnd(18)} ${color}  ${ms.toFixed(0).padStart(5)} ms`);
    index++;
  }
}
const rows = Math.ceil(index / perRow);
await sharp({ create: { width: perRow * tile, height: rows * (tile + label), channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(values.out);
console.log(`${values.out}: ${kinds.length} kinds x ${colors.length} colors in ${((performance.now() - started) / 1000).toFixed(1)} s`);
