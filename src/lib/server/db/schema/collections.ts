import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { materials } from './materials';

/** A buyer's collection folder (id, name, count, bgColor; see docs/glossary.md). Names are unique per user. */
export const collectFolders = pgTable(
  'collect_folders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bgColor: text('bg_color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collect_folders_user_name_key').on(t.userId, t.name)],
);

/** A material kept in a folder, at the version the buyer saw when collecting (the version collect/add sends). */
export const collectItems = pgTable(
  'collect_items',
  {
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => collectFolders.id, { onDelete: 'cascade' }),
    materialId: bigint('material_id', { mode: 'number' })
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.materialId] }), index('collect_items_material_idx').on(t.materialId)],
);
