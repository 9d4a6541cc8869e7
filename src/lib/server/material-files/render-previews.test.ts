import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { atDensity, hexToLinear, recolor, renderPreviews, rulerSvg, WORK_SIZE } from './render-previews';

/** A striped map: light and dark bands, so recolouring has texture to keep. */
const stripes = (width: number, height: number) => {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) raw.fill(x % 8 < 4 ? 220 : 90, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
};

const mean = (rgb: Float32Array, channel: number) => {
  let sum = 0;
  for (let i = channel; i < rgb.length; i += 3) sum += rgb[i]!;
  return sum / (rgb.length / 3);
};

describe('recolouring a base color map to a card', () => {
  it('moves the map’s mean color to the card’s and keeps its texture', async () => {
    const texture = await recolor(await stripes(64, 64), '#8b1e3f');
    const [r, g, b] = hexToLinear('#8b1e3f');
    expect(mean(texture.rgb, 0)).toBeCloseTo(r, 3);
    expect(mean(texture.rgb, 1)).toBeCloseTo(g, 3);
    expect(mean(texture.rgb, 2)).toBeCloseTo(b, 3);
    // Light and dark bands stay apart.
    expect(texture.rgb[0]! / texture.rgb[4 * 3]!).toBeGreaterThan(3);
  });

  it('works at most at the working size, and is the flat color without a map', async () => {
    const big = await recolor(await stripes(3000, 1500), '#336699');
    expect([big.width, big.height]).toEqual([WORK_SIZE, WORK_SIZE / 2]);
    const flat = await recolor(null, '#336699');
    expect(new Set(flat.rgb).size).toBe(3);
  });
});

describe('textures averaged down to a view’s density', () => {
  it('averages blocks of texels, so a fine check becomes its mean instead of moiré; one texel a pixel stays as it is', () => {
    const rgb = new Float32Array(4 * 4 * 3).map((_, i) => ((Math.floor(i / 3) % 4) + Math.floor(i / 12)) % 2);
    const check = { width: 4, height: 4, rgb };
    const down = atDensity(check, 2.5);
    expect([down.width, down.height]).toEqual([2, 2]);
    expect([...down.rgb]).toEqual(new Array(12).fill(0.5));
    expect(atDensity(check, 1.4)).toBe(check);
  });
});

describe('the pictures of a render', () => {
  it('draws four JPEGs of their sizes, and two colors give two different swatches and spheres', async () => {
    const map = await stripes(128, 128);
    const navy = await renderPreviews({ hex: '#1f3a93', basecolor: map, normal: null, roughness: 0.7, tileCm: { width: 4, height: 4 } });
    const sizes = await Promise.all(Object.values(navy).map(async (jpeg) => sharp(jpeg).metadata()));
    expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual([
      ['jpeg', 128, 128],
      ['jpeg', 512, 512],
      ['jpeg', 640, 480],
      ['jpeg', 640, 640],
    ]);
    const red = await renderPreviews({ hex: '#c0392b', basecolor: map, normal: null, roughness: 0.7, tileCm: { width: 4, height: 4 } });
    expect(red.swatch.equals(navy.swatch)).toBe(false);
    const centre = async (jpeg: Buffer) => (await sharp(jpeg).extract({ left: 256, top: 256, width: 1, height: 1 }).raw().toBuffer())[0]!;
    expect(await centre(red.preview)).toBeGreaterThan(await centre(navy.preview));
  });

  it('numbers the ruler every five centimetres and ticks every one', () => {
    const svg = rulerSvg(640, 56, 16, 568, 20);
    expect(svg.match(/<line /g)).toHaveLength(2 * 21);
    expect([...svg.matchAll(/>(\d+)<\/text>/g)].map((m) => m[1])).toEqual(['0', '0', '5', '5', '10', '10', '15', '15', '20', '20']);
  });
});
