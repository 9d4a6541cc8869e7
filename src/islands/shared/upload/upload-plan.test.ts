import { describe, expect, it } from 'vitest';
import {
  bytesHeld,
  completedParts,
  forgetUpload,
  nextUrlBatch,
  partsToSend,
  planParts,
  readUploadRecord,
  rememberUpload,
  retryDelayMs,
  uploadRecordKey,
  urlUsable,
  type KeyValueStore,
} from './upload-plan';

const MB = 1024 * 1024;

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('part planning', () => {
  it('cuts a file into 5 MiB parts numbered from 1, the last one short', () => {
    expect(planParts(12 * MB, 5 * MB)).toEqual([
      { partNumber: 1, start: 0, end: 5 * MB },
      { partNumber: 2, start: 5 * MB, end: 10 * MB },
      { partNumber: 3, start: 10 * MB, end: 12 * MB },
    ]);
  });
  it('gives a file of exactly one part size one part, and a tiny file one short part', () => {
    expect(planParts(5 * MB, 5 * MB)).toHaveLength(1);
    expect(planParts(1, 5 * MB)).toEqual([{ partNumber: 1, start: 0, end: 1 }]);
  });
  it('refuses a plan S3 could not take', () => {
    expect(() => planParts(10_001, 1)).toThrow(RangeError);
    expect(() => planParts(10, 0)).toThrow(RangeError);
  });
});

describe('what a resumed upload still sends', () => {
  const plan = planParts(12, 5);
  it('sends every part when the store holds none', () => {
    expect(partsToSend(plan, []).missing.map((p) => p.partNumber)).toEqual([1, 2, 3]);
  });
  it('skips the parts held at their planned size and keeps their etags', () => {
    const { missing, etags } = partsToSend(plan, [
      { partNumber: 1, size: 5, etag: '"a"' },
      { partNumber: 3, size: 2, etag: '"c"' },
    ]);
    expect(missing.map((p) => p.partNumber)).toEqual([2]);
    expect([...etags]).toEqual([
      [1, '"a"'],
      [3, '"c"'],
    ]);
    expect(bytesHeld(plan, etags)).toBe(7);
  });
  it('sends again a part held short or without an etag, and ignores parts outside the plan', () => {
    const { missing, etags } = partsToSend(plan, [
      { partNumber: 1, size: 4, etag: '"a"' },
      { partNumber: 2, size: 5, etag: '' },
      { partNumber: 9, size: 5, etag: '"x"' },
    ]);
    expect(missing.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(etags.size).toBe(0);
  });
  it('completes with every part in order, and refuses to complete with one missing', () => {
    const etags = new Map([
      [3, 'c'],
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(completedParts(plan, etags)).toEqual([
      { partNumber: 1, etag: 'a' },
      { partNumber: 2, etag: 'b' },
      { partNumber: 3, etag: 'c' },
    ]);
    etags.delete(2);
    expect(() => completedParts(plan, etags)).toThrow(/part 2/);
  });
});

describe('part URLs', () => {
  it('asks for the part that needs one, then the next queued parts without one, up to the batch size', () => {
    expect(nextUrlBatch(4, [5, 6, 7, 8, 9], (n) => n === 6, 4)).toEqual([4, 5, 7, 8]);
    expect(nextUrlBatch(4, [4, 5], () => false, 12)).toEqual([4, 5]);
    expect(nextUrlBatch(4, [5, 6], () => false, 1)).toEqual([4]);
  });
  it('uses a URL only while it is more than a minute from expiring', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(urlUsable('2026-01-01T00:05:00Z', now)).toBe(true);
    expect(urlUsable('2026-01-01T00:00:30Z', now)).toBe(false);
    expect(urlUsable('not a date', now)).toBe(false);
  });
  it('waits 1, 2 then 4 seconds between tries', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
  });
});

describe('upload ids in local storage', () => {
  const key = `${'a'.repeat(32)}.pdf`;
  it('keeps, reads back and forgets a record under matlib.upload.<key>', () => {
    const store = memoryStore();
    rememberUpload(store, key, { uploadId: 'u-1', partBytes: 5 * MB, savedAt: 7 });
    expect([...store.data.keys()]).toEqual([`matlib.upload.${key}`]);
    expect(uploadRecordKey(key)).toBe(`matlib.upload.${key}`);
    expect(readUploadRecord(store, key)).toEqual({ uploadId: 'u-1', partBytes: 5 * MB, savedAt: 7 });
    forgetUpload(store, key);
    expect(readUploadRecord(store, key)).toBeNull();
  });
  it('reads anything that is not a record as no record', () => {
    const store = memoryStore();
    for (const text of ['u-1', '{"uploadId":""}', '{"uploadId":"u","partBytes":0}', 'null', '[]']) {
      store.data.set(uploadRecordKey(key), text);
      expect(readUploadRecord(store, key)).toBeNull();
    }
  });
  it('goes on without storage when there is none or it throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => rememberUpload(broken, key, { uploadId: 'u', partBytes: 1, savedAt: 0 })).not.toThrow();
    expect(readUploadRecord(broken, key)).toBeNull();
    expect(() => forgetUpload(broken, key)).not.toThrow();
    expect(readUploadRecord(null, key)).toBeNull();
  });
});
