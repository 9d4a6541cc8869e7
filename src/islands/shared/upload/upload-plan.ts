/**
 * The pure half of the resumable upload (docs/product/uploading.md#resuming): how a file splits into parts, which
 * parts a resumed upload still has to send, which part URLs to ask for together, how long to wait before a retry,
 * and the upload ids kept in local storage under `matlib.upload.<key>`.
 */

/** One part of the file: bytes [start, end), numbered from 1 as S3 numbers them. */
export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
}

/** A part the store already holds, as `multipart/parts` answers it. */
export interface ReceivedPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** S3 numbers parts 1..10 000; the contract refuses anything else. */
export const MAX_PARTS = 10_000;
/** Parts sent at once per file. */
export const PART_CONCURRENCY = 3;
/** Retries per part after its first try. */
export const PART_RETRIES = 3;
/** Part URLs asked for in one call (the contract takes up to 100): a few rounds of the pool, so none expires waiting. */
export const URL_BATCH = 12;
/** A part URL this close to its expiry is asked for again rather than used. */
export const URL_EXPIRY_MARGIN_MS = 60_000;

export function planParts(size: number, partBytes: number): PartRange[] {
  if (!Number.isInteger(partBytes) || partBytes < 1) throw new RangeError(`part size ${partBytes}`);
  const count = Math.max(1, Math.ceil(size / partBytes));
  if (count > MAX_PARTS) throw new RangeError(`${count} parts`);
  return Array.from({ length: count }, (_, i) => ({ partNumber: i + 1, start: i * partBytes, end: Math.min(size, (i + 1) * partBytes) }));
}

/**
 * What is left to send: the planned parts the store does not hold with the planned size (a short part is an upload
 * cut off mid-part and goes again), and the etags of the parts it does hold.
 */
export function partsToSend(plan: readonly PartRange[], received: readonly ReceivedPart[]): { missing: PartRange[]; etags: Map<number, string> } {
  const held = new Map(received.map((p) => [p.partNumber, p]));
  const etags = new Map<number, string>();
  const missing: PartRange[] = [];
  for (const part of plan) {
    const got = held.get(part.partNumber);
    if (got && got.size === part.end - part.start && got.etag) etags.set(part.partNumber, got.etag);
    else missing.push(part);
  }
  return { missing, etags };
}

/** The bytes of the parts already held: where a resumed upload's progress starts. */
export function bytesHeld(plan: readonly PartRange[], etags: ReadonlyMap<number, string>): number {
  return plan.reduce((sum, p) => (etags.has(p.partNumber) ? sum + (p.end - p.start) : sum), 0);
}

/**
 * The part numbers to ask URLs for when `partNumber` needs one: that part first, then the next parts still waiting
 * in the queue that have no usable URL yet, up to `limit`.
 */
export function nextUrlBatch(partNumber: number, queue: readonly number[], hasUrl: (partNumber: number) => boolean, limit = URL_BATCH): number[] {
  const rest = queue.filter((n) => n !== partNumber && !hasUrl(n)).slice(0, Math.max(0, limit - 1));
  return [partNumber, ...rest];
}

/** Whether a part URL expiring at `expiresAt` (ISO time) can still be used at `now`. */
export function urlUsable(expiresAt: string, now: number): boolean {
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at - now > URL_EXPIRY_MARGIN_MS;
}

/** Wait before retry `attempt` (1-based): 1 s, 2 s, 4 s. */
export function retryDelayMs(attempt: number): number {
  return 1000 * 2 ** (attempt - 1);
}

/** The `complete` call's part list: every planned part with its etag, in order. */
export function completedParts(plan: readonly PartRange[], etags: ReadonlyMap<number, string>): Array<{ partNumber: number; etag: string }> {
  return plan.map(({ partNumber }) => {
    const etag = etags.get(partNumber);
    if (!etag) throw new Error(`part ${partNumber} has no etag`);
    return { partNumber, etag };
  });
}

/** What local storage keeps per file key while its upload is unfinished. */
export interface UploadRecord {
  uploadId: string;
  /** The part size the upload was started with: a resumed upload must cut the file the same way. */
  partBytes: number;
  savedAt: number;
}

/** The part of `Storage` the bookkeeping uses, so tests pass a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const UPLOAD_RECORD_PREFIX = 'matlib.upload.';
export const uploadRecordKey = (fileKey: string) => `${UPLOAD_RECORD_PREFIX}${fileKey}`;

/** The unfinished upload of `fileKey`, or null when there is none or what is stored is not a record. */
export function readUploadRecord(store: KeyValueStore | null, fileKey: string): UploadRecord | null {
  let text: string | null = null;
  try {
    text = store?.getItem(uploadRecordKey(fileKey)) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { uploadId, partBytes, savedAt } = value as Record<string, unknown>;
    if (typeof uploadId !== 'string' || !uploadId || typeof partBytes !== 'number' || !Number.isInteger(partBytes) || partBytes < 1) return null;
    return { uploadId, partBytes, savedAt: typeof savedAt === 'number' ? savedAt : 0 };
  } catch {
    return null;
  }
}

// Storage may be full or disabled (private windows, sandboxed frames): the upload still works, it just cannot resume after a reload.
export function rememberUpload(store: KeyValueStore | null, fileKey: string, record: UploadRecord): void {
  try {
    store?.setItem(uploadRecordKey(fileKey), JSON.stringify(record));
  } catch {
    // See above.
  }
}

export function forgetUpload(store: KeyValueStore | null, fileKey: string): void {
  try {
    store?.removeItem(uploadRecordKey(fileKey));
  } catch {
    // See above.
  }
}
