/**
 * Builds zip archives for tests, including the broken ones no tool would write: entries whose headers lie about
 * their size, names that leave the archive, absurd declared sizes. The headers are the U3MA writer's. Test code only.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { zipCentralHeader, zipEndRecord, zipLocalHeader, type ZipRecord } from '../write-u3ma';

export interface TestEntry {
  name: string;
  data: Buffer | string;
  /** 8 deflates (the default), 0 stores. */
  method?: 0 | 8;
  /** What the headers claim the inflated size is, when it should not be the truth. */
  claimedSize?: number;
}

export function makeZip(entries: TestEntry[]): Buffer {
  const parts: Buffer[] = [];
  const records: ZipRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(raw) : raw;
    const record: ZipRecord = { name: Buffer.from(entry.name, 'utf8'), method, crc: crc32(raw), compressedSize: body.length, size: entry.claimedSize ?? raw.length, offset };
    const local = zipLocalHeader(record);
    parts.push(local, body);
    records.push(record);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(records.map((record) => zipCentralHeader(record)));
  return Buffer.concat([...parts, directory, zipEndRecord(records.length, directory.length, offset)]);
}
