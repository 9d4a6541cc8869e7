import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import type { UploadedFile } from '../../../lib/contracts/storage';
import { ERROR } from '../../../lib/errors';
import { computeFileKey } from './compute-file-key';
import { PartUploadError, type PutPart } from './put-part';
import { FileRejectedError, uploadFile, type UploadDeps, type UploadProgress } from './upload-file';
import { readUploadRecord, rememberUpload, uploadRecordKey, type KeyValueStore } from './upload-plan';

const FAR = '2099-01-01T00:00:00.000Z';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function pdf(size: number, name = 'sheet.pdf'): File {
  return new File([Uint8Array.from({ length: size }, (_, i) => (i * 7 + 3) & 0xff)], name, { type: 'application/pdf' });
}

const keyOf = (file: File) => computeFileKey(file, file.name);

/**
 * An object store in memory that speaks the storage contract: uploads by id with their parts, stored files by key.
 * `onPut` lets a test fail or hold a part; every call is logged.
 */
function fakeStorage(partBytes: number) {
  const uploads = new Map<string, { key: string; size: number; parts: Map<number, { size: number; etag: string }>; done: boolean }>();
  const files = new Map<string, UploadedFile>();
  const log: string[] = [];
  const urlBatches: number[][] = [];
  const puts: number[] = [];
  const saved: unknown[] = [];
  let active = 0;
  let maxActive = 0;
  let nextId = 1;
  let metadataAnswer: 'ok' | 'notFound' = 'ok';
  let onPut: (partNumber: number, signal: AbortSignal) => Promise<void> | void = () => undefined;
  const notFound = () => new ApiError({ code: ERROR.empty, message: 'Nothing found' });

  const calls: UploadDeps['calls'] = {
    init: async (body) => {
      log.push('init');
      const file = files.get(body.key);
      if (file) return { status: 'exists', file };
      const uploadId = `up-${nextId++}`;
      uploads.set(uploadId, { key: body.key, size: body.size, parts: new Map(), done: false });
      return { status: 'upload', uploadId, partBytes, partCount: Math.ceil(body.size / partBytes) };
    },
    parts: async ({ key, uploadId }) => {
      log.push('parts');
      const upload = uploads.get(uploadId);
      if (!upload || upload.done || upload.key !== key) throw notFound();
      return { parts: [...upload.parts].map(([partNumber, p]) => ({ partNumber, ...p })) };
    },
    partUrls: async ({ uploadId, partNumbers }) => {
      urlBatches.push([...partNumbers]);
      return { parts: partNumbers.map((partNumber) => ({ partNumber, url: `mem:${uploadId}/${partNumber}`, expiresAt: FAR })) };
    },
    complete: async ({ key, uploadId, parts }) => {
      log.push('complete');
      const upload = uploads.get(uploadId);
      if (!upload || upload.done) throw notFound();
      for (const p of parts) if (upload.parts.get(p.partNumber)?.etag !== p.etag) throw new ApiError({ code: 300068, message: `bad etag ${p.partNumber}` });
      const size = [...upload.parts.values()].reduce((a, p) => a + p.size, 0);
      if (size !== upload.size) throw new ApiError({ code: 300068, message: 'size' });
      upload.done = true;
      const file: UploadedFile = { relativePath: `files/${key}`, fullRegion: 'local', resourceCompanyId: 9, size, mime: 'application/pdf', image: null };
      files.set(key, file);
      return file;
    },
    saveMetadata: async (body) => {
      log.push('saveMetadata');
      saved.push(body);
      if (metadataAnswer === 'notFound') throw notFound();
      return null;
    },
  };

  const putPart: PutPart = async (url, body, onProgress, signal) => {
    const [uploadId = '', n = ''] = url.slice('mem:'.length).split('/');
    const partNumber = Number(n);
    active += 1;
    maxActive = Math.max(maxActive, active);
    try {
      // Parts overlap as they would on the network.
      await new Promise((resolve) => setTimeout(resolve, 0));
      signal.throwIfAborted();
      await onPut(partNumber, signal);
      signal.throwIfAborted();
      onProgress(Math.floor(body.size / 2));
      const etag = `"${uploadId}-${partNumber}-${body.size}"`;
      uploads.get(uploadId)!.parts.set(partNumber, { size: body.size, etag });
      puts.push(partNumber);
      return etag;
    } finally {
      active -= 1;
    }
  };

  return {
    calls,
    putPart,
    uploads,
    files,
    log,
    urlBatches,
    puts,
    saved,
    maxActive: () => maxActive,
    answerMetadata: (answer: 'ok' | 'notFound') => void (metadataAnswer = answer),
    onPut: (hook: typeof onPut) => void (onPut = hook),
  };
}

function depsFor(storage: ReturnType<typeof fakeStorage>, store: KeyValueStore, sleeps: number[] = []): Partial<UploadDeps> {
  return {
    calls: storage.calls,
    putPart: storage.putPart,
    hash: (file, onProgress) => computeFileKey(file, file.name, onProgress),
    store,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => Date.parse('2026-01-01T00:00:00Z'),
  };
}

/** Rejects when `signal` aborts; never resolves otherwise (a part held on the wire). */
const heldUntilAborted = (signal: AbortSignal) =>
  new Promise<void>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

describe('uploading a file', () => {
  it('starts an upload, sends every part, completes, saves the metadata and forgets the upload id', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const key = await keyOf(file);
    let recordWhileSending: unknown;
    storage.onPut(() => void (recordWhileSending ??= readUploadRecord(store, key)));
    const progress: UploadProgress[] = [];

    const stored = await uploadFile(file, { deps: depsFor(storage, store), onProgress: (p) => progress.push(p) });

    expect(stored).toMatchObject({ relativePath: `files/${key}`, size: 10 });
    expect(recordWhileSending).toMatchObject({ uploadId: 'up-1', partBytes: 4 });
    expect(storage.puts.sort()).toEqual([1, 2, 3]);
    expect(storage.urlBatches).toEqual([[1, 2, 3]]);
    expect(storage.log).toEqual(['init', 'complete', 'saveMetadata']);
    expect(storage.saved).toEqual([[{ relativePath: `files/${key}`, fullRegion: 'local', resourceCompanyId: 9 }]]);
    expect(store.data.has(uploadRecordKey(key))).toBe(false);
    const phases = [...new Set(progress.map((p) => p.phase))];
    expect(phases).toEqual(['hashing', 'uploading', 'finishing', 'done']);
    expect(progress.at(-1)).toEqual({ phase: 'done', loaded: 10, total: 10 });
    expect(progress.filter((p) => p.phase === 'uploading').every((p) => p.loaded <= p.total)).toBe(true);
  });

  it('sends at most three parts at once and asks for their URLs in batches', async () => {
    const storage = fakeStorage(2);
    await uploadFile(pdf(30), { deps: depsFor(storage, memoryStore()) });
    expect(storage.puts.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(storage.maxActive()).toBe(3);
    expect(storage.urlBatches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(storage.urlBatches[0]).toHaveLength(12);
  });

  it('sends nothing for a file the store already holds, and still saves its metadata', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    await uploadFile(pdf(10), { deps: depsFor(storage, store) });
    storage.log.length = 0;
    storage.puts.length = 0;
    const again = await uploadFile(pdf(10, 'copy.pdf'), { deps: depsFor(storage, store) });
    expect(again.size).toBe(10);
    expect(storage.puts).toEqual([]);
    expect(storage.log).toEqual(['init', 'saveMetadata']);
  });

  it('ignores a 404 from the metadata call', async () => {
    const storage = fakeStorage(4);
    storage.answerMetadata('notFound');
    await expect(uploadFile(pdf(10), { deps: depsFor(storage, memoryStore()) })).resolves.toMatchObject({ size: 10 });
  });

  it('refuses a file of the wrong type before hashing or calling anything', async () => {
    const storage = fakeStorage(4);
    const error = await uploadFile(pdf(10), { accept: ['jpg', 'png'], deps: depsFor(storage, memoryStore()) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileRejectedError);
    expect((error as FileRejectedError).problem).toEqual({ code: 'invalidType', name: 'sheet.pdf', allowed: ['jpg', 'png'] });
    expect(storage.log).toEqual([]);
  });
});

describe('resuming', () => {
  it('after a cancel keeps the upload id, and the next try sends only the parts the store lacks', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const key = await keyOf(file);
    const controller = new AbortController();
    // Part 3 is held on the wire until the user cancels, once parts 1 and 2 are in.
    storage.onPut(async (n, signal) => {
      if (n !== 3) return;
      while (storage.puts.length < 2) await new Promise((resolve) => setTimeout(resolve, 0));
      controller.abort();
      await heldUntilAborted(signal);
    });
    const cancelled = await uploadFile(file, { signal: controller.signal, deps: depsFor(storage, store) }).catch((e: unknown) => e);
    expect(cancelled).toBe(controller.signal.reason);
    expect(readUploadRecord(store, key)).toMatchObject({ uploadId: 'up-1' });
    expect(storage.puts.sort()).toEqual([1, 2]);

    storage.onPut(() => undefined);
    storage.puts.length = 0;
    storage.log.length = 0;
    const progress: UploadProgress[] = [];
    const stored = await uploadFile(file, { deps: depsFor(storage, store), onProgress: (p) => progress.push(p) });
    expect(stored.size).toBe(10);
    expect(storage.puts).toEqual([3]);
    expect(storage.log).toEqual(['parts', 'complete', 'saveMetadata']);
    expect(progress.find((p) => p.phase === 'uploading')).toEqual({ phase: 'uploading', loaded: 8, total: 10 });
    expect(readUploadRecord(store, key)).toBeNull();
  });

  it('a reload (a new page, same local storage) resumes with the part size the upload started with', async () => {
    const first = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const key = await keyOf(file);
    // What a page that died after parts 1 and 2 leaves behind.
    first.uploads.set('up-7', {
      key,
      size: 10,
      done: false,
      parts: new Map([
        [1, { size: 4, etag: '"up-7-1-4"' }],
        [2, { size: 4, etag: '"up-7-2-4"' }],
      ]),
    });
    rememberUpload(store, key, { uploadId: 'up-7', partBytes: 4, savedAt: 0 });
    const stored = await uploadFile(file, { deps: depsFor(first, store) });
    expect(stored.size).toBe(10);
    expect(first.puts).toEqual([3]);
    expect(first.log).toEqual(['parts', 'complete', 'saveMetadata']);
  });

  it('forgets an upload id the store no longer knows and starts again', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const key = await keyOf(file);
    rememberUpload(store, key, { uploadId: 'gone', partBytes: 4, savedAt: 0 });
    let recordWhileSending: unknown;
    storage.onPut(() => void (recordWhileSending ??= readUploadRecord(store, key)));
    await uploadFile(file, { deps: depsFor(storage, store) });
    expect(storage.log).toEqual(['parts', 'init', 'complete', 'saveMetadata']);
    expect(recordWhileSending).toMatchObject({ uploadId: 'up-1' });
    expect(storage.puts.sort()).toEqual([1, 2, 3]);
  });

  it('passes on other failures of the parts call without dropping the upload id', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const key = await keyOf(file);
    rememberUpload(store, key, { uploadId: 'up-1', partBytes: 4, savedAt: 0 });
    storage.calls.parts = async () => {
      throw new ApiError({ code: 100500, message: 'Server error' });
    };
    await expect(uploadFile(file, { deps: depsFor(storage, store) })).rejects.toMatchObject({ code: 100500 });
    expect(readUploadRecord(store, key)).toMatchObject({ uploadId: 'up-1' });
    expect(storage.log).toEqual([]);
  });
});

describe('retries', () => {
  it('retries a failed part with a fresh URL after 1 s then 2 s', async () => {
    const storage = fakeStorage(4);
    const sleeps: number[] = [];
    let failures = 2;
    storage.onPut((n) => {
      if (n === 2 && failures-- > 0) throw new PartUploadError(503);
    });
    await expect(uploadFile(pdf(10), { deps: depsFor(storage, memoryStore(), sleeps) })).resolves.toMatchObject({ size: 10 });
    expect(sleeps).toEqual([1000, 2000]);
    expect(storage.urlBatches).toEqual([[1, 2, 3], [2], [2]]);
  });

  it('gives up after three retries, stops the other parts and keeps the upload id', async () => {
    const storage = fakeStorage(4);
    const store = memoryStore();
    const file = pdf(10);
    const sleeps: number[] = [];
    storage.onPut(async (n, signal) => {
      if (n === 1) throw new PartUploadError(500, 'disk full');
      await heldUntilAborted(signal);
    });
    const error = await uploadFile(file, { deps: depsFor(storage, store, sleeps) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartUploadError);
    expect((error as PartUploadError).serverMessage).toBe('disk full');
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(storage.puts).toEqual([]);
    expect(readUploadRecord(store, await keyOf(file))).not.toBeNull();
    expect(storage.log).toEqual(['init']);
  });
});
