import { describe, expect, it } from 'vitest';
import { bufferSource } from './open-archive';
import { FILE_CODES } from './parse-codes';
import { readAdmf } from './read-admf';
import { linearOfHex } from './read-shared';
import { admfBlock, admfPackage, admfPayload } from './testing/admf-fixtures';
import { codeOf } from './testing/code-of';
import { makeZip } from './testing/make-zip';
import { solidPng } from './testing/u3m-fixtures';

const withBlock = async (block: Buffer) => bufferSource(await admfPackage({ block }));
const withPayload = async (change: (p: ReturnType<typeof admfPayload>) => unknown) => withBlock(admfBlock(change(admfPayload())));

describe('reading an ADMF', () => {
  it('takes the maps per side, the size in centimetres and one color per color block', async () => {
    const opened = await readAdmf(await withBlock(admfBlock(admfPayload(), { minor: 12 })), 'mesh.admf');
    const m = opened.material;
    expect(opened.code).toBe(FILE_CODES.ok);
    expect(m).toMatchObject({ format: 'admf', version: '1.12', name: 'Mesh ADMF', description: 'made by the tests', physicalSize: { widthCm: 20, heightCm: 15 } });
    expect(Object.keys(m.front.maps).sort()).toEqual(['basecolor', 'normal', 'roughness']);
    expect(m.front).toMatchObject({ basecolor: null, metalness: 0, roughness: null });
    expect(m.front.maps.normal).toEqual({ path: 'maps/normal.png', widthCm: 20, heightCm: 15, dpi: 2, rotation: 0, repeat: 'normal', factor: 1, offset: 0 });
    expect(m.back).toEqual({ maps: {}, basecolor: null, roughness: 0.9, metalness: null, alpha: 1 });
    // The first block by its hex, the second by its own base color map's mean; names cut to 32 characters.
    expect(m.colors).toEqual([
      { name: 'Navy', hex: '#1f3a93' },
      { name: 'Sand, a colorway whose name runs', hex: '#c2b280' },
    ]);
    expect((await opened.readMap('front', 'basecolor')).equals(await solidPng('#1f3a93'))).toBe(true);
    expect(await codeOf(opened.readMap('back', 'normal'))).toBe(FILE_CODES.noResource);
  });

  it('keeps the first color block as the front’s color where the front has no base color map, linear colors too', async () => {
    const opened = await readAdmf(await withPayload((p) => ({ ...p, colors: [{ name: 'Rust', diffuse: { r: 0.5, g: 0.2, b: 0.05 } }], front: { maps: {} } })), 'rust.admf');
    expect(opened.material.front.basecolor).toEqual({ r: 0.5, g: 0.2, b: 0.05 });
    expect(opened.material.physicalSize).toBeNull();
    expect(opened.material.colors).toEqual([{ name: 'Rust', hex: '#bc7c3f' }]);
    expect(linearOfHex('#bc7c3f')!.r).toBeCloseTo(0.5, 2);
  });

  it('answers -1 (no color, not an error) for a file without color blocks', async () => {
    const opened = await readAdmf(await withPayload((p) => ({ ...p, colors: [] })), 'plain.admf');
    expect(opened.code).toBe(FILE_CODES.noDiffuseColor);
    expect(opened.material.colors).toEqual([]);
  });

  it('answers -8 for a header that is short, not ADMF, or gives a length that does not follow', async () => {
    const block = admfBlock(admfPayload());
    expect(await codeOf(readAdmf(await withBlock(block.subarray(0, 10)), 'a.admf'))).toBe(FILE_CODES.badHead);
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { magic: 'ADMX' })), 'a.admf'))).toBe(FILE_CODES.badHead);
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { length: block.length })), 'a.admf'))).toBe(FILE_CODES.badHead);
    expect(await codeOf(readAdmf(await withBlock(block.subarray(0, block.length - 1)), 'a.admf'))).toBe(FILE_CODES.badHead);
  });

  it('answers -7 for another major version, or a minor version before 9', async () => {
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { major: 2, minor: 9 })), 'a.admf'))).toBe(FILE_CODES.wrongVersion);
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { minor: 8 })), 'a.admf'))).toBe(FILE_CODES.wrongVersion);
  });

  it('answers -9 for a payload that fails its CRC or is not UTF-8 JSON', async () => {
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { crc: 12345 })), 'a.admf'))).toBe(FILE_CODES.decodeError);
    expect(await codeOf(readAdmf(await withBlock(admfBlock(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))), 'a.admf'))).toBe(FILE_CODES.decodeError);
    expect(await codeOf(readAdmf(await withBlock(admfBlock('{"name": "cut short"')), 'a.admf'))).toBe(FILE_CODES.decodeError);
    expect(await codeOf(readAdmf(await withBlock(admfBlock(`{"x":${'['.repeat(100)}${']'.repeat(100)}}`)), 'a.admf'))).toBe(FILE_CODES.decodeError);
  });

  it('answers -5 for a payload with the wrong shape or values', async () => {
    const cases: [string, (p: ReturnType<typeof admfPayload>) => unknown][] = [
      ['no size', ({ size: _, ...p }) => p],
      ['a size of zero', (p) => ({ ...p, size: { widthMm: 0, heightMm: 10 } })],
      ['a color block without a color', (p) => ({ ...p, colors: [{ name: 'Bare' }] })],
      ['a color block without a name', (p) => ({ ...p, colors: [{ name: '  ', diffuse: '#000000' }] })],
      ['a hex that is no hex', (p) => ({ ...p, colors: [{ name: 'Navy', diffuse: 'navy' }] })],
      ['a linear color past 1', (p) => ({ ...p, colors: [{ name: 'Hot', diffuse: { r: 2, g: 0, b: 0 } }] })],
      ['61 color blocks', (p) => ({ ...p, colors: Array.from({ length: 61 }, (_, i) => ({ name: `c${i}`, diffuse: '#000000' })) })],
      ['a map kind the product does not know', (p) => ({ ...p, front: { maps: { sheen: 'maps/normal.png' } } })],
      ['a JSON array', () => []],
    ];
    for (const [what, change] of cases) expect(await codeOf(readAdmf(await withPayload(change), 'a.admf')), what).toBe(FILE_CODES.parameterError);
  });

  it('answers -6 for a missing block or a missing map, -3 for a map that is no picture or what is no zip', async () => {
    expect(await codeOf(readAdmf(bufferSource(makeZip([{ name: 'maps/basecolor.png', data: await solidPng('#000000') }])), 'a.admf'))).toBe(FILE_CODES.noResource);
    expect(await codeOf(readAdmf(bufferSource(await admfPackage({ leaveOut: 'maps/roughness.png' })), 'a.admf'))).toBe(FILE_CODES.noResource);
    expect(await codeOf(readAdmf(bufferSource(await admfPackage({ leaveOut: 'colors/sand.png' })), 'a.admf'))).toBe(FILE_CODES.noResource);
    const notPicture = makeZip([{ name: 'material.admfd', data: admfBlock({ ...admfPayload(), colors: [], front: { maps: { normal: 'maps/normal.png' } } }) }, { name: 'maps/normal.png', data: 'not a picture' }]);
    expect(await codeOf(readAdmf(bufferSource(notPicture), 'a.admf'))).toBe(FILE_CODES.formatError);
    expect(await codeOf(readAdmf(bufferSource(admfBlock(admfPayload())), 'a.admf'))).toBe(FILE_CODES.formatError);
  });

  it('answers -2 for a payload past 8 MiB, whether claimed or there, and -4 when the file cannot be read', async () => {
    expect(await codeOf(readAdmf(await withBlock(admfBlock(admfPayload(), { length: 9 * 1024 * 1024 })), 'a.admf'))).toBe(FILE_CODES.sizeError);
    const huge = admfBlock(JSON.stringify({ ...admfPayload(), description: ' '.repeat(9 * 1024 * 1024) }));
    expect(await codeOf(readAdmf(bufferSource(makeZip([{ name: 'material.admfd', data: huge, method: 0 }])), 'a.admf'))).toBe(FILE_CODES.sizeError);
    expect(await codeOf(readAdmf({ size: 100, read: () => Promise.reject(new Error('disk gone')) }, 'a.admf'))).toBe(FILE_CODES.readFailed);
  });
});
