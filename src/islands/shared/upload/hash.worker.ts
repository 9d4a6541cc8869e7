/**
 * The hash worker: computes the file key's MD5 off the main thread, so hashing never blocks typing or the
 * progress bars. One file per worker; the page terminates it when done or cancelled.
 */
import { fileKeyMd5 } from './compute-file-key';
import type { HashAnswer, HashRequest } from './hash-protocol';

// The DOM lib types `self` as a Window; in a dedicated worker only these two members matter.
const scope = self as unknown as { onmessage: ((event: MessageEvent<HashRequest>) => void) | null; postMessage(answer: HashAnswer): void };

scope.onmessage = (event) => {
  fileKeyMd5(event.data.file, (loaded, total) => scope.postMessage({ type: 'progress', loaded, total })).then(
    (md5) => scope.postMessage({ type: 'done', md5 }),
    (error: unknown) => scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
