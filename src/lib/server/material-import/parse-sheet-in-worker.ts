/**
 * Reads an import sheet in a worker thread of its own, so a hostile file can neither stall the event loop (and with it
 * every page) nor grow the main process's heap: the thread's heap is capped, it is ended past a time cap, and only a
 * few run at once (the others wait their turn). Its result is the sheet as text, bounded by the reader's row, column
 * and cell limits.
 */
import { Worker } from 'node:worker_threads';
import { ImportSheetRefusal, type ImportSheetRefusalReason } from './import-sheet-refusal';
import type { ImportSheet } from './parse-import-sheet';

export const SHEET_WORKER_LIMITS = {
  /** The thread's V8 heap: 5,000 rows of text with room to spare; past it the thread is ended, not the process. */
  heapMb: 256,
  /** A 20 MB sheet reads in a few seconds on a slow machine. */
  timeMs: 30_000,
  /** Sheets read at once in this process; each holds a copy of its file and a heap of its own. */
  concurrent: 2,
};
export type SheetWorkerLimits = typeof SHEET_WORKER_LIMITS;

const WORKER = new URL('./import-sheet-worker.mjs', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>, concurrent: number): Promise<T> {
  if (running >= concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

type Answer = { sheet: ImportSheet } | { refused: { reason: ImportSheetRefusalReason; params: Record<string, string | number> } };

function readInWorker(format: ImportSheet['format'], bytes: Uint8Array, limits: SheetWorkerLimits): Promise<ImportSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { format, bytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (result: ImportSheet | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => finish(new ImportSheetRefusal('tooCostly')), limits.timeMs);
    worker.once('message', (answer: Answer) => finish('sheet' in answer ? answer.sheet : new ImportSheetRefusal(answer.refused.reason, answer.refused.params)));
    worker.once('error', (err: Error & { code?: string }) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportSheetRefusal('tooCostly') : err));
    worker.once('exit', (code) => finish(new Error(`import sheet worker exited with code ${code} before it answered`)));
  });
}

/** The sheet in `bytes` read off the event loop; throws `ImportSheetRefusal` as parseImportSheet does, or `tooCostly`. */
export function parseSheetInWorker(format: ImportSheet['format'], bytes: Uint8Array, limits: SheetWorkerLimits = SHEET_WORKER_LIMITS): Promise<ImportSheet> {
  return inTurn(() => readInWorker(format, bytes, limits), limits.concurrent);
}
