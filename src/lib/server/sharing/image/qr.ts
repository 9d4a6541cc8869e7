import QRCode from 'qrcode';
import sharp from 'sharp';

/** Quiet zone in modules. The standard asks for 4; 2 decodes reliably on a white card and keeps the code larger. */
export const QR_MARGIN = 2;

/** The dark modules of `text`'s QR code (level M: survives a crease or a smudge on a printed card), row-major. */
export type QrMatrix = { size: number; dark: (row: number, col: number) => boolean };

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 };
}

/**
 * The dark modules as one path in module units, origin at the symbol's top-left corner (quiet zone not included).
 * Horizontal runs become one rectangle each, so a typical share URL is a few hundred commands, not a thousand rects.
 */
export function qrPathData(matrix: QrMatrix): string {
  let d = '';
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.dark(row, col)) col++;
      d += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return d;
}

/**
 * A scalable SVG of the QR code (white background, quiet zone included) to inline in the share dialog and pages;
 * size it with CSS. crispEdges keeps the modules from bleeding into each other at fractional scales.
 */
export function qrSvg(text: string): string {
  const matrix = qrMatrix(text);
  const side = matrix.size + 2 * QR_MARGIN;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path transform="translate(${QR_MARGIN} ${QR_MARGIN})" fill="#000" d="${qrPathData(matrix)}"/>` +
    `</svg>`
  );
}

/**
 * The QR code as a `size`×`size` PNG (quiet zone included). Modules are drawn at a whole number of pixels where
 * the size allows it and the rest is white border, so edges stay sharp for scanners.
 */
export async function qrPng(text: string, size: number): Promise<Buffer> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`QR size must be a positive integer, got ${size}`);
  const matrix = qrMatrix(text);
  const side = matrix.size + 2 * QR_MARGIN;
  const module = Math.max(1, Math.floor(size / side));
  const drawn = module * side;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${drawn}" height="${drawn}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path transform="translate(${QR_MARGIN} ${QR_MARGIN})" fill="#000" d="${qrPathData(matrix)}"/></svg>`;
  let image = sharp(Buffer.from(svg));
  if (drawn < size) {
    const before = Math.floor((size - drawn) / 2);
    const after = size - drawn - before;
    image = sharp(await image.png().toBuffer()).extend({ top: before, left: before, bottom: after, right: after, background: '#fff' });
  } else if (drawn > size) {
    // Fewer pixels than modules: no whole-pixel drawing exists, so let the resampler do its best.
    image = sharp(await image.png().toBuffer()).resize(size, size, { kernel: 'nearest' });
  }
  return image.flatten({ background: '#fff' }).png().toBuffer();
}
