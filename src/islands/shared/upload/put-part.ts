/**
 * One part's PUT, with XMLHttpRequest because fetch reports no upload progress. The URL is the one the server
 * handed out: the app's own part endpoint (local store) or a presigned S3 URL, whose CORS rules must expose `ETag`.
 */

/** A part the store refused or never got; `status` 0 is a network failure. */
export class PartUploadError extends Error {
  override readonly name = 'PartUploadError';
  constructor(
    readonly status: number,
    /** The store's own words, when it answered the app's envelope or S3's XML error. */
    readonly serverMessage?: string,
  ) {
    super(serverMessage || (status ? `part upload answered ${status}` : 'part upload failed: network'));
  }
}

/** The message in an envelope (`{code, msg}`) or in S3's `<Message>…</Message>`, if the body has one. */
export function serverMessageOf(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'object' && value !== null && 'msg' in value && typeof value.msg === 'string' && value.msg) return value.msg;
  } catch {
    const xml = /<Message>([^<]{1,300})<\/Message>/.exec(body);
    if (xml?.[1]) return xml[1];
  }
  return undefined;
}

export type PutPart = (url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) => Promise<string>;

/** PUTs `body` to `url`; resolves with the answer's `ETag`, rejects with `PartUploadError` or the signal's reason. */
export const putPart: PutPart = (url, body, onProgress, signal) =>
  new Promise<string>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) return reject(new PartUploadError(xhr.status, serverMessageOf(xhr.responseText)));
      const etag = xhr.getResponseHeader('ETag');
      if (etag) resolve(etag);
      else reject(new PartUploadError(xhr.status, 'the store answered without an ETag'));
    };
    xhr.onerror = () => {
      settle();
      reject(new PartUploadError(0));
    };
    xhr.onabort = () => {
      settle();
      reject(signal.reason);
    };
    // A slice of a File has no type, so no Content-Type goes out: a presigned part URL signs none.
    xhr.send(body);
  });
