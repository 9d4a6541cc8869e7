/**
 * The built client files (dist/client: hashed bundles under /_astro/, and what public/ holds), served straight
 * from a list made at start-up. Before, every page request first asked the disk whether its path was a file;
 * now only paths on the list touch the disk (docs/architecture.md#a-page-request).
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

interface StaticFile {
  file: string;
  size: number;
  type: string;
  etag: string;
  lastModified: string;
  cacheControl: string;
  compressible: boolean;
  /** Compressed once, on first request, and kept: the files are few and never change while the server runs. */
  encoded?: Promise<Record<Encoding, Buffer>>;
}

/** Text is sent compressed to browsers that accept it; images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed off the event loop (brotli at its best level takes a while on a large bundle), once per file. */
function encodedCopies(file: StaticFile): Promise<Record<Encoding, Buffer>> {
  file.encoded ??= readFile(file.file).then(async (bytes) => {
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    return { br, gzip: gz };
  });
  // A failed read is tried again by the next request rather than kept.
  file.encoded.catch(() => (file.encoded = undefined));
  return file.encoded;
}

/** The best encoding the request accepts: brotli, then gzip (a q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || Number.parseFloat(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
};

/** Bundles carry a content hash in their name, so browsers may keep them for good. */
const ASSETS_PREFIX = '/_astro/';

function listFiles(root: string, dir = root, into = new Map<string, StaticFile>()): Map<string, StaticFile> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      listFiles(root, full, into);
      continue;
    }
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
    const { size, mtime } = statSync(full);
    const type = TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream';
    into.set(urlPath, {
      file: full,
      size,
      type,
      compressible: COMPRESSIBLE.test(type) && size >= MIN_COMPRESS_BYTES,
      etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`,
      lastModified: mtime.toUTCString(),
      cacheControl: urlPath.startsWith(ASSETS_PREFIX) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    });
  }
  return into;
}

export interface StaticFiles {
  /** Answers the request and returns true when its path is one of the files; otherwise touches nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  readonly count: number;
}

export function createStaticFiles(root: string): StaticFiles {
  const files = listFiles(root);
  return {
    count: files.size,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const end = url.search(/[?#]/);
      let pathname = end === -1 ? url : url.slice(0, end);
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      const found = files.get(pathname);
      if (!found) return false;
      res.setHeader('ETag', found.etag);
      res.setHeader('Last-Modified', found.lastModified);
      res.setHeader('Cache-Control', found.cacheControl);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (req.headers['if-none-match'] === found.etag) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      res.setHeader('Content-Type', found.type);
      if (found.compressible) {
        res.setHeader('Vary', 'Accept-Encoding');
        const encoding = preferredEncoding(req.headers['accept-encoding']);
        if (encoding) {
          encodedCopies(found).then(
            (copies) => {
              res.setHeader('Content-Encoding', encoding);
              res.setHeader('Content-Length', copies[encoding].length);
              res.end(req.method === 'HEAD' ? undefined : copies[encoding]);
            },
            () => res.destroy(),
          );
          return true;
        }
      }
      res.setHeader('Content-Length', found.size);
      if (req.method === 'HEAD') {
        res.end();
        return true;
      }
      const stream = createReadStream(found.file);
      stream.once('error', () => res.destroy());
      stream.pipe(res);
      return true;
    },
  };
}
