import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './identity';
import { colorCards, materials } from './materials';

/** The address a request ships to, copied at submission: later edits of the address book do not move a parcel. */
export type AddressSnapshot = {
  receiver: string;
  phone: string;
  /** Country, province, city and district as named at submission, in both languages. */
  places: { cn: string[]; en: string[] };
  detail: string;
  postcode: string | null;
};

/**
 * A buyer's request for samples from one supplier (issue 6): made from sample-bag items, it moves
 * submitted → accepted | rejected | cancelled, accepted → shipped → received. `state` is only ever changed together
 * with a row in sample_request_events, in one transaction.
 */
export const sampleRequests = pgTable(
  'sample_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    buyerUserId: bigint('buyer_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supplierCompanyId: bigint('supplier_company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    note: text('note').notNull().default(''),
    rejectReason: text('reject_reason'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sample_requests_state_check', sql`${t.state} in ('submitted', 'accepted', 'rejected', 'shipped', 'received', 'cancelled')`),
    index('sample_requests_buyer_idx').on(t.buyerUserId, t.createdAt),
    index('sample_requests_supplier_idx').on(t.supplierCompanyId, t.createdAt),
  ],
);

/** What was requested, copied at submission so the request reads the same after the material changes or goes. */
export const sampleRequestItems = pgTable(
  'sample_request_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => sampleRequests.id, { onDelete: 'cascade' }),
    materialId: bigint('material_id', { mode: 'number' }).references(() => materials.id, { onDelete: 'set null' }),
    materialVersion: bigint('material_version', { mode: 'number' }).notNull(),
    materialName: text('material_name').notNull(),
    materialNameEn: text('material_name_en').notNull().default(''),
    colorCardId: bigint('color_card_id', { mode: 'number' }).references(() => colorCards.id, { onDelete: 'set null' }),
    colorName: text('color_name').notNull(),
    colorHex: text('color_hex').notNull(),
    quantity: smallint('quantity').notNull(),
    /** PF_SAMPLE_PRICE at submission, as the supplier wrote it; null when none was set. */
    samplePrice: text('sample_price'),
  },
  (t) => [index('sample_request_items_request_idx').on(t.requestId), index('sample_request_items_material_idx').on(t.materialId)],
);

/** Every state a request entered, with when and by whom: the timeline both sides see. */
export const sampleRequestEvents = pgTable(
  'sample_request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => sampleRequests.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** 'buyer' or 'supplier': which side acted, kept even if the acting user is later removed. */
    actorSide: text('actor_side').notNull(),
    /** The reason of a rejection, the carrier and tracking number of a shipment. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sample_request_events_request_idx').on(t.requestId, t.at)],
);

/**
 * A stored answer per (user, scope, Idempotency-Key) (DESIGN §4): a retry of the same request gets the first answer
 * instead of doing the work again; the same key with a different body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
