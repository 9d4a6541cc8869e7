import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A company: the tenant that owns members, roles, materials and quotas. Personal companies are created for every
 * user; enterprise companies are joined.
 */
export const companies = pgTable('companies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orgName: text('org_name').notNull(),
  nameEn: text('name_en'),
  isPersonal: boolean('is_personal').notNull().default(true),
  role: smallint('role').notNull().default(0),
  corpCerStatus: smallint('corp_cer_status').notNull().default(0),
  logo: text('logo'),
  // Business profile; shown on the merchant pages once certified.
  addressCountry: text('address_country'),
  addressProvince: text('address_province'),
  addressCity: text('address_city'),
  addressDistrict: text('address_district'),
  completeAddress: text('complete_address'),
  businessLicenceNo: text('business_licence_no'),
  socialCreditCode: text('social_credit_code'),
  bizModel: text('biz_model'),
  corpType: text('corp_type'),
  bizScope: text('biz_scope').array().notNull().default([]),
  bizScopeRemark: text('biz_scope_remark'),
  mainProducts: text('main_products').array().notNull().default([]),
  coBranding: text('co_branding'),
  establishedYear: integer('established_year'),
  introduction: text('introduction'),
  mobile: text('mobile'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user last signed in to this company: the company a new login opens (isLastLoginCompany on the wire). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Disabled by a company administrator (updateUserInfoInEnterpriseIsForbid): may not work in this company. */
    forbidden: boolean('forbidden').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/** A company's roles (the authcenter role calls): named sets of permission codes that administrators give members. */
export const companyRoles = pgTable(
  'company_roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_roles_name_key').on(t.companyId, t.name)],
);

export const memberRoles = pgTable(
  'member_roles',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => companyRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.roleId] }), index('member_roles_role_idx').on(t.roleId)],
);

/** Departments of a company (the authcenter organize calls): a tree; status 1 enabled, 0 disabled. */
export const departments = pgTable(
  'departments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('departments_company_idx').on(t.companyId, t.parentId)],
);

export const memberDepartments = pgTable(
  'member_departments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' })
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.departmentId] })],
);
