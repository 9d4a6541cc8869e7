/**
 * CSV as spreadsheets read it (RFC 4180): fields quoted when they hold a quote, comma or line break (quotes doubled),
 * CRLF between records, and a UTF-8 byte-order mark first so Excel reads Chinese as Chinese. A text that begins like
 * a formula (`=`, `+`, `-`, `@`, a tab or CR) is read by spreadsheets as one, so such text gets a leading `'`:
 * words people typed into a search reach these files.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
