import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeZip } from '../material-files/testing/make-zip';
import { looksLikeImage } from './open-import-images';

describe('whether an imported entry looks like a picture', () => {
  it('says yes for a png, and no, without throwing, for an office file too broken for its type to be read', async () => {
    expect(await looksLikeImage(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } }).png().toBuffer())).toBe(true);
    // A valid deflate stream with bytes after its end, inside the entry's declared size: file-type throws on it.
    const types = Buffer.from('<Types/>');
    const zip = makeZip([{ name: '[Content_Types].xml', data: types }]);
    const end = zip.indexOf(deflateRawSync(types)) + deflateRawSync(types).length;
    const broken = Buffer.concat([zip.subarray(0, end), Buffer.from('junk'), zip.subarray(end)]);
    broken.writeUInt32LE(deflateRawSync(types).length + 4, 18);
    expect(await looksLikeImage(broken)).toBe(false);
  });
});
