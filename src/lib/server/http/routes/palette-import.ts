import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  paletteImportFormSchema,
  paletteImportReportSchema,
  paletteRemovedSchema,
  paletteRemoveSchema,
  paletteSummariesSchema,
} from '../../../contracts/palette-import';
import { importPalette } from '../../colors/import-palette';
import { listPalettes } from '../../colors/list-palettes';
import { ASE_MAX_BYTES } from '../../colors/read-ase';
import { removePalette } from '../../colors/remove-palette';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';

const A = '/idealab-material/admin/color-book';
/** The largest swatch file (ASE, 5 MB) plus room for the multipart envelope and the other fields. */
export const PALETTE_IMPORT_BODY_LIMIT = ASE_MAX_BYTES + 64 * 1024;
const platformOnly = { 403: 'Not a platform administrator' };

/** An administrator's import of a book of colors (docs/product/color-library.md#importing-a-book). */
export function registerPaletteImportRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'post', path: `${A}/import`, access: 'platformAdmin', tag: 'colors',
    summary: 'Import a book of named colors from an ASE or CSV file, or preview the import (`commit=false`)',
    description:
      'Good rows are merged into the book by code in one transaction (colors the file does not name stay); bad rows are reported by row and skipped. A file that cannot be read at all is refused and nothing changes.',
    form: paletteImportFormSchema, answer: ['What was (or would be) imported, and the rows refused', paletteImportReportSchema],
    bodyLimit: PALETTE_IMPORT_BODY_LIMIT, tooLarge: 'validation.paletteFileTooLarge',
    errors: {
      ...platformOnly,
      413: 'The upload is larger than 5 MB',
      422: 'A bad key (or `matlib`), a name too long or missing for a new book, or a file that is not a readable ASE or CSV file, too large or without rows',
    },
  }, async (c) => {
    const form = c.req.valid('form');
    return importPalette({
      key: form.key,
      nameCn: form.nameCn,
      nameEn: form.nameEn,
      file: { name: form.file.name, bytes: new Uint8Array(await form.file.arrayBuffer()) },
      commit: form.commit === 'true',
    });
  });

  defineRoute(app, {
    method: 'get', path: `${A}/list`, access: 'platformAdmin', tag: 'colors',
    summary: 'The imported books with both names and how many colors each holds',
    answer: ['Imported books by key', paletteSummariesSchema],
    errors: platformOnly,
  }, () => listPalettes());

  defineRoute(app, {
    method: 'post', path: `${A}/remove`, access: 'platformAdmin', tag: 'colors',
    summary: 'Remove an imported book and its colors (color-card books keep the colors taken from it)',
    body: paletteRemoveSchema, answer: ['The book removed and how many colors went with it', paletteRemovedSchema],
    errors: { ...platformOnly, 404: 'No such imported book' },
  }, async (c) => removePalette(c.req.valid('json')));
}
