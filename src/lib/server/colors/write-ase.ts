/**
 * Writes colors as an Adobe Swatch Exchange file (a material's color cards: docs/product/material-files.md#export), the
 * swatch format design tools import: a header, then one block per color with its name and its RGB as 0–1 floats
 * (the sRGB hex as it is, not linearised, which is how those tools read RGB swatches). Optionally the colors sit in
 * one named group, which the tools show as a folder named after the material.
 */
import { ASE_BLOCK, ASE_COLOR_TYPE, ASE_SIGNATURE, type Swatch } from './ase-format';

export interface AseOptions {
  /** Puts the colors in one group with this name. */
  group?: string;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A name as ASE holds it: its length in UTF-16 code units with the closing NUL, then the units big-endian. */
function aseName(name: string): Buffer {
  // A NUL inside would end the name early in every reader; a lone surrogate is not text any reader can show.
  const units = `${name.replace(/\0/g, '').toWellFormed()}\0`;
  if (units.length > 0xffff) throw new Error(`ASE name is longer than ${0xffff - 1} UTF-16 units`);
  const text = Buffer.from(units, 'utf16le').swap16();
  const length = Buffer.alloc(2);
  length.writeUInt16BE(units.length);
  return Buffer.concat([length, text]);
}

function block(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

function rgbOf(hex: string): [number, number, number] {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`ASE color is not a hex color: ${JSON.stringify(hex)}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16) / 255) as [number, number, number];
}

function colorBlock(color: Swatch): Buffer {
  const value = Buffer.alloc(4 + 12 + 2);
  value.write('RGB ', 0, 'ascii');
  rgbOf(color.hex).forEach((channel, i) => value.writeFloatBE(channel, 4 + 4 * i));
  value.writeUInt16BE(ASE_COLOR_TYPE.normal, 16);
  return block(ASE_BLOCK.color, Buffer.concat([aseName(color.name), value]));
}

/** The ASE file of `colors`, in their order; throws on a color whose hex is not `#rgb` or `#rrggbb`. */
export function writeAse(colors: Swatch[], options: AseOptions = {}): Buffer {
  const blocks = colors.map(colorBlock);
  if (options.group !== undefined) {
    blocks.unshift(block(ASE_BLOCK.groupStart, aseName(options.group)));
    blocks.push(block(ASE_BLOCK.groupEnd, Buffer.alloc(0)));
  }
  const header = Buffer.alloc(12);
  header.write(ASE_SIGNATURE, 0, 'ascii');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(0, 6);
  header.writeUInt32BE(blocks.length, 8);
  return Buffer.concat([header, ...blocks]);
}
