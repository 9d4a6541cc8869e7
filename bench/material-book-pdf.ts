/**
 * How long a material book's PDF takes (docs/product/material-books.md#pdf): a book of 50 materials, each with a
 * 1600×1200 cover, on a fresh embedded database: the first time (cover derivatives made and the PDF drawn), again
 * (the version kept in storage), the file's size, and ten readers at once of a version not drawn yet, with how long
 * the event loop was held meanwhile. Prints figures; decides nothing.
 *   npm run bench:material-book-pdf [-- --materials 50 --rounds 3]
 */
import { parseArgs } from 'node:util';
import { benchEnv, runScript } from './bench-databases';

const { values } = parseArgs({ options: { materials: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const env = await benchEnv('embedded', 'matlib_bench_book_pdf');
runScript(env, 'bench/material-book-pdf-worker.ts', ['--materials', values.materials, '--rounds', values.rounds]);
