/**
 * A U3MA we write opens in an ordinary zip reader with the maps byte for byte, carries a description the U3M 1.0
 * schema accepts, and keeps to the narrow zip a U3MA allows, checked in the raw headers. Maps are read one at a time
 * and a slow consumer gets the same bytes as a fast one.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import Ajv from 'ajv';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { MAP_KINDS, type MapKind, type MaterialMap, type ParsedMaterialFile } from './material-file';
import type { U3mDocument } from './u3m-document';
import { u3mFileName, writeU3ma, type MapExt, type MapSide, type U3maInput } from './write-u3ma';

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;
const ajv = new Ajv({ allErrors: true });
// The schema asks for "date-time"; ajv knows no formats of its own, and this is the one it needs.
ajv.addFormat('date-time', (text: string) => DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)));
const validate = ajv.compile(JSON.parse(readFileSync(new URL('./u3m-schema/u3m_1.0_schema.json', import.meta.url), 'utf8')));

const mapOf = (kind: MapKind, path = `scan/${kind}.png`): MaterialMap => ({ path, widthCm: 20, heightCm: 15, dpi: 200, rotation: 0, repeat: 'normal', factor: 1, offset: 0 });

const material: ParsedMaterialFile = {
  format: 'u3m',
  version: '1.0',
  name: 'Cuir café / N°5',
  description: 'Vegetable-tanned calf',
  front: { maps: Object.fromEntries(MAP_KINDS.map((kind) => [kind, mapOf(kind)])), basecolor: null, roughness: null, metalness: null, alpha: null },
  back: { maps: { basecolor: mapOf('basecolor', 'scan/back.JPEG'), normal: mapOf('normal') }, basecolor: null, roughness: 0.9, metalness: null, alpha: null },
  physicalSize: { widthCm: 20, heightCm: 15 },
  colors: [],
};
const MODIFIED = new Date('2024-03-05T13:37:42Z');

/** A distinct small image per map, so a map written in another's place shows. */
const images = new Map<string, { bytes: Buffer; ext: MapExt }>();
beforeAll(async () => {
  let shade = 0;
  for (const [side, maps] of [
    ['front', material.front.maps],
    ['back', material.back!.maps],
  ] as const) {
    for (const kind of MAP_KINDS) {
      if (!maps[kind]) continue;
      const ext: MapExt = maps[kind].path.endsWith('.png') ? 'png' : 'jpg';
      const image = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40 + 20 * shade++, g: 68, b: 34 } } });
      images.set(`${side}/${kind}`, { bytes: await (ext === 'png' ? image.png() : image.jpeg()).toBuffer(), ext });
    }
  }
});

const inputOf = (readMap?: U3maInput['readMap'], overrides: Partial<U3maInput> = {}): U3maInput => ({
  material,
  id: randomUUID(),
  created: new Date('2024-01-01T00:00:00Z'),
  modified: MODIFIED,
  readMap: readMap ?? (async (side, kind) => images.get(`${side}/${kind}`)!),
  ...overrides,
});

/** Collects what is written; `slow` takes 16 bytes before pushing back and answers each write a turn later. */
function sink(slow = false): { out: Writable; bytes: () => Buffer; chunkSizes: number[]; maxQueued: () => number } {
  const chunks: Buffer[] = [];
  const chunkSizes: number[] = [];
  let maxQueued = 0;
  const out = new Writable({
    highWaterMark: slow ? 16 : undefined,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      chunkSizes.push(chunk.length);
      maxQueued = Math.max(maxQueued, this.writableLength);
      if (slow) setImmediate(callback);
      else callback();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks), chunkSizes, maxQueued: () => maxQueued };
}

async function unzip(archive: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const entries: { name: string; data: Buffer }[] = [];
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      zip
        .once('entry', resolve)
        .once('end', () => resolve(null))
        .once('error', reject);
      zip.readEntry();
    }).finally(() => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error'));
    if (!entry) break;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
  }
  return entries;
}

const EXPECTED_ENTRIES = ['Cuir_cafe_N_5.u3m', ...MAP_KINDS.map((kind) => `textures/front_${kind}.png`), 'textures/back_basecolor.jpg', 'textures/back_normal.png'];

describe('writeU3ma (docs/product/material-files.md#export)', () => {
  it('writes an archive a zip reader opens: the description first, then every map byte for byte', async () => {
    const { out, bytes } = sink();
    const input = inputOf();
    const result = await writeU3ma(input, out);
    const archive = bytes();
    expect(result).toEqual({ entries: EXPECTED_ENTRIES, bytes: archive.length });
    expect(out.writableFinished).toBe(true);

    const entries = await unzip(archive);
    expect(entries.map((e) => e.name)).toEqual(EXPECTED_ENTRIES);
    const document = JSON.parse(entries[0]!.data.toString('utf8')) as U3mDocument;
    expect(validate(document) ? [] : validate.errors).toEqual([]);
    expect(document.material).toMatchObject({ id: input.id, name: 'Cuir café / N°5', modified: '2024-03-05T13:37:42+00:00' });
    expect(entries[0]!.data.toString('utf8')).toBe(JSON.stringify(document, null, 2));

    for (const { name, data } of entries.slice(1)) {
      const [, side, kind] = /^textures\/(front|back)_(\w+)\.(png|jpg)$/.exec(name)!;
      expect(data.equals(images.get(`${side}/${kind}`)!.bytes)).toBe(true);
      expect(document.material[side as MapSide]![kind as MapKind].texture?.image.path).toBe(name);
    }
    expect(document.material.back!.roughness).toEqual({ constant: 0.9, texture: null });
  });

  it('keeps to the zip a U3MA allows, header by header', async () => {
    const { out, bytes } = sink();
    await writeU3ma(inputOf(), out);
    const archive = bytes();

    // The end record closes the file: no comment, nothing after it.
    const end = archive.length - 22;
    expect(archive.readUInt32LE(end)).toBe(0x06054b50);
    expect([archive.readUInt16LE(end + 4), archive.readUInt16LE(end + 6), archive.readUInt16LE(end + 20)]).toEqual([0, 0, 0]);
    const count = archive.readUInt16LE(end + 8);
    expect(archive.readUInt16LE(end + 10)).toBe(count);
    expect(count).toBe(EXPECTED_ENTRIES.length);
    const directorySize = archive.readUInt32LE(end + 12);
    const directoryStart = archive.readUInt32LE(end + 16);
    expect(directoryStart + directorySize).toBe(end);

    let at = directoryStart;
    let expectedLocal = 0;
    const methods: Record<string, number> = {};
    for (let i = 0; i < count; i++) {
      expect(archive.readUInt32LE(at)).toBe(0x02014b50);
      const flags = archive.readUInt16LE(at + 8);
      expect(archive.readUInt16LE(at + 4)).toBe(0x003f);
      expect(archive.readUInt16LE(at + 6)).toBe(0x14);
      expect(flags & 0x0800).toBe(0x0800);
      expect(flags & 0x0008).toBe(0);
      expect(flags & ~0x0806).toBe(0);
      const method = archive.readUInt16LE(at + 10);
      const [time, date] = [archive.readUInt16LE(at + 12), archive.readUInt16LE(at + 14)];
      expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([13, 37, 42]);
      expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2024, 3, 5]);
      const [crc, compressedSize, size] = [archive.readUInt32LE(at + 16), archive.readUInt32LE(at + 20), archive.readUInt32LE(at + 24)];
      const nameLength = archive.readUInt16LE(at + 28);
      // Extra field length, comment length, disk number, internal attributes, external attributes.
      expect([archive.readUInt16LE(at + 30), archive.readUInt16LE(at + 32), archive.readUInt16LE(at + 34), archive.readUInt16LE(at + 36), archive.readUInt32LE(at + 38)]).toEqual([0, 0, 0, 0, 0]);
      const local = archive.readUInt32LE(at + 42);
      const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
      expect(name).toBe(EXPECTED_ENTRIES[i]);
      methods[name] = method;
      if (method === 0) expect(compressedSize).toBe(size);

      // Entries follow one another from the first byte, and each local header repeats its central one.
      expect(local).toBe(expectedLocal);
      expect(archive.readUInt32LE(local)).toBe(0x04034b50);
      expect(archive.readUInt16LE(local + 4)).toBe(0x14);
      expect([archive.readUInt16LE(local + 6), archive.readUInt16LE(local + 8), archive.readUInt16LE(local + 10), archive.readUInt16LE(local + 12)]).toEqual([flags, method, time, date]);
      expect([archive.readUInt32LE(local + 14), archive.readUInt32LE(local + 18), archive.readUInt32LE(local + 22)]).toEqual([crc, compressedSize, size]);
      expect([archive.readUInt16LE(local + 26), archive.readUInt16LE(local + 28)]).toEqual([nameLength, 0]);
      expect(archive.toString('utf8', local + 30, local + 30 + nameLength)).toBe(name);
      expectedLocal = local + 30 + nameLength + compressedSize;
      at += 46 + nameLength;
    }
    expect(expectedLocal).toBe(directoryStart);
    expect(at).toBe(end);
    expect(methods['Cuir_cafe_N_5.u3m']).toBe(8);
    expect(Object.entries(methods).filter(([name, method]) => name.startsWith('textures/') && method !== 0)).toEqual([]);
  });

  it('reads one map at a time, each once, in archive order', async () => {
    let reading = 0;
    let most = 0;
    const asked: string[] = [];
    const readMap = async (side: MapSide, kind: MapKind) => {
      asked.push(`textures/${side}_${kind}`);
      most = Math.max(most, ++reading);
      await new Promise((resolve) => setImmediate(resolve));
      reading--;
      return images.get(`${side}/${kind}`)!;
    };
    await writeU3ma(inputOf(readMap), sink().out);
    expect(most).toBe(1);
    expect(asked).toEqual(EXPECTED_ENTRIES.slice(1).map((name) => name.replace(/\.\w+$/, '')));
  });

  it('gives a slow consumer the same bytes, never queueing more than the chunk it is writing', async () => {
    const fast = sink();
    const slow = sink(true);
    const input = inputOf();
    await writeU3ma(input, fast.out);
    const result = await writeU3ma(input, slow.out);
    expect(slow.bytes().equals(fast.bytes())).toBe(true);
    expect(result.bytes).toBe(fast.bytes().length);
    // Without waiting for 'drain' the whole archive would sit in the queue at once.
    expect(slow.maxQueued()).toBe(Math.max(...slow.chunkSizes));
    expect(slow.out.writableFinished).toBe(true);
  });

  it('asks a map its format first when its stored name does not say it, and refuses an answer that changes', async () => {
    const single: ParsedMaterialFile = { ...material, back: null, front: { ...material.front, maps: { roughness: mapOf('roughness', 'scan/rough.tif') } } };
    let calls = 0;
    const { out } = sink();
    const result = await writeU3ma(
      inputOf(async () => (calls++, images.get('front/roughness')!), { material: single }),
      out,
    );
    expect(calls).toBe(2);
    expect(result.entries).toEqual(['Cuir_cafe_N_5.u3m', 'textures/front_roughness.png']);

    calls = 0;
    const changing = sink();
    const flip = async () => ({ bytes: images.get('front/roughness')!.bytes, ext: (calls++ % 2 === 0 ? 'png' : 'jpg') as MapExt });
    await expect(writeU3ma(inputOf(flip, { material: single }), changing.out)).rejects.toThrow(/was png and is now jpg/);
    expect(changing.out.destroyed).toBe(true);
  });

  it('destroys the output when a map cannot be read, so nobody takes the part written for an archive', async () => {
    const { out } = sink();
    const failing = async (side: MapSide, kind: MapKind) => {
      if (kind === 'metalness') throw new Error('storage unavailable');
      return images.get(`${side}/${kind}`)!;
    };
    await expect(writeU3ma(inputOf(failing), out)).rejects.toThrow('storage unavailable');
    expect(out.destroyed).toBe(true);
    expect(out.writableFinished).toBe(false);
  });

  it('refuses a map of 4 GiB or more rather than writing zip64', async () => {
    const huge = Buffer.alloc(1);
    // Allocating 4 GiB in a test is not an option; the size is checked before a byte of the map is read.
    Object.defineProperty(huge, 'length', { value: 2 ** 32 });
    const { out } = sink();
    await expect(
      writeU3ma(
        inputOf(async () => ({ bytes: huge, ext: 'png' })),
        out,
      ),
    ).rejects.toThrow(/too large without zip64/);
  });

  it('names the description with portable characters only', () => {
    expect(u3mFileName('Nappa Black')).toBe('Nappa_Black.u3m');
    expect(u3mFileName('Crème brûlée')).toBe('Creme_brulee.u3m');
    expect(u3mFileName('../../etc/passwd')).toBe('etc_passwd.u3m');
    expect(u3mFileName('...')).toBe('material.u3m');
    expect(u3mFileName('')).toBe('material.u3m');
    expect(u3mFileName('皮革')).toBe('material.u3m');
    expect(u3mFileName('CON')).toBe('_CON.u3m');
    expect(u3mFileName('aux.v2')).toBe('_aux.v2.u3m');
    expect(u3mFileName('x'.repeat(400))).toHaveLength(124);
  });
});
