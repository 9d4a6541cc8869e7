import type { Context } from 'hono';
import { XLSX_CONTENT_TYPE } from '../materials/export-materials';

/** A spreadsheet the server built for the caller (an export, an import template), answered as a download nobody caches. */
export function xlsxAttachment(c: Context, file: { fileName: string; body: Uint8Array<ArrayBuffer> }) {
  return c.body(file.body, 200, {
    'Content-Type': XLSX_CONTENT_TYPE,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Content-Length': String(file.body.byteLength),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
