import { bigint, boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * Membership (§3 VIP / package, resource quota, app open status). A package grants permission codes and resource
 * quotas for a duration; a company holding at least one unexpired package is VIP.
 */
export const packages = pgTable(
  'packages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionCn: text('description_cn').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Price in the smallest currency unit (fen), per period. */
    price: integer('price').notNull().default(0),
    durationDays: integer('duration_days').notNull(),
    perms: text('perms').array().notNull().default([]),
    /** Resource code → quota it grants (-1 unlimited). */
    resources: jsonb('resources').$type<Record<string, number>>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('packages_code_key').on(t.code)],
);

export const companyPackages = pgTable('company_packages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  companyId: bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  packageId: bigint('package_id', { mode: 'number' })
    .notNull()
    .references(() => packages.id, { onDelete: 'restrict' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
});

/** Apps a company can open (§3 app open status: 1 not opened, 2 pending review, 3 opened, 4 expired). */
export const apps = pgTable(
  'apps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionCn: text('description_cn').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Opening needs a platform administrator's review (status 2 until then). */
    requiresReview: boolean('requires_review').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('apps_code_key').on(t.code)],
);

export const companyApps = pgTable(
  'company_apps',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    expireTime: timestamp('expire_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.appId] })],
);

/** Resource quotas per company (§3: code, confTotal, used; -1 unlimited). */
export const resourceQuotas = pgTable(
  'resource_quotas',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    confTotal: integer('conf_total').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);
