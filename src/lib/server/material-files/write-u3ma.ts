/**
 * Writes a material as a `.u3ma` archive (docs/product/material-files.md#export): the U3M description at the root and
 * its maps under `textures/`. A U3MA is a zip with most of zip's freedom taken away, and readers that check may refuse
 * anything else, so this is a small writer of our own rather than a general zip library: every entry's CRC and sizes
 * are known before its header is written (no data descriptors), no extra fields, comments, attributes or zip64, names
 * always flagged UTF-8, times in UTC. The description is deflated; maps are PNG or JPEG, already compressed, and are
 * stored. Maps are read and written one at a time, so memory holds one map whatever the material.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { MAP_KINDS, type MapKind, type MaterialMap, type ParsedMaterialFile } from './material-file';
import { buildU3mDocument, isReservedName, type U3mDocumentOptions } from './u3m-document';

export type MapSide = 'front' | 'back';
export type MapExt = 'png' | 'jpg';

export interface U3maInput {
  material: ParsedMaterialFile;
  /** The material's UUID in the description. */
  id: string;
  created: Date;
  modified: Date;
  /** One map's encoded image. Asked once per map, one at a time; a map whose stored name has no png/jpg extension is asked twice (its format names the entry before its turn to be written). */
  readMap: (side: MapSide, kind: MapKind) => Promise<{ bytes: Buffer; ext: MapExt }>;
}

export interface U3maResult {
  /** Entry names, in archive order. */
  entries: string[];
  /** Bytes written to the output, the whole archive. */
  bytes: number;
}

/** Sizes and offsets are 32-bit and all ones means "look in zip64", which a U3MA may not have. */
const ZIP32_LIMIT = 0xffffffff;
const MAX_ENTRIES = 0xfffe;

const VERSION_NEEDED = 0x14;
/** Upper byte 0 (FAT attributes, whatever system wrote it), lower byte zip version 6.3, as a U3MA requires. */
const VERSION_MADE_BY = 0x003f;
/** Bit 11: names are UTF-8. Nothing else may be set. */
const FLAGS = 0x0800;
const STORED = 0;
const DEFLATED = 8;

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;

/**
 * The description's file name, `<name>.u3m`, from the material's name kept to portable characters: accents dropped,
 * other characters turned to `_`, never empty, hidden or a Windows device name.
 */
export function u3mFileName(materialName: string): string {
  let base = materialName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^0-9A-Za-z._-]+/g, '_')
    .slice(0, 120)
    .replace(/^[._-]+|[._-]+$/g, '');
  if (base === '') base = 'material';
  if (isReservedName(base)) base = `_${base}`;
  return `${base}.u3m`;
}

const extFromPath = (path: string): MapExt | null => (/\.png$/i.test(path) ? 'png' : /\.jpe?g$/i.test(path) ? 'jpg' : null);

/** MS-DOS time and date fields in UTC, held to the years they can hold. */
function dosDateTime(moment: Date): { time: number; date: number } {
  const ms = moment.getTime();
  if (Number.isNaN(ms)) throw new Error('U3MA modification time is not a valid date');
  const at = new Date(Math.min(Math.max(ms, Date.UTC(1980, 0, 1)), Date.UTC(2107, 11, 31, 23, 59, 58)));
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** One entry as both of its headers describe it. */
export interface ZipRecord {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where its local header starts. */
  offset: number;
}

/** The fields the local and the central header share, in the same order, written at `at`. */
function writeShared(header: Buffer, at: number, record: ZipRecord, time: number, date: number): void {
  header.writeUInt16LE(VERSION_NEEDED, at);
  header.writeUInt16LE(FLAGS, at + 2);
  header.writeUInt16LE(record.method, at + 4);
  header.writeUInt16LE(time, at + 6);
  header.writeUInt16LE(date, at + 8);
  header.writeUInt32LE(record.crc, at + 10);
  header.writeUInt32LE(record.compressedSize, at + 14);
  header.writeUInt32LE(record.size, at + 18);
  header.writeUInt16LE(record.name.length, at + 22);
}

/** The local header and name of an entry, as a U3MA allows it (extra field length 0). */
export function zipLocalHeader(record: ZipRecord, time = 0, date = 0): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER);
  header.writeUInt32LE(0x04034b50, 0);
  writeShared(header, 4, record, time, date);
  return Buffer.concat([header, record.name]);
}

/** The central directory header and name of an entry; extra, comment, disk and attribute fields stay zero. */
export function zipCentralHeader(record: ZipRecord, time = 0, date = 0): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  writeShared(header, 6, record, time, date);
  header.writeUInt32LE(record.offset, 42);
  return Buffer.concat([header, record.name]);
}

/** The end of central directory record: nothing may follow it. */
export function zipEndRecord(entries: number, directoryBytes: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(END_RECORD);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** 8 deflates, 0 stores. */
  method: 0 | 8;
  /** What the headers claim the inflated size is, when it should not be the truth (tests build lying archives). */
  claimedSize?: number;
}

/** A small zip built in memory with the same headers as a U3MA: the demo data's files and the tests' archives. */
export function zipInMemory(entries: ZipEntryInput[]): Buffer {
  const parts: Buffer[] = [];
  const records: ZipRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const body = entry.method === 8 ? deflateRawSync(entry.data) : entry.data;
    const record: ZipRecord = { name: Buffer.from(entry.name, 'utf8'), method: entry.method, crc: crc32(entry.data), compressedSize: body.length, size: entry.claimedSize ?? entry.data.length, offset };
    const local = zipLocalHeader(record);
    parts.push(local, body);
    records.push(record);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(records.map((record) => zipCentralHeader(record)));
  return Buffer.concat([...parts, directory, zipEndRecord(records.length, directory.length, offset)]);
}

/** Resolves once `out` can take more; rejects if it fails or closes first, so a dead consumer never leaves us waiting. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      out.off('drain', onDrain).off('error', onError).off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (err: Error) => settle(err);
    const onClose = () => settle(new Error('U3MA output closed before the archive was written'));
    out.on('drain', onDrain).on('error', onError).on('close', onClose);
  });
}

class ArchiveWriter {
  private offset = 0;
  private readonly central: ZipRecord[] = [];
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly out: Writable,
    modified: Date,
  ) {
    ({ time: this.time, date: this.date } = dosDateTime(modified));
  }

  get bytes(): number {
    return this.offset;
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.errored) throw this.out.errored;
    if (this.out.destroyed || this.out.writableEnded) throw new Error('U3MA output closed before the archive was written');
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await drained(this.out);
  }

  async entry(path: string, data: Buffer, method: typeof STORED | typeof DEFLATED): Promise<void> {
    if (this.central.length >= MAX_ENTRIES) throw new Error(`U3MA cannot hold more than ${MAX_ENTRIES} entries without zip64`);
    // Checked before the bytes are touched: a map this large is refused, not hashed.
    if (data.length >= ZIP32_LIMIT) throw new Error(`U3MA entry ${path} is ${data.length} bytes, too large without zip64`);
    const name = Buffer.from(path, 'utf8');
    const body = method === DEFLATED ? deflateRawSync(data) : data;
    if (this.offset + LOCAL_HEADER + name.length + body.length >= ZIP32_LIMIT) throw new Error(`U3MA archive reaches 4 GiB at ${path}, too large without zip64`);
    const record: ZipRecord = { name, method, crc: crc32(data), compressedSize: body.length, size: data.length, offset: this.offset };

    await this.write(zipLocalHeader(record, this.time, this.date));
    await this.write(body);
    this.central.push(record);
  }

  /** The central directory and the end record; nothing may follow them. */
  async finish(): Promise<void> {
    const start = this.offset;
    const directory = Buffer.concat(this.central.map((record) => zipCentralHeader(record, this.time, this.date)));
    if (start + directory.length + END_RECORD >= ZIP32_LIMIT) throw new Error('U3MA archive reaches 4 GiB, too large without zip64');
    await this.write(Buffer.concat([directory, zipEndRecord(this.central.length, directory.length, start)]));
  }
}

interface PlannedMap {
  side: MapSide;
  kind: MapKind;
  ext: MapExt;
  path: string;
}

/** Every map of the material with the entry it goes to: front then back, each in `MAP_KINDS` order. */
async function planMaps(input: U3maInput): Promise<PlannedMap[]> {
  const planned: PlannedMap[] = [];
  const sides: [MapSide, Partial<Record<MapKind, MaterialMap>>][] = [['front', input.material.front.maps]];
  if (input.material.back) sides.push(['back', input.material.back.maps]);
  for (const [side, maps] of sides) {
    for (const kind of MAP_KINDS) {
      const map = maps[kind];
      if (!map) continue;
      // The description names each map's entry, extension included, before any map is written; a stored name that
      // does not say png or jpg costs one extra read, one map at a time like the rest.
      const ext = extFromPath(map.path) ?? (await input.readMap(side, kind)).ext;
      planned.push({ side, kind, ext, path: `textures/${side}_${kind}.${ext}` });
    }
  }
  return planned;
}

/**
 * Writes `input.material` as a U3MA to `out` and ends it; resolves once `out` has finished. On failure `out` is
 * destroyed without an error, so whatever consumes it sees an incomplete archive rather than a short one that looks
 * whole, and the error is thrown here.
 */
export async function writeU3ma(input: U3maInput, out: Writable): Promise<U3maResult> {
  try {
    const maps = await planMaps(input);
    const mapPaths: U3mDocumentOptions['mapPaths'] = { front: {}, back: {} };
    for (const map of maps) mapPaths[map.side][map.kind] = map.path;
    const document = buildU3mDocument(input.material, { id: input.id, created: input.created, modified: input.modified, mapPaths });

    const archive = new ArchiveWriter(out, input.modified);
    const entries = [u3mFileName(document.material.name)];
    await archive.entry(entries[0]!, Buffer.from(JSON.stringify(document, null, 2), 'utf8'), DEFLATED);
    for (const map of maps) {
      const { bytes, ext } = await input.readMap(map.side, map.kind);
      if (ext !== map.ext) throw new Error(`U3MA map ${map.side} ${map.kind} was ${map.ext} and is now ${ext}`);
      await archive.entry(map.path, bytes, STORED);
      entries.push(map.path);
    }
    await archive.finish();
    out.end();
    await finished(out);
    return { entries, bytes: archive.bytes };
  } catch (err) {
    out.destroy();
    throw err;
  }
}
