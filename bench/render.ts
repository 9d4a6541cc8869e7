/**
 * How fast a color card's render runs and how much memory one takes (docs/product/material-files.md#rendering):
 * the woven demo material at 1024² and 4096², rendered card after card on one core (libvips held to one thread),
 * and the peak resident memory of one render of the 4096² map set, measured in a process of its own.
 *
 *   npm run bench:render [-- --cards 12]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderPreviews } from '../src/lib/server/material-files/render-previews';
import { wovenMaps } from '../src/lib/server/seed/woven-material-file';

const PICTURES_PER_CARD = 4;
const HEXES = ['#1f3a93', '#8b1e3f', '#2e8b57', '#d8c3a5', '#333333', '#c0392b'];

/** The process's resident high-water mark (Linux), which catches a peak no timer could sample. */
const highWaterMark = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

/** In a fresh process: the encoded maps as a job reads them from storage, then one render. */
async function peakOfOneRender(dir: string): Promise<void> {
  const basecolor = readFileSync(path.join(dir, 'basecolor.png'));
  const normal = readFileSync(path.join(dir, 'normal.png'));
  const before = process.memoryUsage().rss;
  await renderPreviews({ hex: '#1f3a93', basecolor, normal, roughness: 0.8, tileCm: { width: 5, height: 5 } });
  console.log(JSON.stringify({ before, peak: highWaterMark() }));
}

async function main() {
  if (process.argv.includes('--peak')) return peakOfOneRender(process.argv[process.argv.indexOf('--peak') + 1]!);
  const cardsAt = process.argv.indexOf('--cards');
  const cards = cardsAt > 0 ? Number(process.argv[cardsAt + 1]) : 12;
  sharp.concurrency(1);
  for (const size of [1024, 4096]) {
    const maps = await wovenMaps({ hex: '#808080', size });
    const run = (i: number) => renderPreviews({ hex: HEXES[i % HEXES.length]!, basecolor: maps.basecolor, normal: maps.normal, roughness: 0.8, tileCm: { width: 5, height: 5 } });
    await run(0);
    const started = performance.now();
    const n = size === 4096 ? Math.max(2, Math.ceil(cards / 4)) : cards;
    for (let i = 0; i < n; i += 1) await run(i);
    const ms = (performance.now() - started) / n;
    console.log(`${size}² maps: ${ms.toFixed(0)} ms a card, ${(60_000 / ms).toFixed(1)} cards (${((60_000 / ms) * PICTURES_PER_CARD).toFixed(0)} previews) a minute on one core`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'render-bench-'));
  const big = await wovenMaps({ hex: '#808080', size: 4096 });
  writeFileSync(path.join(dir, 'basecolor.png'), big.basecolor);
  writeFileSync(path.join(dir, 'normal.png'), big.normal);
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--peak', dir], { encoding: 'utf8' });
  rmSync(dir, { recursive: true });
  if (child.status !== 0) throw new Error(child.stderr);
  const { before, peak } = JSON.parse(child.stdout.trim().split('\n').pop()!) as { before: number; peak: number };
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`one 4096² render (${mb(big.basecolor.length + big.normal.length)} MB of PNG maps): peak RSS ${mb(peak)} MB, ${mb(peak - before)} MB above the process before it`);
}

await main();
