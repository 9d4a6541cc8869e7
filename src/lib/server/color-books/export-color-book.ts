import type { Lang } from '../../i18n';
import { writeAse } from '../colors/write-ase';
import type { BookOwner } from './own-color-book';
import { listBookColors } from './list-book-colors';
import { COLOR_BOOK_MAX_COLORS } from '../../contracts/color-library';

export type ExportedFile = { filename: string; contentType: string; body: Buffer };

/**
 * A spreadsheet reads a cell starting with `=`, `+`, `-` or `@` as a formula; a leading apostrophe keeps it text.
 * Fields with a comma, quote or line break are quoted (RFC 4180).
 */
function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One of the owner's books as a file for design software (docs/product/color-library.md#export): Adobe Swatch
 * Exchange with the colors in one group named after the book, or CSV with the columns the palette import reads
 * (`code,name,hex,group`), so an exported book can be imported again.
 */
export async function exportColorBook(owner: BookOwner, bookId: number, format: 'ase' | 'csv', options: { lang: Lang }): Promise<ExportedFile> {
  const { book, records } = await listBookColors(owner, { bookId, sort: 'added', page: 1, size: COLOR_BOOK_MAX_COLORS }, options);
  // The file name keeps the book's name readable but safe in a header and on every file system.
  const base = book.name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').trim() || `color-book-${book.id}`;
  if (format === 'ase') {
    const swatches = records.map((c) => ({ name: c.name === c.code ? c.code : `${c.code} ${c.name}`, hex: c.hex }));
    return { filename: `${base}.ase`, contentType: 'application/octet-stream', body: writeAse(swatches, { group: book.name }) };
  }
  const lines = ['code,name,hex,group', ...records.map((c) => [c.code, c.name, c.hex, book.name].map(csvCell).join(','))];
  // A byte-order mark tells spreadsheet programs the file is UTF-8, so Chinese names open right.
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') };
}
