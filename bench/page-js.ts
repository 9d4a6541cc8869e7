/**
 * The JavaScript a page ships: every module script and island component/renderer on the page, followed through
 * their static imports, each counted once, gzip-compressed as a server would send it.
 */
import { gzipSync } from 'node:zlib';

const IMPORT = /(?:import|export)\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']|import\(\s*["']([^"']+\.js)["']\s*\)/g;

export async function pageJavaScript(origin: string, html: string): Promise<{ files: number; raw: number; gzip: number }> {
  const entry = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) if (m[1]) entry.add(m[1]);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (m[1]) entry.add(m[1]);
  // Astro's inline island loader is JavaScript too.
  let raw = 0;
  let gzip = 0;
  for (const m of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = m[1] ?? '';
    if (!code.trim()) continue;
    raw += Buffer.byteLength(code);
    gzip += gzipSync(code).length;
  }
  const seen = new Set<string>();
  const queue = [...entry].map((u) => new URL(u, origin).href);
  while (queue.length) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const code = await res.text();
    raw += Buffer.byteLength(code);
    gzip += gzipSync(code).length;
    for (const m of code.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec && (spec.startsWith('.') || spec.startsWith('/'))) queue.push(new URL(spec, url).href);
    }
  }
  return { files: seen.size, raw, gzip };
}
