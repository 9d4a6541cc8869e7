/**
 * A micro-cache for the pages every guest sees alike (home, store, detail, merchant center): a rendered page is
 * served again for a few seconds to guests asking for the same URL in the same language from the same kind of
 * browser. Under load this turns most renders into a copy; the cost is that a guest may see a page up to
 * `ttlMs` old. Signed-in users, cookies other than the language and time zone, responses that set cookies and anything but a
 * 200 HTML page are never cached.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

type Entry = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

const CACHEABLE_PATHS = new Set(['/home', '/main/material-store', '/search/materials', '/material/detail', '/mobile/detail', '/merchant/home']);
// The language and the time-zone offset (docs/product/constants.md#time-zone) change what a guest sees, never who they
// are; nor does the usage-data opt-out (docs/product/insights.md#opting-out), which only keeps the page's image away.
const GUEST_COOKIE = /^\s*(lang=[a-z]{2}|tz=[%+\-:0-9A-Fa-f]{1,12}|usage_events=off)\s*$/;

/**
 * A written chunk as bytes. The renderer hands each page's bytes over once and never writes to them again, so they
 * are kept as they are: copying them cost about 7% of rendering a guest page.
 */
function bytesOf(chunk: unknown): Buffer {
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

// About 130 store pages: plenty for a few seconds of guests, and what a burst leaves held in memory stays small
// (docs/operations.md#memory).
export function createPageCache({ ttlMs = 5_000, maxBytes = 16 * 1024 * 1024 } = {}) {
  const cache = new LRUCache<string, Entry>({ ttl: ttlMs, maxSize: maxBytes, sizeCalculation: (e) => e.body.length + 1024 });
  const inFlight = new Map<string, Promise<Entry | null>>();

  function keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' || req.headers.authorization) return null;
    const url = new URL(req.url ?? '/', 'http://local');
    if (!CACHEABLE_PATHS.has(url.pathname) || url.searchParams.has('token') || url.searchParams.has('ilt')) return null;
    // Any other cookie may be a session (`ilt`, or `__Host-ilt` over HTTPS): such a request renders for itself. The
    // cookies are part of the key.
    const cookie = req.headers.cookie;
    if (cookie && !cookie.split(';').every((part) => GUEST_COOKIE.test(part))) return null;
    return [req.url, req.headers['accept-language'] ?? '', cookie ?? '', req.headers['user-agent'] ?? '', req.headers.host ?? ''].join('\u0000');
  }

  function send(res: ServerResponse, entry: Entry) {
    res.writeHead(entry.status, { ...entry.headers, 'x-request-id': randomUUID(), 'x-page-cache': 'hit' });
    res.end(entry.body);
  }

  /** Records what the handler writes for a cacheable request, and stores it when it is a plain 200 page. */
  function capture(res: ServerResponse): Promise<Entry | null> {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const writeHead = res.writeHead.bind(res);
    // Headers handed to writeHead never show in getHeaders(): kept as they pass.
    let written: OutgoingHttpHeaders = {};
    return new Promise((resolve) => {
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        const headers = rest.find((r) => r && typeof r === 'object');
        if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) written[String(headers[i]).toLowerCase()] = headers[i + 1];
        else if (headers) written = Object.fromEntries(Object.entries(headers as OutgoingHttpHeaders).map(([k, v]) => [k.toLowerCase(), v]));
        return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
      }) as ServerResponse['writeHead'];
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk) chunks.push(bytesOf(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as ServerResponse['write'];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(bytesOf(chunk));
        const headers = { ...res.getHeaders(), ...written };
        const html = String(headers['content-type'] ?? '').startsWith('text/html');
        resolve(res.statusCode === 200 && html && !headers['set-cookie'] && !headers['content-encoding'] ? { status: 200, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) } : null);
        return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
      }) as ServerResponse['end'];
      res.on('close', () => resolve(null));
    });
  }

  return {
    /**
     * Serves `req` from the cache, or renders it with `render` (storing the result when it may be shared).
     * Concurrent guests asking for the same page while it renders wait for that one render.
     */
    async handle(req: IncomingMessage, res: ServerResponse, render: () => void): Promise<void> {
      const key = keyOf(req);
      if (key === null) return render();
      const hit = cache.get(key);
      if (hit) return send(res, hit);
      const pending = inFlight.get(key);
      if (pending) {
        const entry = await pending;
        if (entry) return send(res, entry);
        return render();
      }
      const captured = capture(res).then((entry) => {
        if (entry) cache.set(key, entry);
        inFlight.delete(key);
        return entry;
      });
      inFlight.set(key, captured);
      render();
    },
    clear: () => cache.clear(),
    /**
     * Drops the pages past their time. An expired page is otherwise only dropped when asked for again or pushed
     * out, so after a burst of distinct URLs the cache would hold its full size at rest; the server calls this
     * once it is idle (docs/operations.md#memory).
     */
    purgeStale: () => cache.purgeStale(),
    /** The bytes held (bodies and an allowance for headers). */
    bytes: () => cache.calculatedSize,
  };
}
