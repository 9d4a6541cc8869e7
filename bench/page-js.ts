/**
 * The JavaScript a page ships, gzip-compressed as a server would send it, each file counted once:
 * - runtime: React's runtime and Astro's island loader (the renderer script and everything it imports, plus the
 *   inline loader scripts Astro writes into the page);
 * - islands: every other module the page loads up front (island components and their static imports);
 * - lazy: modules reachable only through a dynamic `import()` (dialogs and heavy islands loaded on first use),
 *   not part of the page's total.
 */
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:import|export)\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g;
// The bundler writes a dynamic import's path as a template literal.
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

export interface JsPart {
  files: number;
  raw: number;
  gzip: number;
}

export interface PageJavaScript {
  /** runtime + islands: what the page loads before anyone touches it. */
  total: JsPart;
  runtime: JsPart;
  islands: JsPart;
  lazy: JsPart;
}

const empty = (): JsPart => ({ files: 0, raw: 0, gzip: 0 });
function add(part: JsPart, code: string): void {
  part.files += 1;
  part.raw += Buffer.byteLength(code);
  part.gzip += gzipSync(code).length;
}

export async function pageJavaScript(origin: string, html: string): Promise<PageJavaScript> {
  const runtime = empty();
  const islands = empty();
  const lazy = empty();
  const cache = new Map<string, string>();
  const fetchCode = async (url: string) => {
    let code = cache.get(url);
    if (code === undefined) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      code = await res.text();
      cache.set(url, code);
    }
    return code;
  };
  const seen = new Set<string>();
  const pendingLazy: string[] = [];
  /** Counts `entries` and their static imports into `part`; dynamic imports wait for the lazy pass. */
  const walk = async (entries: string[], part: JsPart) => {
    const queue = [...entries];
    while (queue.length) {
      const url = queue.shift() as string;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await fetchCode(url);
      add(part, code);
      for (const m of code.matchAll(STATIC_IMPORT)) if (m[1] && isLocal(m[1])) queue.push(new URL(m[1], url).href);
      for (const m of code.matchAll(DYNAMIC_IMPORT)) if (m[1] && isLocal(m[1])) pendingLazy.push(new URL(m[1], url).href);
    }
  };
  const attr = (name: string) => [...html.matchAll(new RegExp(`${name}="([^"]+)"`, 'g'))].map((m) => new URL(m[1] as string, origin).href);

  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = m[1] ?? '';
    if (code.trim()) add(runtime, code);
  }
  await walk(attr('renderer-url'), runtime);
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1] as string, origin).href);
  await walk([...scripts, ...attr('before-hydration-url'), ...attr('component-url')], islands);
  await walk(pendingLazy.splice(0).filter((u) => !seen.has(u)), lazy);
  // A lazy chunk's own dynamic imports are lazy too.
  while (pendingLazy.length) await walk(pendingLazy.splice(0).filter((u) => !seen.has(u)), lazy);

  const total = { files: runtime.files + islands.files, raw: runtime.raw + islands.raw, gzip: runtime.gzip + islands.gzip };
  return { total, runtime, islands, lazy };
}

const isLocal = (spec: string) => spec.startsWith('.') || spec.startsWith('/');

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
