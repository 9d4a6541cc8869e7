/** What the page and the hash worker say to each other. */
export interface HashRequest {
  file: Blob;
}

export type HashAnswer = { type: 'progress'; loaded: number; total: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };
