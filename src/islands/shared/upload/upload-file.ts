/**
 * The resumable upload of one file (docs/product/uploading.md#the-flow): check, key, find or start the multipart
 * upload, send the missing parts three at a time, complete, save the metadata. The upload id is kept in local
 * storage until the file is complete, so a retry or a reload sends only the parts the store does not hold.
 *
 * Everything that touches the network, the worker or storage is a dependency with a browser default, so the flow
 * runs in unit tests against a fake store.
 */
import { ApiError } from '../../../lib/api/client';
import { storageApi, type StorageCalls } from '../../../lib/api/storage';
import type { UploadedFile } from '../../../lib/contracts/storage';
import { ERROR } from '../../../lib/errors';
import { checkFile, type FileProblem, type UploadAccept } from '../../../lib/upload/limits';
import { hashInWorker } from './hash-in-worker';
import { putPart, type PutPart } from './put-part';
import {
  PART_CONCURRENCY,
  PART_RETRIES,
  URL_BATCH,
  bytesHeld,
  completedParts,
  forgetUpload,
  nextUrlBatch,
  partsToSend,
  planParts,
  readUploadRecord,
  rememberUpload,
  retryDelayMs,
  urlUsable,
  type KeyValueStore,
  type PartRange,
  type ReceivedPart,
} from './upload-plan';

export type UploadPhase = 'hashing' | 'uploading' | 'finishing' | 'done';

/** Bytes of the current phase: hashed bytes while hashing, the file's bytes afterwards. */
export interface UploadProgress {
  phase: UploadPhase;
  loaded: number;
  total: number;
}

/** The file failed the check before anything was sent. */
export class FileRejectedError extends Error {
  override readonly name = 'FileRejectedError';
  constructor(readonly problem: FileProblem) {
    super(`${problem.name}: ${problem.code}`);
  }
}

export interface UploadDeps {
  calls: Pick<StorageCalls, 'init' | 'parts' | 'partUrls' | 'complete' | 'saveMetadata'>;
  /** The file key (`<md5>.<ext>`). */
  hash: (file: File, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<string>;
  putPart: PutPart;
  /** Where upload ids live between page loads; null when the page has no storage. */
  store: KeyValueStore | null;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
}

export interface UploadOptions {
  /** The extensions the picker takes; the server checks against them too. */
  accept?: UploadAccept;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  deps?: Partial<UploadDeps>;
}

function browserStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function defaultDeps(): UploadDeps {
  return { calls: storageApi, hash: hashInWorker, putPart, store: browserStore(), sleep: abortableSleep, now: Date.now };
}

/** `T | undefined` from the client means the server chose to say nothing; for these calls that is a failure. */
function answered<T>(value: T | undefined, call: string): T {
  if (value === undefined) throw new ApiError({ code: ERROR.unknown, message: `${call}: no answer` });
  return value;
}

type Session = { exists: UploadedFile } | { uploadId: string; partBytes: number; received: ReceivedPart[] };

/** Continue the upload local storage remembers for `key`, or start one (the server may already hold the file). */
async function openSession(file: File, key: string, accept: UploadAccept | undefined, deps: UploadDeps, signal: AbortSignal): Promise<Session> {
  const record = readUploadRecord(deps.store, key);
  if (record) {
    try {
      const { parts } = answered(await deps.calls.parts({ key, uploadId: record.uploadId }, { signal }), 'parts');
      return { uploadId: record.uploadId, partBytes: record.partBytes, received: parts };
    } catch (error) {
      // Unknown or already completed: start again; init answers `exists` when it was completed.
      if (!(error instanceof ApiError && error.code === ERROR.empty)) throw error;
      forgetUpload(deps.store, key);
    }
  }
  const init = answered(
    await deps.calls.init({ key, name: file.name, mime: file.type, size: file.size, ...(accept ? { accept: [...accept] } : {}) }, { signal }),
    'init',
  );
  if (init.status === 'exists') return { exists: init.file };
  // Kept before the first byte goes out: a reload from here on resumes this upload.
  rememberUpload(deps.store, key, { uploadId: init.uploadId, partBytes: init.partBytes, savedAt: deps.now() });
  return { uploadId: init.uploadId, partBytes: init.partBytes, received: [] };
}

/** Sends `missing` parts, PART_CONCURRENCY at a time, each retried PART_RETRIES times; fills `etags`. */
async function sendParts(
  file: File,
  key: string,
  uploadId: string,
  missing: readonly PartRange[],
  etags: Map<number, string>,
  deps: UploadDeps,
  controller: AbortController,
  onBytes: (partNumber: number, loaded: number) => void,
): Promise<void> {
  const signal = controller.signal;
  const queue = [...missing];
  const urls = new Map<number, { url: string; expiresAt: string }>();
  const asking = new Map<number, Promise<void>>();
  const hasUrl = (n: number) => asking.has(n) || (urls.has(n) && urlUsable(urls.get(n)!.expiresAt, deps.now()));

  /** Asks for URLs for `partNumber` and the next queued parts without one; synchronous up to the call, so parts that start together share it. */
  function ask(partNumber: number): void {
    const numbers = nextUrlBatch(
      partNumber,
      queue.map((p) => p.partNumber),
      hasUrl,
      URL_BATCH,
    );
    const request: Promise<void> = deps.calls.partUrls({ key, uploadId, partNumbers: numbers }, { signal }).then((answer) => {
      for (const part of answered(answer, 'part-urls').parts) urls.set(part.partNumber, { url: part.url, expiresAt: part.expiresAt });
    });
    const settled = request.finally(() => {
      for (const n of numbers) if (asking.get(n) === settled) asking.delete(n);
    });
    // The parts waiting on this batch see its failure when they await it; no unhandled rejection meanwhile.
    settled.catch(() => undefined);
    for (const n of numbers) asking.set(n, settled);
  }

  async function urlFor(partNumber: number, fresh: boolean): Promise<string> {
    if (fresh) urls.delete(partNumber);
    if (fresh || !hasUrl(partNumber)) ask(partNumber);
    await asking.get(partNumber);
    const got = urls.get(partNumber);
    if (!got) throw new ApiError({ code: ERROR.unknown, message: `no URL for part ${partNumber}` });
    return got.url;
  }

  async function sendPart(part: PartRange): Promise<void> {
    const body = file.slice(part.start, part.end);
    for (let attempt = 0; ; attempt++) {
      try {
        // A retry asks for a new URL: the old one may have expired, which is a likely reason it failed.
        const url = await urlFor(part.partNumber, attempt > 0);
        etags.set(part.partNumber, await deps.putPart(url, body, (loaded) => onBytes(part.partNumber, loaded), signal));
        onBytes(part.partNumber, part.end - part.start);
        return;
      } catch (error) {
        if (signal.aborted || attempt >= PART_RETRIES) throw error;
        onBytes(part.partNumber, 0);
        await deps.sleep(retryDelayMs(attempt + 1), signal);
      }
    }
  }

  const runners = Array.from({ length: Math.min(PART_CONCURRENCY, queue.length) }, async () => {
    for (let part = queue.shift(); part && !signal.aborted; part = queue.shift()) await sendPart(part);
  });
  try {
    await Promise.all(runners);
  } catch (error) {
    // A part that failed for good stops the others; its error is the one the caller sees.
    if (!signal.aborted) controller.abort(error);
    await Promise.allSettled(runners);
    throw signal.reason ?? error;
  }
}

/**
 * Uploads `file` and resolves with the stored file. Rejects with `FileRejectedError` (check failed), `ApiError`
 * (the server refused; its message is fit to show), `PartUploadError` (a part failed after its retries), or the
 * signal's reason (cancelled; the upload id stays in local storage, so the next try resumes).
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const deps: UploadDeps = { ...defaultDeps(), ...options.deps };
  const problem = checkFile(file, options.accept);
  if (problem) throw new FileRejectedError(problem);

  const controller = new AbortController();
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  const signal = controller.signal;
  const report = (phase: UploadPhase, loaded: number, total: number) => options.onProgress?.({ phase, loaded: Math.min(loaded, total), total });

  try {
    signal.throwIfAborted();
    report('hashing', 0, 1);
    const key = await deps.hash(file, (loaded, total) => report('hashing', loaded, total), signal);
    signal.throwIfAborted();
    const session = await openSession(file, key, options.accept, deps, signal);

    let stored: UploadedFile;
    if ('exists' in session) {
      stored = session.exists;
    } else {
      const plan = planParts(file.size, session.partBytes);
      const { missing, etags } = partsToSend(plan, session.received);
      const held = bytesHeld(plan, etags);
      const sending = new Map<number, number>();
      const uploaded = () => held + [...sending.values()].reduce((a, b) => a + b, 0);
      report('uploading', held, file.size);
      await sendParts(file, key, session.uploadId, missing, etags, deps, controller, (partNumber, loaded) => {
        sending.set(partNumber, loaded);
        report('uploading', uploaded(), file.size);
      });
      report('finishing', file.size, file.size);
      stored = answered(await deps.calls.complete({ key, uploadId: session.uploadId, parts: completedParts(plan, etags) }, { signal }), 'complete');
    }

    report('finishing', file.size, file.size);
    try {
      await deps.calls.saveMetadata([{ relativePath: stored.relativePath, fullRegion: stored.fullRegion, resourceCompanyId: stored.resourceCompanyId }], { signal });
    } catch (error) {
      // A store without the metadata service answers 404; the file itself is kept either way.
      if (!(error instanceof ApiError && error.code === ERROR.empty)) throw error;
    }
    forgetUpload(deps.store, key);
    report('done', file.size, file.size);
    return stored;
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}
