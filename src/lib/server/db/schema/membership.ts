import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { bigintId, cnEnText, cnEnTextOrEmpty, identityKey, moment, ownerRef, sortOrder, writtenAt } from './columns';

/** What a company can take up (a package, an app): found by its code, named and described in both languages. */
const offering = () => ({
  id: identityKey(),
  code: text('code').notNull(),
  ...cnEnText('name'),
  ...cnEnTextOrEmpty('description'),
});

/**
 * Membership (docs/product/companies.md#data VIP / package, resource quota, app open status). A package grants permission codes and resource
 * quotas for a duration; a company holding at least one unexpired package is VIP.
 */
export const packages = pgTable(
  'packages',
  {
    ...offering(),
    /** Price in the smallest currency unit (fen), per period. */
    price: integer('price').notNull().default(0),
    durationDays: integer('duration_days').notNull(),
    perms: text('perms').array().notNull().default([]),
    /** Resource code → quota it grants (-1 unlimited). */
    resources: jsonb('resources').$type<Record<string, number>>().notNull().default({}),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('packages_code_key').on(t.code)],
);

export const companyPackages = pgTable('company_packages', {
  id: identityKey(),
  companyId: ownerRef('company_id', () => companies.id),
  packageId: bigintId('package_id')
    .notNull()
    .references(() => packages.id, { onDelete: 'restrict' }),
  startedAt: writtenAt('started_at'),
  expireTime: moment('expire_time').notNull(),
});

/** Apps a company can open (docs/product/companies.md#data app open status: 1 not opened, 2 pending review, 3 opened, 4 expired). */
export const apps = pgTable(
  'apps',
  {
    ...offering(),
    /** Opening needs a platform administrator's review (status 2 until then). */
    requiresReview: boolean('requires_review').notNull().default(false),
    sort: sortOrder(),
  },
  (t) => [uniqueIndex('apps_code_key').on(t.code)],
);

export const companyApps = pgTable(
  'company_apps',
  {
    companyId: ownerRef('company_id', () => companies.id),
    appId: ownerRef('app_id', () => apps.id),
    status: smallint('status').notNull().default(1),
    requestedAt: writtenAt('requested_at'),
    openedAt: moment('opened_at'),
    expireTime: moment('expire_time'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.appId] })],
);

/** Resource quotas per company (docs/product/companies.md#data: code, confTotal, used; -1 unlimited). */
export const resourceQuotas = pgTable(
  'resource_quotas',
  {
    companyId: ownerRef('company_id', () => companies.id),
    code: text('code').notNull(),
    confTotal: integer('conf_total').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);
