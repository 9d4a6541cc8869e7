import { describe, expect, it } from 'vitest';
import { MAP_KINDS } from './material-file';
import { bufferSource } from './open-archive';
import { FILE_CODES } from './parse-codes';
import { linearOfHex } from './read-shared';
import { hexOf } from './read-u3m';
import { readXtex } from './read-xtex';
import { codeOf } from './testing/code-of';
import { makeZip } from './testing/make-zip';
import { solidPng } from './testing/u3m-fixtures';
import { xtexDescription, xtexPackage } from './testing/xtex-fixtures';

const zipOf = (xml: string) => bufferSource(makeZip([{ name: 'material.xml', data: xml }]));

describe('reading an xTex', () => {
  it('takes every map with its tile size, the name and the diffuse map’s color', async () => {
    const opened = await readXtex(bufferSource(await xtexPackage({ hex: '#708238' })), 'D:\\swatches\\Olive twill from the mill in Keqiao.xtex');
    const m = opened.material;
    expect(opened.code).toBe(FILE_CODES.ok);
    expect(m).toMatchObject({ format: 'xtex', version: '1.0', name: 'Twill & xTex', description: 'made by the tests', back: null, physicalSize: { widthCm: 12.5, heightCm: 10 } });
    expect(Object.keys(m.front.maps).sort()).toEqual([...MAP_KINDS].sort());
    // The dpi follows from the picture: 20 pixels over 12.5 cm (4.9 in) are 4 dpi.
    expect(m.front.maps.alpha).toEqual({ path: 'textures/alpha.png', widthCm: 12.5, heightCm: 10, dpi: 4, rotation: 0, repeat: 'normal', factor: 1, offset: 0 });
    expect(m.front.basecolor).toBeNull();
    expect(m.colors).toEqual([{ name: 'Olive twill from the mill in Keq', hex: '#708238' }]);
    expect((await opened.readMap('front', 'metalness')).equals(await solidPng('#808080', 20))).toBe(true);
    expect(await codeOf(opened.readMap('back', 'basecolor'))).toBe(FILE_CODES.noResource);
  });

  it('reads a description in a folder, with a constant diffuse color and no maps', async () => {
    const opened = await readXtex(bufferSource(await xtexPackage({ folder: 'Olive/', maps: [], diffuse: '#BC7C3F', sizeMm: null })), 'olive.zip');
    expect(opened.material.physicalSize).toBeNull();
    expect(opened.material.front.basecolor).toEqual(linearOfHex('#bc7c3f'));
    expect(opened.material.colors).toEqual([{ name: 'olive', hex: '#bc7c3f' }]);
    expect(hexOf(linearOfHex('#bc7c3f')!)).toBe('#bc7c3f');
  });

  it('answers -1 (no color, not an error) when the file has no diffuse color', async () => {
    const opened = await readXtex(bufferSource(await xtexPackage({ maps: ['normal'] })), 'plain.xtex');
    expect(opened.code).toBe(FILE_CODES.noDiffuseColor);
    expect(opened.material.colors).toEqual([]);
    expect(Object.keys(opened.material.front.maps)).toEqual(['normal']);
  });

  it('answers -6 when the description or a map it names is missing', async () => {
    expect(await codeOf(readXtex(bufferSource(await xtexPackage({ leaveOut: 'roughness' })), 'a.xtex'))).toBe(FILE_CODES.noResource);
    expect(await codeOf(readXtex(bufferSource(makeZip([{ name: 'textures/basecolor.png', data: await solidPng('#000000') }])), 'a.xtex'))).toBe(FILE_CODES.noResource);
  });

  it('answers -7 for another major version', async () => {
    expect(await codeOf(readXtex(zipOf(xtexDescription({ version: '2.0', maps: [] })), 'a.xtex'))).toBe(FILE_CODES.wrongVersion);
  });

  it('answers -3 for what is not an xTex, malformed XML, a DOCTYPE, bad values and a map that is no picture', async () => {
    const utf16 = Buffer.from(`\ufeff${xtexDescription({ maps: [] })}`, 'utf16le');
    const leaving = xtexDescription({ maps: [] }).replace('type="sheen" path="textures/not-there.png"', 'type="normal" path="../../etc/passwd"');
    const cases: [string, () => Promise<unknown>][] = [
      ['not a zip', async () => readXtex(bufferSource(Buffer.from('<xtex version="1.0"/>')), 'a.xtex')],
      ['malformed XML', async () => readXtex(zipOf('<xtex version="1.0"><name>x</xtex>'), 'a.xtex')],
      ['an entity declared in a DOCTYPE', async () => readXtex(zipOf(xtexDescription({ prolog: '<!DOCTYPE xtex [<!ENTITY x SYSTEM "file:///etc/passwd">]>', name: '&x;', maps: [] })), 'a.xtex')],
      ['an undeclared entity', async () => readXtex(zipOf(xtexDescription({ name: '&x;', maps: [] })), 'a.xtex')],
      ['UTF-16', async () => readXtex(bufferSource(makeZip([{ name: 'material.xml', data: utf16 }])), 'a.xtex')],
      ['another root', async () => readXtex(zipOf('<material version="1.0"/>'), 'a.xtex')],
      ['no version', async () => readXtex(zipOf('<xtex><name>x</name></xtex>'), 'a.xtex')],
      ['maps without a size', async () => readXtex(bufferSource(await xtexPackage({ sizeMm: null })), 'a.xtex')],
      ['a size of zero', async () => readXtex(bufferSource(await xtexPackage({ sizeMm: { width: 0, height: 10 } })), 'a.xtex')],
      ['a diffuse color that is no hex', async () => readXtex(zipOf(xtexDescription({ maps: [], diffuse: 'navy' })), 'a.xtex')],
      ['two descriptions', async () => readXtex(bufferSource(await xtexPackage({ extra: [{ name: 'other.xml', data: '<x/>' }] })), 'a.xtex')],
      ['a map path leaving the archive', async () => readXtex(zipOf(leaving), 'a.xtex')],
      ['a map that is no picture', async () => readXtex(bufferSource(makeZip([{ name: 'material.xml', data: xtexDescription({ maps: ['normal'] }) }, { name: 'textures/normal.png', data: 'not a picture' }])), 'a.xtex')],
    ];
    for (const [what, work] of cases) expect(await codeOf(work()), what).toBe(FILE_CODES.formatError);
  });

  it('answers -2 for a zip bomb or a description too large, and -4 when the file cannot be read', async () => {
    const bomb = makeZip([{ name: 'material.xml', data: xtexDescription({ maps: [] }) }, { name: 'zeros.bin', data: Buffer.alloc(16 * 1024 * 1024) }]);
    expect(await codeOf(readXtex(bufferSource(bomb), 'a.xtex'))).toBe(FILE_CODES.sizeError);
    const padded = xtexDescription({ maps: [] }).replace('</xtex>', `<!--${' '.repeat(1024 * 1024)}--></xtex>`);
    expect(await codeOf(readXtex(bufferSource(makeZip([{ name: 'material.xml', data: padded, method: 0 }])), 'a.xtex'))).toBe(FILE_CODES.sizeError);
    expect(await codeOf(readXtex({ size: 100, read: () => Promise.reject(new Error('disk gone')) }, 'a.xtex'))).toBe(FILE_CODES.readFailed);
  });
});
