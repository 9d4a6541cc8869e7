/**
 * The worker thread that reads an import sheet (parse-sheet-in-worker.ts starts it): posts the sheet or the refusal;
 * anything else it throws reaches the parent as the worker's error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportSheetRefusal } from './import-sheet-refusal';
import { parseImportSheet, type ImportSheet } from './parse-import-sheet';

const { format, bytes } = workerData as { format: ImportSheet['format']; bytes: Uint8Array };
try {
  const sheet = await parseImportSheet(format, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  parentPort!.postMessage({ sheet });
} catch (err) {
  if (!(err instanceof ImportSheetRefusal)) throw err;
  parentPort!.postMessage({ refused: { reason: err.reason, params: err.params } });
}
