import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addressNodes } from './catalogue';
import { users } from './identity';
import { materials } from './materials';

/**
 * A buyer's shipping addresses (/address-book): who receives, a phone, the place in the address tree (country,
 * province, city, and district where the tree has one) and the street address. At most one is the default.
 */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    countryId: bigint('country_id', { mode: 'number' })
      .notNull()
      .references(() => addressNodes.id),
    provinceId: bigint('province_id', { mode: 'number' }).references(() => addressNodes.id),
    cityId: bigint('city_id', { mode: 'number' }).references(() => addressNodes.id),
    districtId: bigint('district_id', { mode: 'number' }).references(() => addressNodes.id),
    detail: text('detail').notNull(),
    postcode: text('postcode'),
    isDefault: smallint('is_default').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipping_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('shipping_addresses_one_default').on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);

/** A buyer's favourites folder (§3 collect folder: id, name, count, bgColor). Names are unique per user. */
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

/** A material kept in a folder, at the version the buyer saw when collecting (§7 collect/add version). */
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
