/**
 * A request body read within bounds, for the API's body guard and the pages' alike (docs/architecture.md#security):
 * at most `limit` bytes are ever held, a declared length over it is refused unread, and a multipart body is refused
 * as soon as it opens more than `maxParts` parts, counted while it streams in, before any parser sees it (a form
 * parser spends seconds on hundreds of thousands of empty parts that fit in a few megabytes).
 */

export type BodyRefusal = 'tooLarge' | 'tooManyParts';
export type BoundedBody = { bytes: Uint8Array<ArrayBuffer> } | { refused: BodyRefusal };

/** The boundary a multipart Content-Type names, or null for any other body (or a multipart one without it). */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2] ?? null;
}

/**
 * Counts `--boundary` as the chunks arrive. A delimiter split across two chunks is found by searching the end of the
 * previous chunk (one byte shorter than the delimiter, so nothing is counted twice) with the next.
 */
function delimiterCounter(boundary: string) {
  const delimiter = Buffer.from(`--${boundary}`);
  let tail = Buffer.alloc(0);
  let count = 0;
  return (chunk: Uint8Array): number => {
    const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const text = tail.length ? Buffer.concat([tail, piece]) : piece;
    for (let at = text.indexOf(delimiter); at !== -1; at = text.indexOf(delimiter, at + delimiter.length)) count += 1;
    tail = Buffer.from(text.subarray(Math.max(0, text.length - (delimiter.length - 1))));
    return count;
  };
}

/** The bytes of `request`'s body (empty without one), or why it was refused; nothing past the refusal is read. */
export async function readBoundedBody(request: Request, { limit, maxParts }: { limit: number; maxParts: number }): Promise<BoundedBody> {
  // A declared length is believed only without Transfer-Encoding, which would override it.
  const length = request.headers.has('transfer-encoding') ? Number.NaN : Number(request.headers.get('content-length') ?? Number.NaN);
  if (length > limit) return { refused: 'tooLarge' };
  if (!request.body) return { bytes: new Uint8Array(0) };
  const boundary = multipartBoundary(request.headers.get('content-type'));
  // Every part opens with a delimiter and the body closes with one more.
  const delimiters = boundary ? delimiterCounter(boundary) : null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Left unread rather than cancelled: cancelling can tear down the connection before the refusal is sent.
    if (size > limit) return { refused: 'tooLarge' };
    if (delimiters && delimiters(value) > maxParts + 1) return { refused: 'tooManyParts' };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes };
}
