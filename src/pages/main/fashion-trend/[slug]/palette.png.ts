/**
 * A trend story's picture for link previews (its `og:image`): the palette as bands, 1200 × 630, drawn by sharp
 * from SVG. The same for every reader, so kept once drawn and cached by browsers and crawlers for a day.
 */
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { DEFAULT_LANG } from '../../../../lib/i18n';
import { localizedEntry } from '../../../../lib/server/pages/content';

const WIDTH = 1200;
const HEIGHT = 630;
const drawn = new Map<string, Promise<Buffer>>();

function draw(palette: readonly { hex: string }[]): Promise<Buffer> {
  const band = WIDTH / palette.length;
  const rects = palette.map((c, i) => `<rect x="${(i * band).toFixed(2)}" y="0" width="${(band + 1).toFixed(2)}" height="${HEIGHT}" fill="${c.hex}"/>`).join('');
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${rects}</svg>`))
    .png()
    .toBuffer();
}

export const GET: APIRoute = async ({ params }) => {
  const slug = params.slug ?? '';
  // The palette is the same in both languages; only its names differ, and the picture carries none.
  const found = await localizedEntry('trends', slug, DEFAULT_LANG);
  if (!found) return new Response('Not found', { status: 404 });
  let png = drawn.get(slug);
  if (!png) {
    png = draw(found.entry.data.palette);
    drawn.set(slug, png);
  }
  return new Response(new Uint8Array(await png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' } });
};
