import { describe, expect, it, vi } from 'vitest';
import { logger } from '../logger';
import { bufferSource } from './open-archive';
import { FILE_CODES, MaterialFileError, ZIP_CODES } from './parse-codes';
import { readColorCardZip } from './read-color-card-zip';
import { readXtex } from './read-xtex';
import { colorCardIndex, colorCardZip, colorFiles, THREE_COLORS } from './testing/color-card-zip-fixtures';
import { makeZip } from './testing/make-zip';
import { solidPng, u3mDescription, u3mPackage } from './testing/u3m-fixtures';
import { xtexPackage } from './testing/xtex-fixtures';

// The xTex reader is the real one, wrapped so one test can make it fail the way a bug would.
vi.mock('./read-xtex', async (actual) => {
  const real = await actual<typeof import('./read-xtex')>();
  return { ...real, readXtex: vi.fn(real.readXtex) };
});

/** Expects `work` to fail, and answers its file code and zip code. */
async function codesOf(work: Promise<unknown>): Promise<[number, number | undefined]> {
  const err = await work.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(MaterialFileError);
  return [(err as MaterialFileError).code, (err as MaterialFileError).zipCode];
}

const read = async (options: Parameters<typeof colorCardZip>[0]) => readColorCardZip(bufferSource(await colorCardZip(options)), 'Summer.zip');
const withIndex = (colors: { name: string; file: string; hex?: string }[]) => read({ index: colorCardIndex(colors) });

describe('reading a color-card zip', () => {
  it('takes the first color’s maps and size, and proposes every color of the index with its file’s color', async () => {
    const opened = await read({});
    const m = opened.material;
    expect(opened.code).toBe(FILE_CODES.ok);
    expect(m).toMatchObject({ format: 'color-card-zip', version: '1.0', name: 'Summer twill', physicalSize: { widthCm: 12.5, heightCm: 10 } });
    expect(Object.keys(m.front.maps).sort()).toEqual(['alpha', 'basecolor', 'displacement', 'metalness', 'normal', 'roughness']);
    expect(m.back).toMatchObject({ roughness: 0.8 });
    expect(m.colors).toEqual([
      { name: 'Navy', hex: '#1f3a93' },
      { name: 'Sand', hex: '#c2b280' },
      { name: 'Olive green, a name longer than', hex: '#708238' },
    ]);
    expect((await opened.readMap('front', 'basecolor')).equals(await solidPng('#1f3a93'))).toBe(true);
  });

  it('takes an xTex first color’s maps, a hex the index gives over the file’s, and an index in the zip’s one folder', async () => {
    const files = (await colorFiles()).map((f) => ({ ...f, name: `Summer/${f.name}` }));
    const index = colorCardIndex([{ ...THREE_COLORS[2]!, name: 'Olive' }, { ...THREE_COLORS[0]!, hex: '#1F3A94' }, THREE_COLORS[1]!], { name: '' });
    const opened = await readColorCardZip(bufferSource(await colorCardZip({ index, indexName: 'Summer/colorcards.xml', files })), 'C:\\cards\\Summer 2026.zip');
    expect(opened.material).toMatchObject({ name: 'Summer 2026', back: null, physicalSize: { widthCm: 12.5, heightCm: 10 } });
    expect(opened.material.front.maps.basecolor).toMatchObject({ path: 'textures/basecolor.png', dpi: 4 });
    expect(opened.material.colors.map((c) => c.hex)).toEqual(['#708238', '#1f3a94', '#c2b280']);
    expect((await opened.readMap('front', 'basecolor')).equals(await solidPng('#708238', 20))).toBe(true);
  });

  it('reads a bare U3M description listed as a color', async () => {
    const files = [{ name: 'plain.u3m', data: JSON.stringify(u3mDescription({ maps: [], basecolor: { r: 0.5, g: 0.2, b: 0.05 } })) }];
    const opened = await readColorCardZip(bufferSource(await colorCardZip({ index: colorCardIndex([{ name: 'Rust', file: 'plain.u3m' }]), files })), 'a.zip');
    expect(opened.material.colors).toEqual([{ name: 'Rust', hex: '#bc7c3f' }]);
    expect(opened.material.physicalSize).toBeNull();
  });

  it('answers zip -1 without an index, and zip -2 for an index that is not well-formed or not a color-card index', async () => {
    expect(await codesOf(read({ index: null }))).toEqual([FILE_CODES.noResource, ZIP_CODES.xmlMissing]);
    expect(await codesOf(read({ indexName: 'colors.xml' }))).toEqual([FILE_CODES.noResource, ZIP_CODES.xmlMissing]);
    expect(await codesOf(read({ index: '<colorcards><color name="a" file="navy.u3ma"></colorcards>' }))).toEqual([FILE_CODES.formatError, ZIP_CODES.xmlFormatError]);
    expect(await codesOf(read({ index: '<!DOCTYPE colorcards [<!ENTITY big "xxxxxxxx">]><colorcards><color name="&big;" file="navy.u3ma"/></colorcards>' }))).toEqual([FILE_CODES.formatError, ZIP_CODES.xmlFormatError]);
    expect(await codesOf(read({ index: '<materials/>' }))).toEqual([FILE_CODES.formatError, ZIP_CODES.xmlFormatError]);
    expect(await codesOf(read({ index: colorCardIndex(THREE_COLORS, { version: '2.0' }) }))).toEqual([FILE_CODES.wrongVersion, ZIP_CODES.xmlFormatError]);
  });

  it('answers zip -3 when a listed file is not in the zip', async () => {
    expect(await codesOf(read({ leaveOut: 'olive.xtex' }))).toEqual([FILE_CODES.noResource, ZIP_CODES.entryFileMissing]);
  });

  it('answers zip -4 with the U3M’s own code when a listed U3M cannot be read', async () => {
    const files = await colorFiles();
    files[1] = { name: 'colors/sand.u3ma', data: await u3mPackage({ leaveOut: 'normal' }) };
    expect(await codesOf(read({ files }))).toEqual([FILE_CODES.noResource, ZIP_CODES.u3mFormatError]);
    files[1] = { name: 'colors/sand.u3ma', data: 'not a package' };
    expect(await codesOf(read({ files }))).toEqual([FILE_CODES.formatError, ZIP_CODES.u3mFormatError]);
  });

  it('answers zip -6 when a listed xTex’s XML is not well-formed', async () => {
    const files = await colorFiles();
    files[2] = { name: 'olive.xtex', data: await xtexPackage({ xml: '<xtex version="1.0"><name>Olive</xtex>' }) };
    expect(await codesOf(read({ files }))).toEqual([FILE_CODES.formatError, ZIP_CODES.xtexXmlFormatError]);
  });

  it('answers zip -5 for the index’s parameter errors', async () => {
    const cases: [string, { name: string; file: string; hex?: string }[]][] = [
      ['no colors', []],
      ['61 colors', Array.from({ length: 61 }, (_, i) => ({ name: `c${i}`, file: 'navy.u3ma' }))],
      ['an empty name', [{ name: '  ', file: 'navy.u3ma' }]],
      ['names the same once cut and without case', [{ name: `${'x'.repeat(32)}A`, file: 'navy.u3ma' }, { name: `${'X'.repeat(32)}B`, file: 'olive.xtex' }]],
      ['no file', [{ name: 'Navy', file: '' }]],
      ['a file of another kind', [{ name: 'Navy', file: 'navy.pdf' }]],
      ['a hex that is no hex', [{ name: 'Navy', file: 'navy.u3ma', hex: 'navy' }]],
      ['a file outside the zip', [{ name: 'Navy', file: '../navy.u3ma' }]],
    ];
    for (const [what, colors] of cases) expect(await codesOf(withIndex(colors)), what).toEqual([FILE_CODES.parameterError, ZIP_CODES.parameterError]);
    const files = [{ name: 'plain.u3m', data: JSON.stringify(u3mDescription({ maps: [], basecolor: null })) }];
    expect(await codesOf(read({ index: colorCardIndex([{ name: 'Grey', file: 'plain.u3m' }]), files })), 'a color with no color').toEqual([FILE_CODES.parameterError, ZIP_CODES.parameterError]);
  });

  it('answers zip -100 for what goes wrong on our side, and the outer file’s own failures without a zip code', async () => {
    vi.mocked(readXtex).mockRejectedValueOnce(new TypeError('a bug'));
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(await codesOf(read({}))).toEqual([FILE_CODES.internalError, ZIP_CODES.internalError]);
    // The row keeps only the message: the stack goes to the log.
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    expect(await codesOf(readColorCardZip(bufferSource(Buffer.from('not a zip')), 'a.zip'))).toEqual([FILE_CODES.formatError, undefined]);
    const bomb = makeZip([{ name: 'index.xml', data: colorCardIndex(THREE_COLORS) }, { name: 'zeros.bin', data: Buffer.alloc(16 * 1024 * 1024) }]);
    expect(await codesOf(readColorCardZip(bufferSource(bomb), 'a.zip'))).toEqual([FILE_CODES.sizeError, undefined]);
  });
});
