// Bundles the production entry (scripts/start.ts and the server modules it uses) into dist/start/start.mjs, so
// `npm start` runs plain JavaScript: under a TypeScript loader every dynamic import() the Astro handler makes per
// request goes through the loader's hooks, which cost about a third of SSR throughput (see bench/ssr).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = 'dist/start';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['scripts/start.ts'],
  outfile: `${out}/start.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Files the bundle opens relative to itself (import.meta.url), as the sources do.
cpSync('src/lib/server/db/pglite-worker.mjs', `${out}/pglite-worker.mjs`);
cpSync('src/lib/server/db/pglite-bridge.mjs', `${out}/pglite-bridge.mjs`);
cpSync('src/lib/server/material-books/draw-book-pdf.mjs', `${out}/draw-book-pdf.mjs`);
cpSync('migrations', `${out}/migrations`, { recursive: true });
