import { LRUCache } from 'lru-cache';
import { qrMatrix, qrPathData } from '../sharing/image/qr';

export interface PageQrCode {
  size: number;
  /** The dark modules as SVG path data (see qrPathData). */
  d: string;
}

// Drawing a code costs about as much as rendering a small page, and visitors keep opening the same addresses.
const drawn = new LRUCache<string, PageQrCode>({ max: 2_000 });

/** The toolbar's "open on your phone" code for a page address. */
export function pageQrCode(href: string): PageQrCode {
  let code = drawn.get(href);
  if (!code) {
    const matrix = qrMatrix(href);
    code = { size: matrix.size, d: qrPathData(matrix) };
    drawn.set(href, code);
  }
  return code;
}
