/**
 * Share image render time (docs/product/constants.md#sharing): `renderShareImage` per kind over generated 1600 px JPEG covers
 * (the size uploads are kept at), with Chinese text throughout. The first render of the process is reported apart:
 * it parses the font slices its text needs. Then one card at a time, p50/p95 per kind. Prints figures; decides nothing.
 *   npm run bench:share-image [-- --rounds 20]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderTexture, TEXTURE_KINDS } from '../src/lib/server/seed/textures';
import { renderShareImage, type ShareImageModel } from '../src/lib/server/sharing/image/render-share-image';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const COLORS = ['#8b4a2b', '#1d3f8a', '#efece6', '#2e2e2e', '#b0413e', '#3f6b3a', '#c19a6b', '#6b7280', '#98d7c2'];

// Covers: generated once and kept in the temp dir, like uploaded JPEGs (q90, 1600 x 1600).
const dir = path.join(tmpdir(), 'matlib-bench-share-image');
mkdirSync(dir, { recursive: true });
const pictures: Buffer[] = [];
for (let i = 0; i < 9; i++) {
  const kind = TEXTURE_KINDS[i % TEXTURE_KINDS.length]!;
  const color = COLORS[i]!;
  const file = path.join(dir, `${kind}-${color.slice(1)}-${i}.jpg`);
  if (!existsSync(file)) writeFileSync(file, await sharp(await renderTexture(kind, color, i, 1600)).jpeg({ quality: 90 }).toBuffer());
  pictures.push(readFileSync(file));
}
console.log(`${pictures.length} covers, 1600 x 1600 JPEG, ${(pictures.reduce((n, b) => n + b.length, 0) / pictures.length / 1024).toFixed(0)} KB each`);

const swatches = ['经典棕', '午夜蓝', '象牙白', '炭黑', '酒红', '橄榄绿', '驼色', '雾灰', '砖红', '薄荷'].map((name, i) => ({ name, hex: COLORS[i % COLORS.length]! }));
const common = {
  lang: 'cn' as const,
  companyName: '温州鑫源皮革有限公司',
  introduction: '头层牛皮，荔枝纹压花，厚度1.2-1.4mm，适用于男女休闲鞋、靴子及箱包。手感柔软，耐磨耐折，支持小批量定制颜色与纹理。欢迎来样咨询，量大从优。',
  url: 'https://matlib.example.com/mobile/share?shareId=Ab3dE9xQ&code=7KQ2',
  scanText: '扫码查看更多信息',
};
const models: ShareImageModel[] = [
  { ...common, kind: 'material', title: '头层牛皮荔枝纹 Nappa 1.2mm', pictures: pictures.slice(0, 1), swatches, totalCount: 1 },
  { ...common, kind: 'materials', title: '2026 春夏鞋面材料精选', pictures: pictures.slice(0, 6), swatches: [], totalCount: 14 },
  { ...common, kind: 'folder', title: '秋冬靴款收藏', pictures: pictures.slice(0, 9), swatches: [], totalCount: 9 },
  { ...common, kind: 'colorCard', title: '头层牛皮荔枝纹 · 经典棕', pictures: pictures.slice(0, 1), swatches, totalCount: 1 },
];

const coldStart = performance.now();
await renderShareImage(models[0]!);
console.log(`first render in the process (parses the font slices the text needs): ${(performance.now() - coldStart).toFixed(0)} ms`);
for (const m of models) await renderShareImage(m);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
console.log(`\none card at a time, ${rounds} rounds per kind, ${availableParallelism()} cores, libvips threads: default`);
for (const m of models) {
  const times: number[] = [];
  let bytes = 0;
  let size = '';
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const png = await renderShareImage(m);
    times.push(performance.now() - t0);
    bytes = png.length;
    if (!size) {
      const meta = await sharp(png).metadata();
      size = `${meta.width} x ${meta.height}`;
    }
  }
  times.sort((a, b) => a - b);
  console.log(`${m.kind.padEnd(10)} ${size.padEnd(11)} p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(times, 0.95).toFixed(1).padStart(6)} ms   ${(bytes / 1024).toFixed(0).padStart(5)} KB png   (${m.pictures.length} covers)`);
}
