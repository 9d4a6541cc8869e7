import { index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { MapKind, ParsedMaterialFile } from '../../material-files/material-file';
import { companies } from './companies';
import { users } from './identity';
import { clearedRef, createdAt, identityKey, moment, ownerRef } from './columns';

/** Where each map of a read material file is stored, per side (`img/…`-style keys of our own). */
export type StoredMapKeys = { front: Partial<Record<MapKind, string>>; back: Partial<Record<MapKind, string>> };

/**
 * One reading of an uploaded material file (docs/product/material-files.md#reading-a-file): queued by the editor,
 * done by a background job. `code` is the file's parse code once read; `material` and `mapKeys` what it gave.
 */
export const materialFileReads = pgTable(
  'material_file_reads',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    userId: clearedRef('user_id', () => users.id),
    /** The uploaded file (an `uploaded_files` row of the company) and the name it was uploaded under. */
    relativePath: text('relative_path').notNull(),
    fileName: text('file_name').notNull(),
    /** Which reader: `u3m`, `xtex`, `color-card` or `admf` (docs/product/material-files.md#formats). */
    parser: text('parser').notNull(),
    /** queued → reading → done | failed. */
    state: text('state').$type<'queued' | 'reading' | 'done' | 'failed'>().notNull().default('queued'),
    code: smallint('code'),
    /** For a color-card zip whose archive itself is at fault, the zip's own code (docs/product/material-files.md#parse-codes). */
    zipCode: smallint('zip_code'),
    /** Why it failed, in English, for the log and developers; users read the code's message. */
    detail: text('detail'),
    material: jsonb('material').$type<ParsedMaterialFile>(),
    mapKeys: jsonb('map_keys').$type<StoredMapKeys>(),
    createdAt: createdAt(),
    finishedAt: moment('finished_at'),
  },
  (t) => [index('material_file_reads_company_idx').on(t.companyId, t.createdAt)],
);
