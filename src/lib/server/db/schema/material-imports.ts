import { index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { MaterialImportPlanRow, MaterialImportRowError, MaterialImportState } from '../../../contracts/material-import-rules';
import { companies } from './companies';
import { users } from './identity';
import { clearedRef, createdAt, identityKey, moment, ownerRef } from './columns';

/**
 * One bulk import of materials from a spreadsheet (docs/product/integrations.md#bulk-import): the dry run writes the
 * row with its plan, the user's confirmation queues the `import-materials` job, which moves `rows_done` as it goes
 * and writes the counts. The files themselves are kept in object storage under `sheet_key` / `zip_key` until done.
 */
export const materialImports = pgTable(
  'material_imports',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    userId: clearedRef('user_id', () => users.id),
    /** checked (dry run done, waiting for confirmation) → queued → running → done | failed. */
    state: text('state').$type<MaterialImportState>().notNull().default('checked'),
    fileName: text('file_name').notNull(),
    sheetKey: text('sheet_key').notNull(),
    zipKey: text('zip_key'),
    /** The category a row without one takes, and the market whose template checks the rows. */
    categoryId: integer('category_id'),
    marketType: smallint('market_type').notNull().default(1),
    lang: text('lang').notNull().default('cn'),
    /** What the dry run found, one entry per data row in file order. */
    plan: jsonb('plan').$type<MaterialImportPlanRow[]>().notNull(),
    total: integer('total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Rows refused while importing (the dry run's bad rows included), in file order. */
    failures: jsonb('failures').$type<{ row: number; serialNo: string; errors: MaterialImportRowError[] }[]>().notNull().default([]),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [index('material_imports_company_idx').on(t.companyId, t.createdAt)],
);
