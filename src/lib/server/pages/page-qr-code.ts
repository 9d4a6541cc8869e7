import { LRUCache } from 'lru-cache';
import { escapeAttribute } from '../../html-attribute';
import { qrMatrix, qrPathData } from '../sharing/image/qr';

// Drawing a code costs about as much as rendering a small page, and visitors keep opening the same addresses.
const drawn = new LRUCache<string, string>({ max: 2_000 });

/** The most bytes a code at our error correction (M) holds, in its largest version (40). */
const QR_MAX_BYTES = 2331;

const fits = (text: string) => Buffer.byteLength(text) <= QR_MAX_BYTES;

/**
 * What the code of `href` says: the address itself, or, when it is too long for any code (a long query), the page
 * without its query and fragment; nothing when even that is too long.
 */
function codedAddress(href: string): string | undefined {
  if (fits(href)) return href;
  const url = new URL(href);
  const page = url.origin + url.pathname;
  return fits(page) ? page : undefined;
}

/**
 * The toolbar's "open on your phone" code for a page address, as an `<svg>` named `label`; undefined when the
 * address cannot be coded at all, so the page renders without it.
 */
export function pageQrSvg(href: string, { className, label }: { className: string; label: string }): string | undefined {
  const text = codedAddress(href);
  if (text === undefined) return undefined;
  const key = `${text}\u0000${className}\u0000${label}`;
  let svg = drawn.get(key);
  if (svg === undefined) {
    const matrix = qrMatrix(text);
    const side = matrix.size + 4;
    svg =
      `<svg class="${escapeAttribute(className)}" viewBox="-2 -2 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="${escapeAttribute(label)}">` +
      `<rect x="-2" y="-2" width="${side}" height="${side}" fill="#fff"></rect><path d="${qrPathData(matrix)}" fill="#000"></path></svg>`;
    drawn.set(key, svg);
  }
  return svg;
}
