/** Times the color library's domain functions against the database the environment names (started by bench/color-library.ts). */
import { parseArgs } from 'node:util';
import { formatHex } from 'culori';
import { addBookColors } from '../src/lib/server/color-books/add-book-colors';
import { addColorBook } from '../src/lib/server/color-books/add-color-book';
import { exportColorBook } from '../src/lib/server/color-books/export-color-book';
import { listBookColors } from '../src/lib/server/color-books/list-book-colors';
import { systemColors } from '../src/lib/server/colors/color-system';
import { findNearestBookColors } from '../src/lib/server/colors/find-nearest-book-colors';
import { findPaletteColors } from '../src/lib/server/colors/find-palette-colors';
import { importPalette } from '../src/lib/server/colors/import-palette';
import { listBookTypes } from '../src/lib/server/colors/list-book-types';
import { loadBookColors } from '../src/lib/server/colors/load-book-colors';
import { writeAse } from '../src/lib/server/colors/write-ase';
import { getDb } from '../src/lib/server/db/client';
import { users } from '../src/lib/server/db/schema';
import { loadGradientPage } from '../src/lib/server/pages/color-gradient';
import { bootRuntime } from '../src/lib/server/runtime/boot';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
async function time(label: string, run: (i: number) => Promise<unknown>, n = rounds) {
  await run(0);
  const ms: number[] = [];
  for (let i = 1; i <= n; i += 1) {
    const started = performance.now();
    await run(i);
    ms.push(performance.now() - started);
  }
  console.log(`  ${label}: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms`);
}

/** A book of `n` colors spread over sRGB, as a licensee's export would be, with codes like `19-4052 TCX`. */
function syntheticBook(n: number, prefix: string) {
  return Array.from({ length: n }, (_, i) => {
    const t = (i * 0.6180339887) % 1;
    const hex = formatHex({ mode: 'okhsl', h: t * 360, s: 0.2 + 0.8 * ((i * 0.37) % 1), l: 0.15 + 0.75 * ((i * 0.73) % 1) });
    return { name: `${prefix} ${String(i).padStart(5, '0')} TCX`, hex };
  });
}

const runtime = await bootRuntime();
try {
  const started = performance.now();
  const count = systemColors().length;
  console.log(`  built-in system: ${count} colors worked out in ${(performance.now() - started).toFixed(0)} ms (once a process)`);

  for (const [key, n] of [['coloro', 3000], ['pantone', 10000]] as const) {
    const bytes = writeAse(syntheticBook(n, key));
    const t0 = performance.now();
    const report = await importPalette({ key, nameCn: '', nameEn: '', file: { name: `${key}.ase`, bytes: new Uint8Array(bytes) }, commit: true });
    console.log(`  import ${key}: ${report.accepted} colors from ${(bytes.length / 1024).toFixed(0)} KB of ASE in ${(performance.now() - t0).toFixed(0)} ms`);
  }
  const t1 = performance.now();
  await loadBookColors('pantone', 'cn');
  console.log(`  first read of the 10,000-color book after its import: ${(performance.now() - t1).toFixed(0)} ms`);

  const families = ['red', 'blue', 'green', 'grey', 'brown'] as const;
  await time('color-books, built-in system, one family', (i) => findPaletteColors({ type: 'matlib', family: families[i % families.length] }, 'cn'));
  await time('color-books, 10,000-color book, one family', (i) => findPaletteColors({ type: 'pantone', family: families[i % families.length] }, 'cn'));
  await time('color-books, 10,000-color book, a code or name', (i) => findPaletteColors({ type: 'pantone', keyword: String(100 + i) }, 'cn'));
  await time('color-books, 10,000-color book, a typed hex (ΔE2000 to every color)', (i) => findPaletteColors({ type: 'pantone', keyword: systemColors()[(i * 97) % count]!.hex }, 'cn'));
  const types = await listBookTypes('cn');
  const matlib = (await loadBookColors('matlib', 'cn'))!;
  await time('nearest colors in the two other books (13,000 colors)', (i) => findNearestBookColors(matlib[(i * 53) % matlib.length]!, types, 'cn'));
  await time('a whole gradient page with a color open', (i) => loadGradientPage('matlib', new URL(`http://x/main/color/matlib-gradient?color=${matlib[(i * 31) % matlib.length]!.code}`), 'cn'));

  const [user] = await getDb().insert(users).values({ account: 'bench@matlib.bench', nickName: 'bench' }).returning({ id: users.id });
  const owner = { userType: 1 as const, userId: user!.id };
  const book = await addColorBook(owner, 'bench');
  const t2 = performance.now();
  for (let at = 0; at < 900; at += 100) {
    await addBookColors(owner, book.id, matlib.slice(at, at + 100).map((c) => ({ source: 'book' as const, type: 'matlib', code: c.code })), { companyId: null }, { lang: 'cn' });
  }
  console.log(`  color/add, 100 colors a call: ${((performance.now() - t2) / 9).toFixed(1)} ms a call (to 900 colors)`);
  await time('color/list of a 900-color book, by hue', () => listBookColors(owner, { bookId: book.id, sort: 'hue', page: 1, size: 999 }, { lang: 'cn' }));
  await time('export a 900-color book as ASE', () => exportColorBook(owner, book.id, 'ase', { lang: 'cn' }), Math.min(rounds, 10));
} finally {
  await runtime.close();
}
