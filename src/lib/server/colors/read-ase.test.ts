/**
 * Reading swatch files: what our writer writes reads back the same, and a file laid out byte by byte as other design
 * tools write them (groups, CMYK, Lab, gray, spot colors, a block type of their own) reads with its broken row
 * reported and the rest kept. Broken structure refuses the file.
 */
import { describe, expect, it } from 'vitest';
import { ASE_BLOCK } from './ase-format';
import { AseFileError, ASE_MAX_BYTES, readAse } from './read-ase';
import { writeAse } from './write-ase';

/** A name as the layout has it: length in UTF-16 units with the NUL, then big-endian units. */
const name = (text: string) => {
  const units = Buffer.from(`${text}\0`, 'utf16le').swap16();
  const length = Buffer.alloc(2);
  length.writeUInt16BE(units.length / 2);
  return Buffer.concat([length, units]);
};
const floats = (values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeFloatBE(v, i * 4));
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const block = (type: number, body: Buffer) => {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
};
const color = (text: string, model: string, values: number[], colorType = 2) => block(ASE_BLOCK.color, Buffer.concat([name(text), Buffer.from(model, 'latin1'), floats(values), u16(colorType)]));
const file = (blocks: Buffer[]) => {
  const head = Buffer.alloc(12);
  head.write('ASEF', 0, 'latin1');
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(0, 6);
  head.writeUInt32BE(blocks.length, 8);
  return Buffer.concat([head, ...blocks]);
};

describe('reading ASE swatch files', () => {
  it('reads back what our writer wrote: names, colors and the group', () => {
    const written = writeAse(
      [
        { name: '藏青 Navy', hex: '#1f3a93' },
        { name: 'Sand', hex: '#d8c3a5' },
      ],
      { group: 'Summer twill' },
    );
    expect(readAse(written)).toEqual({
      swatches: [
        { name: '藏青 Navy', hex: '#1f3a93', group: 'Summer twill', row: 1 },
        { name: 'Sand', hex: '#d8c3a5', group: 'Summer twill', row: 2 },
      ],
      errors: [],
    });
  });

  it('reads another tool’s file: every color model, spot colors, its own block types; a broken row is reported, the rest kept', () => {
    const bytes = file([
      block(ASE_BLOCK.groupStart, name('Brand')),
      color('Signal red', 'RGB ', [1, 0, 0]),
      color('Ink', 'CMYK', [0, 0, 0, 1], 1),
      color('Paper', 'Gray', [1]),
      color('Lab mid grey', 'LAB ', [0.5, 0, 0]),
      color('Broken', 'XYZ ', [0.1, 0.2, 0.3]),
      color('Too bright', 'RGB ', [1.5, 0, 0]),
      block(ASE_BLOCK.groupEnd, Buffer.alloc(0)),
      block(0x0003, Buffer.from('a vendor’s own block')),
      color('Loose', 'RGB ', [0, 0.5, 1], 0),
    ]);
    const { swatches, errors } = readAse(bytes);
    expect(swatches).toEqual([
      { name: 'Signal red', hex: '#ff0000', group: 'Brand', row: 1 },
      { name: 'Ink', hex: '#000000', group: 'Brand', row: 2 },
      { name: 'Paper', hex: '#ffffff', group: 'Brand', row: 3 },
      { name: 'Lab mid grey', hex: '#777777', group: 'Brand', row: 4 },
      { name: 'Loose', hex: '#0080ff', group: '', row: 7 },
    ]);
    expect(errors).toEqual([
      { row: 5, name: 'Broken', reason: 'colorModel' },
      { row: 6, name: 'Too bright', reason: 'value' },
    ]);
  });

  it('refuses a file that is not one, whose blocks run past its end, or that is too large', () => {
    const reason = (bytes: Buffer) => {
      try {
        readAse(bytes);
        return 'read';
      } catch (err) {
        return err instanceof AseFileError ? err.reason : 'other';
      }
    };
    expect(reason(Buffer.from('GIF89a this is a picture'))).toBe('signature');
    const whole = file([color('A', 'RGB ', [0, 0, 0])]);
    expect(reason(whole.subarray(0, whole.length - 3))).toBe('truncated');
    const lying = Buffer.from(whole);
    lying.writeUInt32BE(5, 8);
    expect(reason(lying)).toBe('truncated');
    expect(reason(Buffer.alloc(ASE_MAX_BYTES + 1))).toBe('tooLarge');
  });
});
