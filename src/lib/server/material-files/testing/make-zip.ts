/**
 * Builds zip archives for tests, including the broken ones no tool would write: entries whose headers lie about
 * their size, names that leave the archive, absurd declared sizes. The headers are the U3MA writer's. Test code only.
 */
import { zipInMemory, type ZipEntryInput } from '../write-u3ma';

export interface TestEntry extends Omit<ZipEntryInput, 'data' | 'method'> {
  data: Buffer | string;
  /** 8 deflates (the default), 0 stores. */
  method?: 0 | 8;
}

export const makeZip = (entries: TestEntry[]): Buffer => zipInMemory(entries.map((e) => ({ ...e, data: typeof e.data === 'string' ? Buffer.from(e.data) : e.data, method: e.method ?? 8 })));
