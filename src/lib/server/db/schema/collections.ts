import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { materials } from './materials';
import { createdAndUpdatedAt, createdAt, identityKey, ownerRef } from './columns';

/** A buyer's collection folder (id, name, count, bgColor; see docs/glossary.md). Names are unique per user. */
export const collectFolders = pgTable(
  'collect_folders',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    name: text('name').notNull(),
    bgColor: text('bg_color').notNull(),
    ...createdAndUpdatedAt(),
  },
  (t) => [uniqueIndex('collect_folders_user_name_key').on(t.userId, t.name)],
);

/** A material kept in a folder, at the version the buyer saw when collecting (the version collect/add sends). */
export const collectItems = pgTable(
  'collect_items',
  {
    folderId: ownerRef('folder_id', () => collectFolders.id),
    materialId: ownerRef('material_id', () => materials.id),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.materialId] }), index('collect_items_material_idx').on(t.materialId)],
);
