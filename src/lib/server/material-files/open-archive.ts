/**
 * Reads zip archives (U3M packages, color-card zips, ADMF) where they are stored, by byte ranges: the central
 * directory first, then one entry at a time, so an archive of hundreds of megabytes never sits in memory whole and
 * nothing is unpacked to disk. Before any entry is read the directory is checked against `ARCHIVE_LIMITS`
 * (docs/product/material-files.md#archives): too many entries, a declared total or entry size past the limits, or an
 * entry that claims to grow more than `maxRatio` times when inflated is refused as a size error; a path that would
 * leave the archive (absolute, `..`, a backslash or drive letter) or an encrypted entry as a format error.
 * While an entry is read, its inflated bytes are counted against its declared size, so a lying header is caught too.
 */
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ObjectStorage } from '../storage';
import { FILE_CODES, MaterialFileError } from './parse-codes';

const MiB = 1024 * 1024;

export const ARCHIVE_LIMITS = {
  maxEntries: 2_000,
  /** All entries together, inflated. */
  maxTotalBytes: 1024 * MiB,
  /** One entry, inflated: a 8192² 16-bit RGBA map is 512 MiB, and nothing a material needs is larger. */
  maxEntryBytes: 512 * MiB,
  /** Inflated over compressed size, for entries past `ratioFloorBytes` (small entries compress well and are harmless). */
  maxRatio: 100,
  ratioFloorBytes: 1 * MiB,
} as const;
export type ArchiveLimits = { [K in keyof typeof ARCHIVE_LIMITS]: number };

/** Bytes read per request to the store. */
const READ_CHUNK = 1 * MiB;

/** Something that answers byte ranges of one object: a stored file, or a buffer in tests and small uploads. */
export interface RangeSource {
  size: number;
  /** Bytes [start, endExclusive); throws when the object cannot be read. */
  read(start: number, endExclusive: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): RangeSource {
  return { size: bytes.length, read: async (start, end) => bytes.subarray(start, end) };
}

/** The stored object `key` as a range source; a missing object is a read failure. */
export async function storedSource(storage: ObjectStorage, key: string): Promise<RangeSource> {
  const stat = await storage.stat(key).catch(() => null);
  if (!stat) throw new MaterialFileError(FILE_CODES.readFailed, `no stored object ${key}`);
  return { size: stat.size, read: (start, end) => storage.getRange(key, start, end) };
}

export interface ArchiveEntry {
  path: string;
  size: number;
  compressedSize: number;
}

export interface Archive {
  /** The files of the archive (directories left out), in directory order. */
  entries: ArchiveEntry[];
  /** Finds an entry by its path, compared without case and with `./` and leading slashes removed. */
  find(path: string): ArchiveEntry | undefined;
  /** An entry's inflated bytes; refused as a size error past `maxBytes`. */
  read(entry: ArchiveEntry, maxBytes?: number): Promise<Buffer>;
  /** The same bytes as they are inflated, so a reader may stop early and never hold the entry whole. */
  stream(entry: ArchiveEntry, maxBytes?: number): AsyncGenerator<Buffer>;
}

class SourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: RangeSource) {
    super();
  }
  _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    return Readable.from(
      (async function* () {
        for (let at = start; at < end; at += READ_CHUNK) yield await source.read(at, Math.min(end, at + READ_CHUNK));
      })(),
    );
  }
}

const normalise = (path: string) => path.replace(/^(\.\/|\/)+/, '').toLowerCase();

function readFailure(err: unknown): MaterialFileError {
  if (err instanceof MaterialFileError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // yauzl refuses these names itself while reading the directory.
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(message)) return new MaterialFileError(FILE_CODES.formatError, `entry path leaves the archive: ${message}`);
  if (/too many bytes|too few bytes|expected .* bytes|size mismatch/i.test(message)) return new MaterialFileError(FILE_CODES.sizeError, `entry size does not match its header: ${message}`);
  if (/end of central directory|signature|not a zip|invalid|truncated|unsupported/i.test(message)) return new MaterialFileError(FILE_CODES.formatError, `not a readable zip archive: ${message}`);
  return new MaterialFileError(FILE_CODES.readFailed, message);
}

function checkEntry(entry: yauzl.Entry, limits: ArchiveLimits): void {
  if (entry.isEncrypted()) throw new MaterialFileError(FILE_CODES.formatError, `encrypted entry ${entry.fileName}`);
  if (entry.uncompressedSize > limits.maxEntryBytes) throw new MaterialFileError(FILE_CODES.sizeError, `entry ${entry.fileName} claims ${entry.uncompressedSize} bytes`);
  if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
    throw new MaterialFileError(FILE_CODES.sizeError, `entry ${entry.fileName} inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times`);
  }
}

/** Opens the archive in `source` and checks its directory (see the module comment); throws `MaterialFileError`. */
export async function openArchive(source: RangeSource, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Archive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), source.size, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw readFailure(err);
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new MaterialFileError(FILE_CODES.sizeError, `${zip.entryCount} entries`);
  }
  const byPath = new Map<string, { view: ArchiveEntry; raw: yauzl.Entry }>();
  const entries: ArchiveEntry[] = [];
  try {
    let total = 0;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve).once('end', () => resolve(null)).once('error', reject);
        zip.readEntry();
      }).finally(() => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error'));
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      checkEntry(entry, limits);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw new MaterialFileError(FILE_CODES.sizeError, `entries claim more than ${limits.maxTotalBytes} bytes together`);
      const key = normalise(entry.fileName);
      if (byPath.has(key)) throw new MaterialFileError(FILE_CODES.formatError, `entry ${entry.fileName} appears twice`);
      const view = { path: entry.fileName, size: entry.uncompressedSize, compressedSize: entry.compressedSize };
      byPath.set(key, { view, raw: entry });
      entries.push(view);
    }
  } catch (err) {
    zip.close();
    throw readFailure(err);
  }

  async function* stream(wanted: ArchiveEntry, maxBytes = limits.maxEntryBytes): AsyncGenerator<Buffer> {
    const entry = byPath.get(normalise(wanted.path))?.raw;
    if (!entry) throw new MaterialFileError(FILE_CODES.noResource, `no entry ${wanted.path}`);
    if (entry.uncompressedSize > maxBytes) throw new MaterialFileError(FILE_CODES.sizeError, `entry ${entry.fileName} is ${entry.uncompressedSize} bytes, more than ${maxBytes}`);
    let inflated = 0;
    try {
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        // yauzl holds the stream to the declared size; counted here too, so no reader depends on that option.
        inflated += (chunk as Buffer).length;
        if (inflated > entry.uncompressedSize) throw new MaterialFileError(FILE_CODES.sizeError, `entry ${entry.fileName} inflates past its declared ${entry.uncompressedSize} bytes`);
        yield chunk as Buffer;
      }
    } catch (err) {
      throw readFailure(err);
    }
  }

  return {
    entries,
    find: (path) => byPath.get(normalise(path))?.view,
    read: async (wanted, maxBytes) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream(wanted, maxBytes)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    stream,
  };
}
