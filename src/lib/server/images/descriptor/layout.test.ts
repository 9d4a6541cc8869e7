import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderTexture } from '../../seed/textures';
import { reorderNearDuplicates } from '../prefer-near-duplicates';
import { LAYOUT_SHORT_SIDE, layoutOf, layoutTemplatesOf, matchLayout, NEAR_DUPLICATE_CORRELATION } from './layout';
import { loadPixels } from './pixels';

// Two photos of one material (same kind and color, different seeds) and a picture of another material.
let picture: Buffer;
let sameMaterial: Buffer;
let other: Buffer;
beforeAll(async () => {
  picture = await renderTexture('patent', '#7a4a2a', 1, 600);
  sameMaterial = await renderTexture('patent', '#7a4a2a', 2, 600);
  other = await renderTexture('denim', '#2a4b7c', 1, 600);
});

const crop = (bytes: Buffer, left: number, top: number, size: number) => sharp(bytes).extract({ left, top, width: size, height: size }).jpeg({ quality: 70 }).toBuffer();
const computeLayout = async (bytes: Buffer) => layoutOf(await loadPixels(bytes));
const computeLayoutTemplates = async (bytes: Buffer) => layoutTemplatesOf(await loadPixels(bytes));
const correlation = async (photo: Buffer, source: Buffer) => matchLayout(await computeLayoutTemplates(photo), await computeLayout(source));

describe('a picture’s layout', () => {
  it('is the picture in grey with its shorter side at the layout size, its size in the first two bytes', async () => {
    const layout = await computeLayout(await sharp(picture).resize(600, 300).toBuffer());
    expect([layout[0], layout[1]]).toEqual([2 * LAYOUT_SHORT_SIDE, LAYOUT_SHORT_SIDE]);
    expect(layout.length).toBe(2 + 2 * LAYOUT_SHORT_SIDE * LAYOUT_SHORT_SIDE);
  });

  it('holds a crop of half each side, anywhere in the picture, and the picture darker', async () => {
    expect(await correlation(await crop(picture, 150, 150, 300), picture)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_CORRELATION);
    expect(await correlation(await crop(picture, 0, 300, 300), picture)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_CORRELATION);
    expect(await correlation(await sharp(picture).linear(0.6, 0).png().toBuffer(), picture)).toBeGreaterThan(0.95);
  });

  it('does not hold a crop of another photo of the same material, nor of another material', async () => {
    expect(await correlation(await crop(sameMaterial, 150, 150, 300), picture)).toBeLessThan(NEAR_DUPLICATE_CORRELATION);
    expect(await correlation(await crop(other, 150, 150, 300), picture)).toBeLessThan(NEAR_DUPLICATE_CORRELATION);
  });

  it('gives a flat photo no templates, which then match nothing', async () => {
    const flat = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080' } }).png().toBuffer();
    const templates = await computeLayoutTemplates(flat);
    expect(templates).toEqual([]);
    expect(matchLayout(templates, await computeLayout(picture))).toBe(-1);
  });
});

describe('preferring near-duplicates', () => {
  it('moves the crop’s own picture first, keeps the rest in order, and leaves pictures without a layout in place', async () => {
    const templates = await computeLayoutTemplates(await crop(picture, 150, 150, 300));
    const layouts = new Map([
      [1, await computeLayout(sameMaterial)],
      [2, await computeLayout(other)],
      [3, await computeLayout(picture)],
    ]);
    const similar = [1, 4, 2, 3].map((imageId, k) => ({ imageId, distance: 0.3 + k * 0.1 }));
    const reordered = reorderNearDuplicates(similar, templates, layouts);
    expect(reordered.map((s) => s.imageId)).toEqual([3, 1, 4, 2]);
    expect(reordered[0]!.distance).toBeLessThan(0.01);
    // Beyond the candidates checked, the source stays where the descriptor put it.
    const far = [...Array.from({ length: 10 }, (_, k) => ({ imageId: 100 + k, distance: 0.2 })), { imageId: 3, distance: 0.9 }];
    expect(reorderNearDuplicates(far, templates, layouts)).toEqual(far);
  });
});
