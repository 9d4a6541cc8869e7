import { differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderBanner, renderLogo, renderTexture, TEXTURE_KINDS, textureKindForCategory } from '.';
import { clearTextureMaps } from './render-texture';

const deltaE = differenceCiede2000();

async function meanColor(image: Buffer) {
  const { channels } = await sharp(image).stats();
  const [r, g, b] = channels.map((c) => c.mean / 255);
  return { mode: 'rgb' as const, r: r!, g: g!, b: b! };
}

describe('generated textures', () => {
  it('are deterministic: the same kind, color and seed give the same bytes, even when the base map is rebuilt', async () => {
    for (const kind of ['full-grain', 'denim', 'lace'] as const) {
      const first = await renderTexture(kind, '#3a5f8c', 7, 256);
      clearTextureMaps();
      const again = await renderTexture(kind, '#3a5f8c', 7, 256);
      expect(again.equals(first), kind).toBe(true);
      expect((await renderTexture(kind, '#3a5f8c', 8, 256)).equals(first), `${kind} other seed`).toBe(false);
    }
  });

  it('are square JPEGs of the asked size', async () => {
    expect(await sharp(await renderTexture('suede', '#8b4513', 1, 320)).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 320 });
  });

  it('draw every kind', async () => {
    for (const kind of TEXTURE_KINDS) {
      const { channels } = await sharp(await renderTexture(kind, '#7a6a5a', 2, 160)).stats();
      // A texture, not a flat fill.
      expect(channels[1]!.stdev, kind).toBeGreaterThan(2);
    }
  });

  it('have the target mean color, light or dark (single-color kinds)', async () => {
    const colors = ['#8b4a2b', '#1d3f8a', '#efece6', '#1b1b1b', '#c8102e'];
    const matte = ['suede', 'nubuck', 'plain-weave', 'twill', 'canvas', 'jersey', 'rib-knit', 'eva-foam', 'rubber', 'generic'] as const;
    const glossy = ['full-grain', 'synthetic-leather', 'ripstop'] as const;
    for (const color of colors) {
      for (const kind of matte) expect(deltaE(color, await meanColor(await renderTexture(kind, color, 3, 400))), `${kind} ${color}`).toBeLessThan(2);
      // Highlights come on top of the material's color.
      for (const kind of glossy) expect(deltaE(color, await meanColor(await renderTexture(kind, color, 3, 400))), `${kind} ${color}`).toBeLessThan(6);
    }
  });

  it('refuse a color that is not #rrggbb', async () => {
    await expect(renderTexture('suede', 'red', 1, 64)).rejects.toThrow(/rrggbb/);
  });
});

describe('textureKindForCategory', () => {
  it.each([
    ['patent-leather', 'patent'],
    ['selvedge-denim', 'denim'],
    ['guipure-lace', 'lace'],
    ['shoelaces', 'cord'],
    ['knit', 'jersey'],
    ['no-such-category', 'generic'],
  ])('draws %s as %s', (category, kind) => {
    expect(textureKindForCategory(category)).toBe(kind);
  });

  it('suggests a kind for every catalogue category, level 2 then level 1', () => {
    const level2 =
      'full-grain split-leather sheepskin pigskin patent-leather pu-leather microfiber pvc-leather tpu-film suede nubuck microsuede twill oxford ripstop satin flyknit jersey spacer-knit rib-knit sandwich-mesh air-mesh warp-knit-mesh raw-denim stretch-denim selvedge-denim cotton-canvas waxed-canvas duck-canvas chemical-lace eyelash-lace guipure-lace rubber eva-foam tpu-sole pu-foam shoelaces webbing zippers labels';
    for (const code of [...level2.split(' '), 'leather', 'synthetic', 'suede-nubuck', 'woven', 'knit', 'mesh', 'denim', 'canvas', 'lace', 'sole', 'trims']) {
      expect(textureKindForCategory(code), code).not.toBe('generic');
    }
  });
});

describe('logos and banners', () => {
  it('render a 256 px PNG monogram and a 1600 x 400 JPEG banner', async () => {
    const logo = await renderLogo('ab', '#1d3f8a', 3);
    expect(await sharp(logo).metadata()).toMatchObject({ format: 'png', width: 256, height: 256, hasAlpha: true });
    expect((await renderLogo('A&<B>', '#f2c14e', 3)).length).toBeGreaterThan(1000);
    expect(await sharp(await renderBanner('#8b4a2b', 'full-grain', 1)).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 400 });
  });
});
