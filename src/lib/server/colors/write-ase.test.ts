/**
 * The swatch file reads back as written: the ASE header, one RGB block per color with its name and its 0–1 channels,
 * and the optional group around them.
 */
import { describe, expect, it } from 'vitest';
import type { Swatch } from './ase-format';
import { writeAse } from './write-ase';

type Block = { type: number; name?: string; model?: string; rgb?: number[]; colorType?: number };

/** An independent reader of what the writer produces, kept to the blocks the writer knows. */
function readAse(file: Buffer): { version: [number, number]; blocks: Block[] } {
  expect(file.toString('ascii', 0, 4)).toBe('ASEF');
  const version: [number, number] = [file.readUInt16BE(4), file.readUInt16BE(6)];
  const count = file.readUInt32BE(8);
  const blocks: Block[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    const type = file.readUInt16BE(at);
    const length = file.readUInt32BE(at + 2);
    const body = file.subarray(at + 6, at + 6 + length);
    expect(body.length).toBe(length);
    at += 6 + length;
    if (type === 0xc002) {
      blocks.push({ type });
      continue;
    }
    const units = body.readUInt16BE(0);
    const nameBytes = Buffer.from(body.subarray(2, 2 + 2 * units));
    expect(nameBytes.readUInt16BE(nameBytes.length - 2)).toBe(0);
    const name = nameBytes.swap16().toString('utf16le').slice(0, -1);
    if (type === 0xc001) {
      expect(body.length).toBe(2 + 2 * units);
      blocks.push({ type, name });
      continue;
    }
    const rest = body.subarray(2 + 2 * units);
    expect(rest.length).toBe(4 + 12 + 2);
    blocks.push({ type, name, model: rest.toString('ascii', 0, 4), rgb: [0, 1, 2].map((i) => rest.readFloatBE(4 + 4 * i)), colorType: rest.readUInt16BE(16) });
  }
  expect(at).toBe(file.length);
  return { version, blocks };
}

const colors: Swatch[] = [
  { name: 'Noir', hex: '#000000' },
  { name: 'Café crème', hex: '#C8A27A' },
  { name: '深蓝 🌊', hex: '#1f3a93' },
  { name: 'Short', hex: '#fa0' },
];

const channels = (hex: string) => {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16) / 255);
};

describe('writeAse (docs/product/material-files.md#export)', () => {
  it('writes one normal RGB color block per color, named in UTF-16', () => {
    const { version, blocks } = readAse(writeAse(colors));
    expect(version).toEqual([1, 0]);
    expect(blocks.map((b) => [b.type, b.name, b.model, b.colorType])).toEqual(colors.map((c) => [0x0001, c.name, 'RGB ', 2]));
    blocks.forEach((block, i) => {
      const expected = channels(colors[i]!.hex);
      block.rgb!.forEach((value, c) => expect(Math.abs(value - expected[c]!)).toBeLessThan(1e-6));
    });
  });

  it('counts name length in UTF-16 units with the closing NUL', () => {
    const file = writeAse([{ name: '🌊a', hex: '#010203' }]);
    expect(file.readUInt16BE(12 + 6)).toBe(4);
  });

  it('wraps the colors in a named group when asked', () => {
    const { blocks } = readAse(writeAse(colors.slice(0, 2), { group: 'Nappa Black' }));
    expect(blocks.map((b) => [b.type, b.name])).toEqual([
      [0xc001, 'Nappa Black'],
      [0x0001, 'Noir'],
      [0x0001, 'Café crème'],
      [0xc002, undefined],
    ]);
  });

  it('writes an empty file for no colors', () => {
    expect(readAse(writeAse([])).blocks).toEqual([]);
  });

  it('keeps a NUL from cutting a name short', () => {
    expect(readAse(writeAse([{ name: 'Red\0Wine', hex: '#722f37' }])).blocks[0]!.name).toBe('RedWine');
  });

  it('refuses a hex that is not a color', () => {
    for (const hex of ['', '#', '722f37', '#72', '#722f3', '#722f37ff', '#gggggg', 'red', ' #722f37']) {
      expect(() => writeAse([{ name: 'Wine', hex }]), hex).toThrow(/not a hex color/);
    }
  });
});
