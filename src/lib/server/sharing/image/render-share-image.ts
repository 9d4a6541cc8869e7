/**
 * The share card as a PNG (docs/product/routes.md#dialogs, docs/product/constants.md "Share image 2x"): one SVG layer with the card, placeholders,
 * colors, text outlines and the QR code; the covers composited over it; a second SVG layer for what sits on the
 * covers (rounded corners, the "+N" tile).
 */
import sharp, { type OverlayOptions } from 'sharp';
import { IMAGE_MAX_PIXELS } from '../../images/presets';
import { ACCENT_HEIGHT, COLORS, layoutShareImage, type Box, type ShareImageLayout, type ShareImageModel, type ShareTile } from './layout-share-image';
import { qrPathData } from './qr';
import { textSvg } from './text';

export type { ShareImageKind, ShareImageLayout, ShareImageModel } from './layout-share-image';
export { layoutShareImage } from './layout-share-image';

const n = (v: number) => String(Math.round(v * 100) / 100);

function roundedRect(box: Box, radius: number, attrs: string): string {
  return `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" rx="${radius}" ${attrs}/>`;
}

/** A picture frame with a mountain and a sun, for a material without a cover (or one that does not decode). */
function placeholder(tile: ShareTile): string {
  const s = Math.min(tile.w, tile.h) * 0.3;
  const x = tile.x + (tile.w - s) / 2;
  const y = tile.y + (tile.h - s * 0.8) / 2;
  const h = s * 0.8;
  const stroke = Math.max(1.5, s * 0.06);
  return (
    roundedRect(tile, tile.radius, `fill="${COLORS.placeholder}"`) +
    `<g fill="none" stroke="${COLORS.placeholderIcon}" stroke-width="${n(stroke)}" stroke-linejoin="round">` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(h)}" rx="${n(s * 0.08)}"/>` +
    `<path d="M${n(x + s * 0.1)} ${n(y + h * 0.82)}L${n(x + s * 0.38)} ${n(y + h * 0.45)}L${n(x + s * 0.58)} ${n(y + h * 0.68)}L${n(x + s * 0.72)} ${n(y + h * 0.55)}L${n(x + s * 0.9)} ${n(y + h * 0.82)}"/>` +
    `</g><circle cx="${n(x + s * 0.72)}" cy="${n(y + h * 0.28)}" r="${n(s * 0.08)}" fill="${COLORS.placeholderIcon}"/>`
  );
}

function svgDocument(layout: ShareImageLayout, body: string): Buffer {
  const { width, height, scale } = layout;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width * scale)}" height="${Math.round(height * scale)}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

function baseLayer(layout: ShareImageLayout): Buffer {
  const hairline = `stroke="#0f172a" stroke-opacity="0.08" stroke-width="1"`;
  let body = `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`;
  body += `<rect width="${layout.width}" height="${ACCENT_HEIGHT}" fill="${COLORS.brand}"/>`;
  for (const tile of layout.tiles) body += placeholder(tile);
  if (layout.hero) body += roundedRect(layout.hero, layout.hero.radius, `fill="${layout.hero.hex}" ${hairline}`);
  // Pale colors (white leather, cream) would vanish into the card without a hairline.
  for (const s of layout.swatches) body += roundedRect(s, s.radius, `fill="${s.hex}" ${hairline}`);
  const { footer, qr } = layout;
  body += `<rect x="0" y="${n(footer.y)}" width="${footer.w}" height="${n(footer.h)}" fill="${COLORS.footer}"/>`;
  body += `<line x1="0" x2="${footer.w}" y1="${n(footer.y + 0.25)}" y2="${n(footer.y + 0.25)}" stroke="${COLORS.hairline}" stroke-width="0.5"/>`;
  body += `<rect x="${n(qr.x - 4)}" y="${n(qr.y - 4)}" width="${n(qr.w + 8)}" height="${n(qr.h + 8)}" rx="6" fill="#ffffff"/>`;
  // Whole device pixels per module and crispEdges: no grey seams for a phone camera to misread.
  const margin = (qr.w / qr.module - qr.matrix.size) / 2;
  body += `<path shape-rendering="crispEdges" fill="#000000" transform="translate(${n(qr.x)} ${n(qr.y)}) scale(${qr.module}) translate(${margin} ${margin})" d="${qrPathData(qr.matrix)}"/>`;
  for (const text of layout.texts) if (text.role !== 'more' && text.role !== 'moreLabel') body += textSvg(text);
  return svgDocument(layout, body);
}

/** Over the covers: white corners that round them off, and the "+N" tile's tint and label. */
function overlayLayer(layout: ShareImageLayout, drawn: Set<ShareTile>): Buffer {
  let body = '';
  for (const tile of layout.tiles) {
    if (drawn.has(tile)) {
      const { x, y, w, h } = tile;
      const r = tile.radius;
      body +=
        `<path fill="#ffffff" fill-rule="evenodd" d="M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z` +
        `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}a${r} ${r} 0 0 1 ${r} ${r}v${n(h - 2 * r)}a${r} ${r} 0 0 1 ${-r} ${r}h${n(-(w - 2 * r))}a${r} ${r} 0 0 1 ${-r} ${-r}v${n(-(h - 2 * r))}a${r} ${r} 0 0 1 ${r} ${-r}z"/>`;
    }
    if (tile.more !== null) body += roundedRect(tile, tile.radius, `fill="${COLORS.brand}" fill-opacity="${drawn.has(tile) ? 0.82 : 1}"`);
  }
  for (const text of layout.texts) if (text.role === 'more' || text.role === 'moreLabel') body += textSvg(text);
  return svgDocument(layout, body);
}

/**
 * One cover cropped to a centred square, flattened on white; null if it does not decode. Cropped straight to the
 * drawn pixel size rather than through a 512 (docs/product/constants.md) px thumbnail: grid tiles at 2x are under 512 px anyway, and the
 * single material's cover (670 px) would come out blurred from one.
 */
async function cover(bytes: Buffer, tile: ShareTile, scale: number): Promise<OverlayOptions | null> {
  const size = Math.round(tile.w * scale);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .autoOrient()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { input: data, raw: { width: info.width, height: info.height, channels: info.channels }, left: Math.round(tile.x * scale), top: Math.round(tile.y * scale) };
  } catch {
    // A broken upload must not cost the whole card: the placeholder under it stays visible.
    return null;
  }
}

export async function renderShareImage(model: ShareImageModel): Promise<Buffer> {
  const layout = await layoutShareImage(model);
  const withPicture = layout.tiles.filter((t) => t.picture !== null && model.pictures[t.picture] !== undefined);
  const covers = await Promise.all(withPicture.map((t) => cover(model.pictures[t.picture!]!, t, layout.scale)));
  const drawn = new Set(withPicture.filter((_, i) => covers[i] !== null));
  return sharp(baseLayer(layout))
    .composite([...covers.filter((c): c is OverlayOptions => c !== null), { input: overlayLayer(layout, drawn), left: 0, top: 0 }])
    .png()
    .toBuffer();
}
