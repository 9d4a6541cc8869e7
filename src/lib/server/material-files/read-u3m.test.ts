import { describe, expect, it } from 'vitest';
import { MAP_KINDS } from './material-file';
import { bufferSource } from './open-archive';
import { FILE_CODES } from './parse-codes';
import { codeOf } from './testing/code-of';
import { MAP_MAX_PIXELS } from './read-shared';
import { hexOf, readU3m } from './read-u3m';
import { makeZip } from './testing/make-zip';
import { blackPng, solidPng, u3mDescription, u3mPackage } from './testing/u3m-fixtures';

const json = (doc: unknown) => bufferSource(Buffer.from(JSON.stringify(doc)));

describe('reading a U3M package', () => {
  it('takes every map, the tile size, the constants and the base color map’s color', async () => {
    const opened = await readU3m(bufferSource(await u3mPackage({ hex: '#884422', folder: 'Twill/' })), 'C:\\work\\A very long material file name that goes on.u3ma');
    const m = opened.material;
    expect(opened.code).toBe(FILE_CODES.ok);
    expect(m).toMatchObject({ format: 'u3m', version: '1.0', name: 'Twill test', description: 'made by the tests', physicalSize: { widthCm: 12.5, heightCm: 10 } });
    expect(Object.keys(m.front.maps).sort()).toEqual([...MAP_KINDS].sort());
    expect(m.front.maps.roughness).toMatchObject({ path: 'textures/roughness.png', dpi: 150, repeat: 'normal', factor: 1, offset: 0 });
    expect(m.back).toMatchObject({ maps: {}, roughness: 0.8, basecolor: { r: 0.2, g: 0.2, b: 0.2 } });
    // The color card is named after the file, cut to 32 characters.
    expect(m.colors).toEqual([{ name: 'A very long material file name t', hex: '#884422' }]);
    expect((await opened.readMap('front', 'basecolor')).equals(await solidPng('#884422'))).toBe(true);
    expect(await codeOf(opened.readMap('back', 'normal'))).toBe(FILE_CODES.noResource);
  });

  it('reads schema 1.1, whose lengths are millimetres', async () => {
    const opened = await readU3m(bufferSource(await u3mPackage({ version: '1.1', maps: ['basecolor', 'normal'] })), 'twill.zip');
    expect(opened.material.version).toBe('1.1');
    expect(opened.material.physicalSize).toEqual({ widthCm: 12.5, heightCm: 10 });
    expect(opened.material.front.maps.normal).toMatchObject({ repeat: 'mirror_x', rotation: 90, dpi: 150 });
  });

  it('reads a bare description with constants only, proposing its constant base color', async () => {
    const linear = { r: 0.5, g: 0.2, b: 0.05 };
    const opened = await readU3m(json(u3mDescription({ maps: [], basecolor: linear })), 'solid.u3m');
    expect(opened.material.physicalSize).toBeNull();
    expect(opened.material.colors).toEqual([{ name: 'solid', hex: hexOf(linear) }]);
    expect(hexOf(linear)).toBe('#bc7c3f');
  });

  it('answers -1 (no color, not an error) when the file has no diffuse color', async () => {
    const opened = await readU3m(json(u3mDescription({ maps: [], basecolor: null })), 'plain.u3m');
    expect(opened.code).toBe(FILE_CODES.noDiffuseColor);
    expect(opened.material.colors).toEqual([]);
  });

  it('answers -6 when a named map or the description is missing', async () => {
    expect(await codeOf(readU3m(bufferSource(await u3mPackage({ leaveOut: 'normal' })), 'a.zip'))).toBe(FILE_CODES.noResource);
    expect(await codeOf(readU3m(bufferSource(makeZip([{ name: 'textures/basecolor.png', data: await solidPng('#000000') }])), 'a.zip'))).toBe(FILE_CODES.noResource);
    expect(await codeOf(readU3m(json(u3mDescription()), 'bare.u3m'))).toBe(FILE_CODES.noResource);
  });

  it('answers -7 for another major version and -3 for what is not a description', async () => {
    expect(await codeOf(readU3m(json({ ...u3mDescription(), schema: '2.0' }), 'a.u3m'))).toBe(FILE_CODES.wrongVersion);
    expect(await codeOf(readU3m(json({ material: {} }), 'a.u3m'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readU3m(bufferSource(Buffer.from('{"schema": "1.0", "material": ')), 'a.u3m'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readU3m(json({ schema: '1.0', material: { front: { basecolor: { texture: { image: { path: 3 } } } } } }), 'a.u3m'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readU3m(bufferSource(Buffer.from(`{"schema":"1.0","x":${'['.repeat(100)}${']'.repeat(100)}}`)), 'a.u3m'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readU3m(bufferSource(Buffer.alloc(0)), 'a.u3m'))).toBe(FILE_CODES.formatError);
  });

  it('answers -3 for a map that is not a picture, and for two descriptions in one package', async () => {
    const broken = makeZip([
      { name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: ['basecolor'] })) },
      { name: 'textures/basecolor.png', data: 'not a picture at all' },
    ]);
    expect(await codeOf(readU3m(bufferSource(broken), 'a.zip'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readU3m(bufferSource(await u3mPackage({ extra: [{ name: 'second.u3m', data: '{}' }] })), 'a.zip'))).toBe(FILE_CODES.formatError);
  });

  it('answers -3 for a base color map whose damaged header decodes to no channels (found by fuzzing)', async () => {
    const png = Buffer.from(await solidPng('#884422'));
    // The IHDR chunk's CRC spoiled: sharp reads the size, then its statistics come back without a channel.
    png.writeUInt32BE(0x90000036, png.indexOf('IHDR') + 17);
    const spoiled = makeZip([
      { name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: ['basecolor'] })) },
      { name: 'textures/basecolor.png', data: png, method: 0 },
    ]);
    expect(await codeOf(readU3m(bufferSource(spoiled), 'a.zip'))).toBe(FILE_CODES.formatError);
  });

  it('answers -2, from its header alone, for a map past 8192 × 8192 pixels', async () => {
    const wide = makeZip([
      { name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: ['basecolor'] })) },
      { name: 'textures/basecolor.png', data: await blackPng(8193, 8192), method: 0 },
    ]);
    const err = await readU3m(bufferSource(wide), 'a.zip').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: FILE_CODES.sizeError, detail: `front basecolor map is 8193 × 8192 pixels, more than ${MAP_MAX_PIXELS}` });
  });

  it('answers -2 for a package whose entries are too large, and -4 when the file cannot be read', async () => {
    const bomb = makeZip([{ name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: [] })) }, { name: 'zeros.bin', data: Buffer.alloc(16 * 1024 * 1024) }]);
    expect(await codeOf(readU3m(bufferSource(bomb), 'a.zip'))).toBe(FILE_CODES.sizeError);
    expect(await codeOf(readU3m({ size: 100, read: () => Promise.reject(new Error('disk gone')) }, 'a.u3m'))).toBe(FILE_CODES.readFailed);
  });
});
