/** The page's side of the hash worker: one worker per file, terminated when the hash is known or the caller gives up. */
import { fileKeyOf } from '../../../lib/upload/file-key';
import { extensionOf } from '../../../lib/upload/limits';
import type { HashProgress } from './compute-file-key';
import type { HashAnswer, HashRequest } from './hash-protocol';

export class HashError extends Error {
  override readonly name = 'HashError';
}

/** The file key of `file`, hashed in a module worker (allowed by the page's `worker-src 'self'`). */
export function hashInWorker(file: File, onProgress: HashProgress, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<HashAnswer>) => {
      const answer = event.data;
      if (answer.type === 'progress') return onProgress(answer.loaded, answer.total);
      finish();
      if (answer.type === 'done') resolve(fileKeyOf(answer.md5, extensionOf(file.name)));
      else reject(new HashError(answer.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new HashError(event.message || 'hash worker failed'));
    };
    worker.postMessage({ file } satisfies HashRequest);
  });
}
