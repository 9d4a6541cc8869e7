import { bigint, index, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { colorCards, materials } from './materials';

/**
 * A buyer's sample bag (§3 sample bag item: quantity): one row per user, material and color card (a sample is of
 * one color); adding the same again adds to the quantity, capped at 99.
 */
export const sampleBagItems = pgTable(
  'sample_bag_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: bigint('material_id', { mode: 'number' })
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    colorCardId: bigint('color_card_id', { mode: 'number' })
      .notNull()
      .references(() => colorCards.id, { onDelete: 'cascade' }),
    quantity: smallint('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sample_bag_items_user_material_color_key').on(t.userId, t.materialId, t.colorCardId),
    index('sample_bag_items_user_idx').on(t.userId, t.createdAt),
    index('sample_bag_items_material_idx').on(t.materialId),
    index('sample_bag_items_color_card_idx').on(t.colorCardId),
  ],
);
