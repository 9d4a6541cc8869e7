/**
 * The built client files (dist/client: hashed bundles under /_astro/, and what public/ holds), served straight
 * from a list made at start-up. Before, every page request first asked the disk whether its path was a file;
 * now only paths on the list touch the disk (docs/architecture.md#a-page-request).
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

interface StaticFile {
  file: string;
  size: number;
  type: string;
  etag: string;
  lastModified: string;
  cacheControl: string;
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
    into.set(urlPath, {
      file: full,
      size,
      type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
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
