import { LRUCache } from 'lru-cache';
import { escapeAttribute } from '../../html-attribute';
import { qrMatrix, qrPathData } from '../sharing/image/qr';

// Drawing a code costs about as much as rendering a small page, and visitors keep opening the same addresses.
const drawn = new LRUCache<string, string>({ max: 2_000 });

/** The toolbar's "open on your phone" code for a page address, as an `<svg>` named `label`. */
export function pageQrSvg(href: string, { className, label }: { className: string; label: string }): string {
  const key = `${href}\u0000${className}\u0000${label}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    const matrix = qrMatrix(href);
    const side = matrix.size + 4;
    svg =
      `<svg class="${escapeAttribute(className)}" viewBox="-2 -2 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="${escapeAttribute(label)}">` +
      `<rect x="-2" y="-2" width="${side}" height="${side}" fill="#fff"></rect><path d="${qrPathData(matrix)}" fill="#000"></path></svg>`;
    drawn.set(key, svg);
  }
  return svg;
}
