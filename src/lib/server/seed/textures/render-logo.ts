import { wcagContrast } from 'culori';
import sharp from 'sharp';
import { mulberry32 } from './fields';
import { hexToOklab } from './recolor';

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

/** The badge outline for a 256 px box, by seed: circle, rounded square, hexagon or shield. */
function badgeShape(kind: number): string {
  switch (kind) {
    case 0:
      return '<circle cx="128" cy="128" r="120"/>';
    case 1:
      return '<rect x="8" y="8" width="240" height="240" rx="56"/>';
    case 2:
      return '<polygon points="128,6 234,67 234,189 128,250 22,189 22,67"/>';
    default:
      return '<path d="M128 8 L236 44 V124 C236 184 190 228 128 250 C66 228 20 184 20 124 V44 Z"/>';
  }
}

/**
 * A company logo placeholder: a clean geometric monogram badge (PNG, 256 x 256, transparent outside the badge) in
 * `hex`, with up to three Latin initials in white or near-black, whichever reads better. The seed picks the shape
 * and its ornament.
 */
export async function renderLogo(initials: string, hex: string, seed: number): Promise<Buffer> {
  hexToOklab(hex); // validates the color
  const color = hex.startsWith('#') ? hex : `#${hex}`;
  const text = (initials.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, 3) || 'M').replace(/[<>&]/g, '');
  const rnd = mulberry32(seed * 2654435761);
  const shape = Math.floor(rnd() * 4);
  const ornament = Math.floor(rnd() * 3);
  const ink = wcagContrast(color, '#ffffff') >= wcagContrast(color, '#1a1a1a') ? '#ffffff' : '#1a1a1a';
  const fontSize = [0, 124, 104, 80][text.length]!;
  const outline = badgeShape(shape);
  const ornaments = [
    // An inner ring following the outline.
    `<g transform="translate(128 128) scale(0.86) translate(-128 -128)" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="5">${outline}</g>`,
    // A band across the lower third.
    `<rect x="0" y="176" width="256" height="22" fill="${ink}" fill-opacity="0.16"/>`,
    // Two fine diagonal rules in a corner.
    `<g stroke="${ink}" stroke-opacity="0.3" stroke-width="6" stroke-linecap="round"><line x1="176" y1="40" x2="220" y2="84"/><line x1="160" y1="48" x2="212" y2="100"/></g>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <radialGradient id="sheen" cx="0.3" cy="0.25" r="0.9">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/>
      <stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.18"/>
    </radialGradient>
    <clipPath id="badge">${outline}</clipPath>
  </defs>
  <g fill="${color}">${outline}</g>
  <g clip-path="url(#badge)">
    <rect width="256" height="256" fill="url(#sheen)"/>
    ${ornaments[ornament]}
  </g>
  <g fill="none" stroke="#000" stroke-opacity="0.14" stroke-width="3">${outline}</g>
  <text x="128" y="${128 + fontSize * 0.36}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${fontSize}" letter-spacing="${text.length > 1 ? -2 : 0}" fill="${ink}">${text}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
