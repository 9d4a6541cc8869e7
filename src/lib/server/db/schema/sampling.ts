import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addressNodes } from './catalogue';
import { companies } from './companies';
import { users } from './identity';
import { colorCards, materials } from './materials';
import { bigintId, clearedRef, createdAndUpdatedAt, identityKey, moment, ownerRef, writtenAt } from './columns';

/**
 * A buyer's shipping addresses (/address-book): who receives, a phone, the place in the address tree (country,
 * province, city, and district where the tree has one) and the street address. At most one is the default.
 */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    countryId: bigintId('country_id')
      .notNull()
      .references(() => addressNodes.id),
    provinceId: bigintId('province_id').references(() => addressNodes.id),
    cityId: bigintId('city_id').references(() => addressNodes.id),
    districtId: bigintId('district_id').references(() => addressNodes.id),
    detail: text('detail').notNull(),
    postcode: text('postcode'),
    isDefault: smallint('is_default').notNull().default(0),
    ...createdAndUpdatedAt(),
  },
  (t) => [
    index('shipping_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('shipping_addresses_one_default').on(t.userId).where(sql`${t.isDefault} = 1`),
  ],
);

/**
 * A buyer's sample bag: one row per user, material and color card (a sample is of
 * one color); adding the same again adds to the quantity, capped at 99.
 */
export const sampleBagItems = pgTable(
  'sample_bag_items',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    materialId: ownerRef('material_id', () => materials.id),
    colorCardId: ownerRef('color_card_id', () => colorCards.id),
    quantity: smallint('quantity').notNull(),
    ...createdAndUpdatedAt(),
  },
  (t) => [
    uniqueIndex('sample_bag_items_user_material_color_key').on(t.userId, t.materialId, t.colorCardId),
    index('sample_bag_items_user_idx').on(t.userId, t.createdAt),
    index('sample_bag_items_material_idx').on(t.materialId),
    index('sample_bag_items_color_card_idx').on(t.colorCardId),
  ],
);

/**
 * Each time a line (a material in one color) entered someone's sample bag: the bag's own timeline, where the sample
 * funnel starts (docs/product/insights.md#the-sample-funnel). A line taken out again leaves its row, which is the
 * point: the funnel sees adds that never became requests. Deleted after the usage-event retention.
 */
export const sampleBagAdds = pgTable(
  'sample_bag_adds',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    materialId: clearedRef('material_id', () => materials.id),
    colorCardId: clearedRef('color_card_id', () => colorCards.id),
    /** The material's company when it was added, for the supplier's own funnel. */
    supplierCompanyId: clearedRef('supplier_company_id', () => companies.id),
    at: writtenAt('at'),
  },
  (t) => [index('sample_bag_adds_at_idx').on(t.at), index('sample_bag_adds_supplier_idx').on(t.supplierCompanyId, t.at)],
);

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
 * A buyer's request for samples from one supplier (docs/glossary.md, "sample request"): made from sample-bag items, it moves
 * submitted → accepted | rejected | cancelled, accepted → shipped → received. `state` is only ever changed together
 * with a row in sample_request_events, in one transaction.
 */
export const sampleRequests = pgTable(
  'sample_requests',
  {
    id: identityKey(),
    buyerUserId: ownerRef('buyer_user_id', () => users.id),
    supplierCompanyId: ownerRef('supplier_company_id', () => companies.id),
    /** The company the buyer acted for when requesting, whose webhooks hear of the request; null for a personal one. */
    buyerCompanyId: clearedRef('buyer_company_id', () => companies.id),
    state: text('state').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    note: text('note').notNull().default(''),
    rejectReason: text('reject_reason'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: moment('shipped_at'),
    ...createdAndUpdatedAt(),
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
    id: identityKey(),
    requestId: ownerRef('request_id', () => sampleRequests.id),
    materialId: clearedRef('material_id', () => materials.id),
    materialVersion: bigint('material_version', { mode: 'number' }).notNull(),
    materialName: text('material_name').notNull(),
    materialNameEn: text('material_name_en').notNull().default(''),
    colorCardId: clearedRef('color_card_id', () => colorCards.id),
    colorName: text('color_name').notNull(),
    colorHex: text('color_hex').notNull(),
    quantity: smallint('quantity').notNull(),
    /** PF_SAMPLE_PRICE at submission, as the supplier wrote it; null when none was set. */
    samplePrice: text('sample_price'),
    /** When the line went into the bag, so the sample funnel can time add → request (docs/product/insights.md#the-sample-funnel). */
    addedToBagAt: moment('added_to_bag_at'),
  },
  (t) => [
    index('sample_request_items_request_idx').on(t.requestId),
    index('sample_request_items_material_idx').on(t.materialId),
    index('sample_request_items_added_idx').on(t.addedToBagAt),
  ],
);

/** Every state a request entered, with when and by whom: the timeline both sides see. */
export const sampleRequestEvents = pgTable(
  'sample_request_events',
  {
    id: identityKey(),
    requestId: ownerRef('request_id', () => sampleRequests.id),
    state: text('state').notNull(),
    actorUserId: clearedRef('actor_user_id', () => users.id),
    /** 'buyer' or 'supplier': which side acted, kept even if the acting user is later removed. */
    actorSide: text('actor_side').notNull(),
    /** The reason of a rejection, the carrier and tracking number of a shipment. */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    at: writtenAt('at'),
  },
  (t) => [index('sample_request_events_request_idx').on(t.requestId, t.at)],
);
