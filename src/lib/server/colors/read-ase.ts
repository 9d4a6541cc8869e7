/**
 * Reads an Adobe Swatch Exchange file (ase-format.ts) into sRGB swatches, for importing a palette or a licensee's
 * color book. A file is read whole only when it is small (`ASE_MAX_BYTES`). A color block that cannot be used (an
 * unknown color model, values out of range, a name that is not text) is reported by its place and skipped, and the
 * rest is read: one broken row does not lose a book. A file whose structure is broken (no signature, a block running
 * past the end) is refused as a whole.
 */
import { converter, formatHex } from 'culori';
import { ASE_BLOCK, ASE_SIGNATURE, type Swatch } from './ase-format';

/** A book of a few thousand colors is well under a megabyte. */
export const ASE_MAX_BYTES = 5 * 1024 * 1024;
export const ASE_MAX_COLORS = 10_000;
const NAME_MAX = 256;

export interface AseSwatch extends Swatch {
  /** The group the color sits in, empty outside one. */
  group: string;
  /** Its place among the file's color blocks, from 1, for the error report. */
  row: number;
}

export interface AseRowError {
  row: number;
  name: string;
  reason: 'colorModel' | 'value' | 'name';
}

export interface AseReading {
  swatches: AseSwatch[];
  errors: AseRowError[];
}

export class AseFileError extends Error {
  constructor(readonly reason: 'signature' | 'version' | 'truncated' | 'tooLarge' | 'tooManyColors') {
    super(`not a readable ASE file: ${reason}`);
    this.name = 'AseFileError';
  }
}

const toRgb = converter('rgb');

export function readAse(bytes: Buffer): AseReading {
  if (bytes.length > ASE_MAX_BYTES) throw new AseFileError('tooLarge');
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== ASE_SIGNATURE) throw new AseFileError('signature');
  if (bytes.readUInt16BE(4) !== 1) throw new AseFileError('version');
  const count = bytes.readUInt32BE(8);
  const swatches: AseSwatch[] = [];
  const errors: AseRowError[] = [];
  const groups: string[] = [];
  let at = 12;
  let row = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 6 > bytes.length) throw new AseFileError('truncated');
    const type = bytes.readUInt16BE(at);
    const length = bytes.readUInt32BE(at + 2);
    const body = at + 6;
    if (body + length > bytes.length) throw new AseFileError('truncated');
    at = body + length;
    if (type === ASE_BLOCK.groupStart) groups.push(nameAt(bytes, body, body + length)?.name ?? '');
    else if (type === ASE_BLOCK.groupEnd) groups.pop();
    else if (type === ASE_BLOCK.color) {
      row += 1;
      if (row > ASE_MAX_COLORS) throw new AseFileError('tooManyColors');
      const read = colorAt(bytes, body, body + length);
      if ('reason' in read) errors.push({ row, name: read.name, reason: read.reason });
      else swatches.push({ name: read.name, hex: read.hex, group: groups.at(-1) ?? '', row });
    }
    // Other block types are a writer's own and are passed over by their length, as the format intends.
  }
  return { swatches, errors };
}

/** A name: its length in UTF-16 units (NUL counted), the units; null when it does not fit its block or is no text. */
function nameAt(bytes: Buffer, start: number, end: number): { name: string; next: number } | null {
  if (start + 2 > end) return null;
  const units = bytes.readUInt16BE(start);
  const next = start + 2 + units * 2;
  if (units === 0 || next > end) return null;
  const text = Buffer.from(bytes.subarray(start + 2, next)).swap16().toString('utf16le').replace(/\0+$/, '');
  if (!text.isWellFormed() || /[\u0000-\u001f]/.test(text)) return null;
  return { name: text.trim().slice(0, NAME_MAX), next };
}

function colorAt(bytes: Buffer, start: number, end: number): { name: string; hex: string } | { name: string; reason: AseRowError['reason'] } {
  const named = nameAt(bytes, start, end);
  if (!named) return { name: '', reason: 'name' };
  const { name, next } = named;
  if (next + 4 > end) return { name, reason: 'colorModel' };
  const model = bytes.toString('latin1', next, next + 4);
  const channels = { 'RGB ': 3, CMYK: 4, 'LAB ': 3, Gray: 1 }[model];
  if (!channels) return { name, reason: 'colorModel' };
  if (next + 4 + channels * 4 > end) return { name, reason: 'value' };
  const v = Array.from({ length: channels }, (_, i) => bytes.readFloatBE(next + 4 + i * 4));
  if (v.some((x) => !Number.isFinite(x))) return { name, reason: 'value' };
  const hex = hexOf(model, v);
  return hex ? { name, hex } : { name, reason: 'value' };
}

const unit = (x: number) => x >= 0 && x <= 1;

/** sRGB hex of a color in its model; null when a value is out of the model's range. */
function hexOf(model: string, v: number[]): string | null {
  if (model === 'RGB ') return v.every(unit) ? formatHex({ mode: 'rgb', r: v[0]!, g: v[1]!, b: v[2]! }) : null;
  if (model === 'Gray') return unit(v[0]!) ? formatHex({ mode: 'rgb', r: v[0]!, g: v[0]!, b: v[0]! }) : null;
  if (model === 'CMYK') {
    // Without the file's ink profile, the plain device conversion: what design tools show for an untagged swatch.
    if (!v.every(unit)) return null;
    const [c, m, y, k] = v as [number, number, number, number];
    return formatHex({ mode: 'rgb', r: (1 - c) * (1 - k), g: (1 - m) * (1 - k), b: (1 - y) * (1 - k) });
  }
  // Lab swatches hold L* as 0–1 and a*, b* as they are, under D50 (the ICC connection space).
  const [l, a, b] = v as [number, number, number];
  if (!unit(l) || Math.abs(a) > 128 || Math.abs(b) > 128) return null;
  const rgb = toRgb({ mode: 'lab', l: l * 100, a, b });
  return formatHex({ mode: 'rgb', r: clamp(rgb.r), g: clamp(rgb.g), b: clamp(rgb.b) });
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));
