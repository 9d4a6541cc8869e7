import { index, jsonb, pgTable, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigintId, cnEnText, identityKey, sortOrder } from './columns';

/** A node of a coded tree (categories, addresses): `code` is a stable key for seeds and imports, level 1 is a root. */
const treeNode = () => ({
  id: identityKey(),
  code: text('code').notNull(),
  parentId: bigintId('parent_id'),
  level: smallint('level').notNull(),
});

/** A tree is looked up by code and listed a parent's children at a time, in their order. */
const treeIndexes = (table: string, t: { code: AnyPgColumn; parentId: AnyPgColumn; sort: AnyPgColumn }) => [
  uniqueIndex(`${table}_code_key`).on(t.code),
  index(`${table}_parent_idx`).on(t.parentId, t.sort),
];

/**
 * The material category tree (docs/product/catalogue.md#data Category: id, name, originName, parentId, children; fetched by level). Names are
 * kept in both interface languages; `code` is a stable key for seeds and imports.
 */
export const categories = pgTable(
  'categories',
  {
    ...treeNode(),
    ...cnEnText('name'),
    sort: sortOrder(),
  },
  (t) => treeIndexes('categories', t),
);

/** Dictionary items (docs/product/catalogue.md#data: itemValue, label, children), per dictionary type (leadingProduct, businessModel, corpType, bizScope …). */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: identityKey(),
    typeCode: text('type_code').notNull(),
    itemValue: text('item_value').notNull(),
    parentValue: text('parent_value'),
    ...cnEnText('label'),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('dictionary_items_key').on(t.typeCode, t.itemValue)],
);

/**
 * The address tree (docs/product/catalogue.md#data address tree node: id, fullZhName, fullEnName, children): countries, provinces, cities,
 * districts. Clients cache it and rebuild once per version flag (docs/product/catalogue.md#states, docs/product/constants.md REFRESHED_1.5.0).
 */
export const addressNodes = pgTable(
  'address_nodes',
  {
    ...treeNode(),
    fullZhName: text('full_zh_name').notNull(),
    fullEnName: text('full_en_name').notNull(),
    /** Marks the cities the address (docs/product/catalogue.md#calls)/top/city call lists first (the footwear and apparel hubs). */
    isTopCity: smallint('is_top_city').notNull().default(0),
    sort: sortOrder(),
  },
  (t) => treeIndexes('address_nodes', t),
);

/**
 * Dynamic material fields (docs/product/catalogue.md#data): a field definition (PF code, type 1 base / 2 business / 3 feature / 4 other, its
 * JSON-schema-like input description) and which categories and markets (1 domestic, 2 overseas) use it.
 */
export const materialFields = pgTable(
  'material_fields',
  {
    id: identityKey(),
    fieldCode: text('field_code').notNull(),
    fieldType: smallint('field_type').notNull(),
    ...cnEnText('title'),
    /** inputType, type, maxLength, minimum, maximum, toFixed, dictTypeCode, defaultValue (docs/product/catalogue.md#data defaultJsonSchema). */
    schema: jsonb('schema').$type<Record<string, unknown>>().notNull(),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('material_fields_code_key').on(t.fieldCode)],
);

/** A field used by a level-1 category in a market; `isRequired` 1 makes it mandatory there. */
export const categoryFields = pgTable(
  'category_fields',
  {
    categoryId: bigintId('category_id').notNull(),
    fieldId: bigintId('field_id').notNull(),
    marketType: smallint('market_type').notNull(),
    isRequired: smallint('is_required').notNull().default(0),
  },
  (t) => [uniqueIndex('category_fields_key').on(t.categoryId, t.fieldId, t.marketType)],
);

/**
 * Aliases (docs/product/catalogue.md#data category/field alias: sourceId, sourceName, alias, status 1 active): the names an industry uses beside
 * the standard ones ("纳帕" for full-grain nappa). `sourceType` is category1, category2 or field.
 */
export const catalogueAliases = pgTable(
  'catalogue_aliases',
  {
    id: identityKey(),
    sourceType: text('source_type').$type<'category1' | 'category2' | 'field'>().notNull(),
    sourceId: bigintId('source_id').notNull(),
    ...cnEnText('alias'),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('catalogue_aliases_source_key').on(t.sourceType, t.sourceId)],
);
