import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLORS, textOn } from './layout-share-image';
import { layoutShareImage, renderShareImage, type ShareImageLayout, type ShareImageModel } from './render-share-image';

const URL_ = 'https://matlib.example.com/mobile/share?shareId=Ab3dE9xQ&code=7KQ2';
const HEXES = ['#8b4a2b', '#1d3f8a', '#efece6', '#2e2e2e', '#b0413e', '#3f6b3a', '#c19a6b', '#9ca3af', '#a4452c', '#98d7c2', '#123456', '#654321'];
const SWATCHES = HEXES.map((hex, i) => ({ name: `色${i + 1}`, hex }));

let pictures: Buffer[] = [];
beforeAll(async () => {
  // Solid, saturated covers: easy to tell from the card, the placeholder and the text.
  pictures = await Promise.all(
    HEXES.map((hex) => sharp({ create: { width: 1200, height: 900, channels: 3, background: hex } }).jpeg().toBuffer()),
  );
});

function model(kind: ShareImageModel['kind'], over: Partial<ShareImageModel> = {}): ShareImageModel {
  return {
    kind,
    lang: 'cn',
    title: '头层牛皮荔枝纹 · 经典棕',
    companyName: '温州鑫源皮革有限公司',
    introduction: '头层牛皮，荔枝纹压花，厚度1.2-1.4mm，适用于男女休闲鞋、靴子及箱包。',
    pictures: pictures.slice(0, 1),
    swatches: SWATCHES.slice(0, 3),
    totalCount: 1,
    url: URL_,
    scanText: '扫码查看更多信息',
    ...over,
  };
}

type Raw = { data: Buffer; width: number; height: number };
async function raw(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels darker than the body text in a CSS-px box at 2x: the ink of titles and the scan text. */
function inkPixels(image: Raw, box: { x: number; y: number; w: number; h: number }, scale = 2): number {
  let count = 0;
  for (let y = Math.floor(box.y * scale); y < Math.ceil((box.y + box.h) * scale); y++) {
    for (let x = Math.floor(box.x * scale); x < Math.ceil((box.x + box.w) * scale); x++) {
      const i = (y * image.width + x) * 3;
      if (Math.max(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) < 90) count++;
    }
  }
  return count;
}

function pixel(image: Raw, x: number, y: number, scale = 2): [number, number, number] {
  const i = (Math.round(y * scale) * image.width + Math.round(x * scale)) * 3;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tolerance = 12) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

function textBox(layout: ShareImageLayout, role: string) {
  const t = layout.texts.find((x) => x.role === role);
  if (!t) throw new Error(`no ${role} text`);
  return { x: t.x, y: t.y, w: t.width, h: Math.max(t.height, t.lineHeight) };
}

describe('renderShareImage', () => {
  it.each(['material', 'materials', 'folder', 'colorCard', 'colorBook', 'materialBook'] as const)('renders %s as a PNG at twice the CSS size', async (kind) => {
    const m = model(kind, { pictures: pictures.slice(0, 7), swatches: SWATCHES, totalCount: 7 });
    const [png, layout] = await Promise.all([renderShareImage(m), layoutShareImage(m)]);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(layout.width).toBe(375);
    expect(meta.width).toBe(750);
    expect(meta.height).toBe(layout.height * 2);
  });

  it('draws a Chinese title as glyphs where an empty title leaves the card blank', async () => {
    const m = model('material');
    const layout = await layoutShareImage(m);
    const box = textBox(layout, 'title');
    const withTitle = inkPixels(await raw(await renderShareImage(m)), box);
    const without = inkPixels(await raw(await renderShareImage(model('material', { title: '' }))), box);
    expect(without).toBe(0);
    expect(withTitle).toBeGreaterThan(1500);
  });

  it('draws different Chinese characters differently (no missing-glyph boxes)', async () => {
    const a = await raw(await renderShareImage(model('material', { title: '牛皮革' })));
    const b = await raw(await renderShareImage(model('material', { title: '羊绒布' })));
    const box = textBox(await layoutShareImage(model('material', { title: '牛皮革' })), 'title');
    let differing = 0;
    for (let y = box.y * 2; y < (box.y + box.h) * 2; y++) {
      for (let x = box.x * 2; x < (box.x + 80) * 2; x++) {
        const i = (y * a.width + x) * 3;
        if (Math.abs(a.data[i]! - b.data[i]!) > 100) differing++;
      }
    }
    expect(differing).toBeGreaterThan(300);
  });

  it('carries a QR code that decodes to the share URL', async () => {
    for (const kind of ['material', 'folder'] as const) {
      const m = model(kind, { pictures: pictures.slice(0, 9), totalCount: 9 });
      const layout = await layoutShareImage(m);
      const { qr } = layout;
      const margin = 4;
      const region = await sharp(await renderShareImage(m))
        .extract({ left: (qr.x - margin) * 2, top: (qr.y - margin) * 2, width: (qr.w + 2 * margin) * 2, height: (qr.h + 2 * margin) * 2 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(region.data.buffer, region.data.byteOffset, region.data.length), region.info.width, region.info.height);
      expect(code?.data).toBe(URL_);
    }
  });

  it('composites covers into their tiles and leaves a placeholder for a missing or broken picture', async () => {
    const m = model('folder', { pictures: [pictures[0]!, Buffer.from('not an image'), pictures[4]!], totalCount: 4 });
    const layout = await layoutShareImage(m);
    const image = await raw(await renderShareImage(m));
    const centre = (i: number) => pixel(image, layout.tiles[i]!.x + layout.tiles[i]!.w / 2 - layout.tiles[i]!.w / 4, layout.tiles[i]!.y + layout.tiles[i]!.h / 4);
    expect(layout.tiles).toHaveLength(4);
    expect(near(centre(0), hexRgb(HEXES[0]!))).toBe(true);
    expect(near(centre(1), hexRgb(COLORS.placeholder), 3)).toBe(true);
    expect(near(centre(2), hexRgb(HEXES[4]!))).toBe(true);
    expect(layout.tiles[3]!.picture).toBeNull();
    expect(near(centre(3), hexRgb(COLORS.placeholder), 3)).toBe(true);
  });

  it('rounds the covers off: the tile corner pixel is the white card', async () => {
    const m = model('material');
    const layout = await layoutShareImage(m);
    const image = await raw(await renderShareImage(m));
    const tile = layout.tiles[0]!;
    expect(pixel(image, tile.x + 0.5, tile.y + 0.5)).toEqual([255, 255, 255]);
    expect(near(pixel(image, tile.x + tile.w / 2, tile.y + 1), hexRgb(HEXES[0]!))).toBe(true);
  });

  it('paints the shared color large with the swatches beside it', async () => {
    const m = model('colorCard', { swatches: SWATCHES.slice(0, 4) });
    const layout = await layoutShareImage(m);
    const image = await raw(await renderShareImage(m));
    const hero = layout.hero!;
    expect(near(pixel(image, hero.x + hero.w - 20, hero.y + 20), hexRgb(HEXES[0]!), 2)).toBe(true);
    layout.swatches.forEach((s, i) => expect(near(pixel(image, s.x + s.w / 2, s.y + s.h / 2), hexRgb(HEXES[i + 1]!), 2)).toBe(true));
  });

  it('paints a book’s first colors as blocks the card’s width', async () => {
    const m = model('colorBook', { swatches: SWATCHES.slice(0, 3), pictures: [] });
    const layout = await layoutShareImage(m);
    const image = await raw(await renderShareImage(m));
    expect(layout.swatches).toHaveLength(3);
    // Near the right edge, clear of the hex written there.
    layout.swatches.forEach((s, i) => expect(near(pixel(image, s.x + s.w - 6, s.y + s.h / 2), hexRgb(HEXES[i]!), 2)).toBe(true));
  });
});

describe('layoutShareImage', () => {
  const tilesOf = async (m: ShareImageModel) => (await layoutShareImage(m)).tiles;

  it('shows "+N" on the sixth material tile only when the share holds more than six', async () => {
    const six = await layoutShareImage(model('materials', { pictures: pictures.slice(0, 6), totalCount: 6 }));
    expect(six.tiles).toHaveLength(6);
    expect(six.tiles.every((t) => t.more === null)).toBe(true);
    expect(six.texts.some((t) => t.role === 'more')).toBe(false);

    const seven = await layoutShareImage(model('materials', { pictures: pictures.slice(0, 7), totalCount: 7 }));
    expect(seven.tiles).toHaveLength(6);
    expect(seven.tiles.map((t) => t.more)).toEqual([null, null, null, null, null, 2]);
    expect(seven.texts.find((t) => t.role === 'more')?.lines[0]?.text).toBe('+2');

    // The caller may send only the covers it shows: the count decides.
    const many = await layoutShareImage(model('materials', { pictures: pictures.slice(0, 6), totalCount: 40, lang: 'en' }));
    expect(many.tiles.at(-1)!.more).toBe(35);
    expect(many.texts.find((t) => t.role === 'more')?.lines[0]?.text).toBe('+35');
    expect(many.texts.find((t) => t.role === 'moreLabel')?.lines[0]?.text).toBe('more');
  });

  it('lays fewer materials out without a "+N" tile and with placeholders for missing covers', async () => {
    const tiles = await tilesOf(model('materials', { pictures: pictures.slice(0, 2), totalCount: 3 }));
    expect(tiles.map((t) => t.picture)).toEqual([0, 1, null]);
    expect(tiles.every((t) => t.more === null)).toBe(true);
  });

  it('shows at most nine folder covers in a 3×3 grid and no "+N"', async () => {
    const tiles = await tilesOf(model('folder', { pictures: pictures.slice(0, 12), totalCount: 12 }));
    expect(tiles).toHaveLength(9);
    expect(new Set(tiles.map((t) => t.x)).size).toBe(3);
    expect(new Set(tiles.map((t) => t.y)).size).toBe(3);
    expect(tiles.every((t) => t.more === null)).toBe(true);
  });

  it('shows the material cover and at most ten color cards', async () => {
    const layout = await layoutShareImage(model('material', { swatches: SWATCHES }));
    expect(layout.tiles).toHaveLength(1);
    expect(layout.swatches).toHaveLength(10);
    expect(layout.swatches.map((s) => s.hex)).toEqual(HEXES.slice(0, 10));
    expect(layout.texts.filter((t) => t.role === 'swatchName').map((t) => t.lines[0]?.text)).toEqual(SWATCHES.slice(0, 10).map((s) => s.name));
  });

  it('shows the shared color card large and at most five others', async () => {
    const layout = await layoutShareImage(model('colorCard', { swatches: SWATCHES }));
    expect(layout.tiles).toHaveLength(0);
    expect(layout.hero?.hex).toBe(HEXES[0]);
    expect(layout.swatches.map((s) => s.hex)).toEqual(HEXES.slice(1, 6));
  });

  it('shows at most five of a book’s colors as blocks, each with its name and hex, and one neutral block for an empty book', async () => {
    const layout = await layoutShareImage(model('colorBook', { swatches: SWATCHES, pictures: [], totalCount: SWATCHES.length }));
    expect(layout.tiles).toHaveLength(0);
    expect(layout.hero).toBeNull();
    expect(layout.swatches.map((s) => s.hex)).toEqual(HEXES.slice(0, 5));
    expect(new Set(layout.swatches.map((s) => s.w))).toEqual(new Set([335]));
    expect(layout.texts.filter((t) => t.role === 'blockName').map((t) => t.lines[0]?.text)).toEqual(SWATCHES.slice(0, 5).map((s) => s.name));
    expect(layout.texts.filter((t) => t.role === 'blockHex').map((t) => t.lines[0]?.text)).toEqual(HEXES.slice(0, 5).map((h) => h.toUpperCase()));
    expect(layout.texts.find((t) => t.role === 'blockName')?.color).toBe(textOn(HEXES[0]!));

    const empty = await layoutShareImage(model('colorBook', { swatches: [], pictures: [], totalCount: 0 }));
    expect(empty.swatches.map((s) => s.hex)).toEqual([COLORS.neutralSwatch]);
    expect(empty.texts.some((t) => t.role === 'blockName')).toBe(false);
  });

  it('shows a material book’s cover large and at most five more covers in one row beneath it', async () => {
    const layout = await layoutShareImage(model('materialBook', { pictures: pictures.slice(0, 9), swatches: [], totalCount: 9 }));
    const [cover, ...more] = layout.tiles;
    expect(cover).toMatchObject({ x: 20, w: 335, h: 335, picture: 0 });
    expect(more.map((t) => t.picture)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(more.map((t) => t.y))).toEqual(new Set([cover!.y + cover!.h + 8]));
    expect(more.every((t) => t.w < 70 && t.more === null)).toBe(true);
    expect(layout.swatches).toHaveLength(0);

    const bare = await layoutShareImage(model('materialBook', { pictures: [], swatches: [], totalCount: 0 }));
    expect(bare.tiles).toEqual([expect.objectContaining({ w: 335, picture: null })]);
  });

  it('keeps every box inside the card with the 20 px margin, and squares the covers', async () => {
    for (const kind of ['material', 'materials', 'folder', 'colorCard', 'colorBook', 'materialBook'] as const) {
      const layout = await layoutShareImage(model(kind, { pictures: pictures.slice(0, 9), swatches: SWATCHES, totalCount: 9 }));
      for (const box of [...layout.tiles, ...layout.swatches, ...(layout.hero ? [layout.hero] : []), layout.qr]) {
        expect(box.x).toBeGreaterThanOrEqual(20);
        expect(box.x + box.w).toBeLessThanOrEqual(355);
        expect(box.y + box.h).toBeLessThanOrEqual(layout.height);
      }
      for (const tile of layout.tiles) expect(tile.w).toBe(tile.h);
      for (const t of layout.texts) for (const l of t.lines) expect(l.width).toBeLessThanOrEqual(t.width + 0.01);
    }
  });

  it('clips a long introduction to three lines with an ellipsis', async () => {
    const layout = await layoutShareImage(model('material', { introduction: '柔软耐磨，'.repeat(40) }));
    const intro = layout.texts.find((t) => t.role === 'introduction')!;
    expect(intro.lines).toHaveLength(3);
    expect(intro.lines[2]!.text.endsWith('…')).toBe(true);
  });

  it('draws a bad hex as neutral grey and picks legible text on a color', async () => {
    const layout = await layoutShareImage(model('colorCard', { swatches: [{ name: 'x', hex: '"/><script>' }, { name: 'y', hex: '#ABC' }] }));
    expect(layout.hero?.hex).toBe(COLORS.neutralSwatch);
    expect(layout.swatches[0]?.hex).toBe('#aabbcc');
    expect(textOn('#efece6')).toBe(COLORS.ink);
    expect(textOn('#1d3f8a')).toBe('#ffffff');
  });
});
