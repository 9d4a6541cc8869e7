import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The material category tree (§3 Category: id, name, originName, parentId, children; fetched by level). Names are
 * kept in both interface languages; `code` is a stable key for seeds and imports.
 */
export const categories = pgTable(
  'categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    level: smallint('level').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_code_key').on(t.code), index('categories_parent_idx').on(t.parentId, t.sort)],
);

/** Dictionary items (§3: itemValue, label, children), per dictionary type (leadingProduct, businessModel, corpType, bizScope …). */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    typeCode: text('type_code').notNull(),
    itemValue: text('item_value').notNull(),
    parentValue: text('parent_value'),
    labelCn: text('label_cn').notNull(),
    labelEn: text('label_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('dictionary_items_key').on(t.typeCode, t.itemValue)],
);

/**
 * The address tree (§3 address tree node: id, fullZhName, fullEnName, children): countries, provinces, cities,
 * districts. Clients cache it and rebuild once per version flag (§4, §9 REFRESHED_1.5.0).
 */
export const addressNodes = pgTable(
  'address_nodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    level: smallint('level').notNull(),
    fullZhName: text('full_zh_name').notNull(),
    fullEnName: text('full_en_name').notNull(),
    /** Marks the cities the §7 address/top/city call lists first (the footwear and apparel hubs). */
    isTopCity: smallint('is_top_city').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('address_nodes_code_key').on(t.code), index('address_nodes_parent_idx').on(t.parentId, t.sort)],
);

/**
 * Dynamic material fields (§3): a field definition (PF code, type 1 base / 2 business / 3 feature / 4 other, its
 * JSON-schema-like input description) and which categories and markets (1 domestic, 2 overseas) use it.
 */
export const materialFields = pgTable(
  'material_fields',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fieldCode: text('field_code').notNull(),
    fieldType: smallint('field_type').notNull(),
    titleCn: text('title_cn').notNull(),
    titleEn: text('title_en').notNull(),
    /** inputType, type, maxLength, minimum, maximum, toFixed, dictTypeCode, defaultValue (§3 defaultJsonSchema). */
    schema: jsonb('schema').$type<Record<string, unknown>>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('material_fields_code_key').on(t.fieldCode)],
);

/** A field used by a level-1 category in a market; `isRequired` 1 makes it mandatory there. */
export const categoryFields = pgTable(
  'category_fields',
  {
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    fieldId: bigint('field_id', { mode: 'number' }).notNull(),
    marketType: smallint('market_type').notNull(),
    isRequired: smallint('is_required').notNull().default(0),
  },
  (t) => [uniqueIndex('category_fields_key').on(t.categoryId, t.fieldId, t.marketType)],
);

/**
 * Aliases (§3 category/field alias: sourceId, sourceName, alias, status 1 active): the names an industry uses beside
 * the standard ones ("纳帕" for full-grain nappa). `sourceType` is category1, category2 or field.
 */
export const catalogueAliases = pgTable(
  'catalogue_aliases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceType: text('source_type').$type<'category1' | 'category2' | 'field'>().notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    aliasCn: text('alias_cn').notNull(),
    aliasEn: text('alias_en').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('catalogue_aliases_source_key').on(t.sourceType, t.sourceId)],
);
