import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { customType, index, integer, jsonb, numeric, pgTable, primaryKey, real, smallint, text } from 'drizzle-orm/pg-core';
import { MARKET_TYPE, marketCurrency } from '../../../constants';
import { categories } from './catalogue';
import { companies } from './companies';
import { users } from './identity';
import { images } from './storage';
import { bigintId, clearedRef, createdAt, identityKey, moment, ownerRef, sortOrder, writtenAt } from './columns';

type RenderedImage = { id: number; width: number; height: number };
/**
 * A render's pictures, as stored images (docs/product/material-files.md#rendering). `swatch` is the recoloured base
 * color map, which the 3D preview also wears.
 */
export type RenderOutputs = { swatch: RenderedImage; preview: RenderedImage; crease: RenderedImage; previewWithRuler: RenderedImage };

/** A PostgreSQL tsvector, written with SQL (`setweight(to_tsvector('simple', …))`), never read by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A material's listed price when it is in `currency`, else null: what the store filters and sorts by
 * (docs/product/catalogue.md#filtering-by-price). The currency is written into the SQL, not sent as a parameter, so
 * the planner can match a query's expression to the price indexes below, which are built on the same one.
 */
export function listedPriceIn(currency: 'CNY' | 'USD', columns: { currency: SQLWrapper; price: SQLWrapper }): SQL {
  return sql`(case when ${columns.currency} = ${sql.raw(`'${currency}'`)} then ${columns.price} end)`;
}

/**
 * A material's current state, denormalised for listing (name, cover, price, the default color). Every edit writes a
 * new row to `material_versions`; the detail page reads the snapshot of the requested version (-1 = `version`).
 */
export const materials = pgTable(
  'materials',
  {
    id: identityKey(),
    /** The supplier company that owns it (docs/product/routes.md#roles: a supplier owns a material when its supplier id is the current company). */
    companyId: ownerRef('company_id', () => companies.id),
    categoryId: bigintId('category_id')
      .notNull()
      .references(() => categories.id),
    /** The level-1 ancestor of `categoryId`, so a level-1 filter is one index lookup. */
    rootCategoryId: bigintId('root_category_id')
      .notNull()
      .references(() => categories.id),
    version: integer('version').notNull().default(1),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull().default(''),
    serialNo: text('serial_no').notNull().default(''),
    coverImageId: bigintId('cover_image_id').references(() => images.id),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    /** CNY or USD (docs/product/constants.md: $ for market 2, ¥ otherwise). */
    currency: text('currency').notNull().default('CNY'),
    priceUnit: text('price_unit').notNull().default('m'),
    colorCount: smallint('color_count').notNull().default(0),
    defaultColorHex: text('default_color_hex'),
    hasFile: smallint('has_file').notNull().default(0),
    /** On the market per market type (docs/product/catalogue.md#data marketTypes: 1 domestic, 2 overseas). */
    onMarketDomestic: smallint('on_market_domestic').notNull().default(0),
    onMarketOverseas: smallint('on_market_overseas').notNull().default(0),
    isDelete: smallint('is_delete').notNull().default(0),
    /** When it first went on any market; null while it is a draft (docs/product/supplier.md#states). */
    firstOnMarketAt: moment('first_on_market_at'),
    creatorId: clearedRef('creator_id', () => users.id),
    gmtCreateTime: writtenAt('gmt_create_time'),
    gmtModifyTime: writtenAt('gmt_modify_time'),
    /**
     * Text search (docs/product/search.md#how-results-are-ranked): names and serial number (weight A), category and supplier names with aliases (B),
     * attribute values (C), tokenised by the application (Chinese as bigrams), written with each version.
     */
    searchText: tsvector('search_text'),
  },
  (t) => [
    index('materials_search_idx').using('gin', t.searchText),
    index('materials_store_idx').on(t.onMarketDomestic, t.isDelete, t.gmtCreateTime, t.id),
    // The store by price, both ways (unpriced last in each, ties newest first), and its price range: at 100k
    // materials a price page sorted without them reads every published row.
    index('materials_store_price_asc_idx').on(t.onMarketDomestic, t.isDelete, sql`${listedPriceIn(marketCurrency(MARKET_TYPE.domestic), t)} asc nulls last`, t.gmtCreateTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('materials_store_price_desc_idx').on(t.onMarketDomestic, t.isDelete, sql`${listedPriceIn(marketCurrency(MARKET_TYPE.domestic), t)} desc nulls last`, t.gmtCreateTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('materials_root_category_idx').on(t.rootCategoryId, t.gmtCreateTime),
    index('materials_category_idx').on(t.categoryId, t.gmtCreateTime),
    index('materials_company_idx').on(t.companyId, t.gmtCreateTime),
  ],
);

/** An immutable snapshot per edit: `data` is the whole material as the detail call answers it for that version. */
export const materialVersions = pgTable(
  'material_versions',
  {
    materialId: ownerRef('material_id', () => materials.id),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    creatorId: clearedRef('creator_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.version] })],
);

/**
 * The current color cards (docs/product/catalogue.md#data color info), queryable for color search and the color-family facet. Lab is kept for
 * every color (D65, CIE 1976) so distances are computed in the database.
 */
export const colorCards = pgTable(
  'color_cards',
  {
    id: identityKey(),
    materialId: ownerRef('material_id', () => materials.id),
    name: text('name').notNull(),
    sort: sortOrder(),
    isDefault: smallint('is_default').notNull().default(0),
    hex: text('hex').notNull(),
    labL: real('lab_l').notNull(),
    labA: real('lab_a').notNull(),
    labB: real('lab_b').notNull(),
    colorFamily: text('color_family').notNull(),
    /** 1 when bound to a material file (docs/product/catalogue.md#data). */
    isBan: smallint('is_ban').notNull().default(0),
    /** docs/product/catalogue.md#data render status: 1 rendering, 2 success, 3 failed, 4 cancelled, 5 in queue. */
    renderingStatus: smallint('rendering_status').notNull().default(2),
    /**
     * Rendering of a card bound to a material file (docs/product/material-files.md#rendering): each request for a
     * render counts this up, and a render job writes its result only while the count is still the one it was queued
     * with, so a render of a superseded color or file never lands.
     */
    renderGeneration: integer('render_generation').notNull().default(0),
    /** Why the last render failed, in English (for the supplier's list and the log). */
    renderReason: text('render_reason'),
    /** What the last successful render produced. */
    renderOutputs: jsonb('render_outputs').$type<RenderOutputs>(),
  },
  (t) => [index('color_cards_material_idx').on(t.materialId, t.sort), index('color_cards_family_idx').on(t.colorFamily)],
);

/** Images of a material: the enclosure gallery, per color card when `colorCardId` is set. */
export const materialImages = pgTable(
  'material_images',
  {
    id: identityKey(),
    materialId: ownerRef('material_id', () => materials.id),
    colorCardId: bigintId('color_card_id').references(() => colorCards.id, { onDelete: 'cascade' }),
    imageId: bigintId('image_id')
      .notNull()
      .references(() => images.id),
    /** enclosure (gallery), cover, dangling (the hang-tag picture). */
    kind: text('kind').$type<'enclosure' | 'cover' | 'dangling'>().notNull(),
    sort: sortOrder(),
  },
  (t) => [index('material_images_material_idx').on(t.materialId, t.colorCardId, t.sort), index('material_images_image_idx').on(t.imageId)],
);

/**
 * Attribute values the store filters and counts by (season, applicable product, ships-from province, color family):
 * one row per material and value, written with each version.
 */
export const materialFacets = pgTable(
  'material_facets',
  {
    materialId: ownerRef('material_id', () => materials.id),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.facet, t.value] }), index('material_facets_value_idx').on(t.facet, t.value, t.materialId)],
);

/** What a material was used for, by whom (docs/product/supplier.md#usage-records): one row per use. */
export const materialUsages = pgTable(
  'material_usages',
  {
    id: identityKey(),
    materialId: ownerRef('material_id', () => materials.id),
    /** The company the user worked in; null for a personal session without one. */
    companyId: clearedRef('company_id', () => companies.id),
    userId: clearedRef('user_id', () => users.id),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('material_usages_material_idx').on(t.materialId, t.createdAt)],
);
