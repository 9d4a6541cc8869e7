// Bundles the production entry (scripts/start.ts and the server modules it uses) into dist/start/start.mjs, so
// `npm start` runs plain JavaScript: under a TypeScript loader every dynamic import() the Astro handler makes per
// request goes through the loader's hooks, which cost about a third of SSR throughput (see bench/ssr).
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
// The import sheet's worker thread, bundled into the place its source shim has beside the sources (the shim loads the
// TypeScript through tsx, which the bundle does not need): beside this bundle, and beside every chunk of Astro's
// server build that starts it (the API runs there too), since each opens it relative to itself.
const sheetWorker = 'import-sheet-worker.mjs';
await build({
  entryPoints: ['src/lib/server/material-import/import-sheet-worker.ts'],
  outfile: `${out}/${sheetWorker}`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  logLevel: 'warning',
});
// Files the bundle opens relative to itself (import.meta.url), as the sources do.
cpSync('src/lib/server/db/pglite-worker.mjs', `${out}/pglite-worker.mjs`);
cpSync('src/lib/server/db/pglite-bridge.mjs', `${out}/pglite-bridge.mjs`);
cpSync('src/lib/server/material-books/draw-book-pdf.mjs', `${out}/draw-book-pdf.mjs`);
// Worker threads the API starts: the API runs in Astro's server build too, so each also goes beside every chunk of it
// that opens the worker relative to itself.
const apiWorkers = [sheetWorker, 'draw-book-pdf.mjs'];
for (const file of readdirSync('dist/server', { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.mjs')) continue;
  const text = readFileSync(join('dist/server', file), 'utf8');
  for (const worker of apiWorkers) if (text.includes(worker)) cpSync(`${out}/${worker}`, join('dist/server', dirname(file), worker));
}
cpSync('migrations', `${out}/migrations`, { recursive: true });
