import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UpgradeDetailsView } from '../../../contracts/companies';
import { users } from './identity';
import { bigintId, clearedRef, createdAndUpdatedAt, createdAt, identityKey, moment, ownerRef, sortOrder, writtenAt } from './columns';

/**
 * A company: the tenant that owns members, roles, materials and quotas. Personal companies are created for every
 * user; enterprise companies are joined.
 */
export const companies = pgTable('companies', {
  id: identityKey(),
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
  createdAt: createdAt(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: ownerRef('company_id', () => companies.id),
    userId: ownerRef('user_id', () => users.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    joinedAt: writtenAt('joined_at'),
    /** When the user last signed in to this company: the company a new login opens (isLastLoginCompany on the wire). */
    lastLoginAt: moment('last_login_at'),
    /** Disabled by a company administrator (updateUserInfoInEnterpriseIsForbid): may not work in this company. */
    forbidden: boolean('forbidden').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/** A company's roles (the authcenter role calls): named sets of permission codes that administrators give members. */
export const companyRoles = pgTable(
  'company_roles',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default([]),
    createdAt: createdAt(),
    modifiedAt: writtenAt('modified_at'),
  },
  (t) => [uniqueIndex('company_roles_name_key').on(t.companyId, t.name)],
);

/**
 * The member a role or department is given to. Not a reference to company_members: the code that removes a member
 * removes these rows with it.
 */
const assignedMember = () => ({ companyId: bigintId('company_id').notNull(), userId: bigintId('user_id').notNull() });

export const memberRoles = pgTable(
  'member_roles',
  {
    ...assignedMember(),
    roleId: ownerRef('role_id', () => companyRoles.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.roleId] }), index('member_roles_role_idx').on(t.roleId)],
);

/** Departments of a company (the authcenter organize calls): a tree; status 1 enabled, 0 disabled. */
export const departments = pgTable(
  'departments',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    parentId: bigintId('parent_id'),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
    sort: sortOrder(),
    createdAt: createdAt(),
  },
  (t) => [index('departments_company_idx').on(t.companyId, t.parentId)],
);

export const memberDepartments = pgTable(
  'member_departments',
  {
    ...assignedMember(),
    departmentId: ownerRef('department_id', () => departments.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.departmentId] })],
);

/**
 * A user's upgrade from their personal company to an enterprise company (docs/product/companies.md#upgrading-to-an-enterprise):
 * the details filled in (`improve`), then the company it created (`submit`). One draft per user at a time.
 */
export const companyUpgrades = pgTable(
  'company_upgrades',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    details: jsonb('details').$type<UpgradeDetailsView>().notNull(),
    /** 1 draft, 2 submitted. */
    status: smallint('status').notNull().default(1),
    companyId: clearedRef('company_id', () => companies.id),
    submittedAt: moment('submitted_at'),
    ...createdAndUpdatedAt(),
  },
  (t) => [uniqueIndex('company_upgrades_one_draft').on(t.userId).where(sql`${t.status} = 1`), index('company_upgrades_user_idx').on(t.userId, t.status)],
);

/**
 * An invitation to join an enterprise company (docs/product/companies.md#invitations): nobody becomes a member
 * without saying yes. An account that names nobody is stored all the same (`userId` null, never acceptable), so what
 * the inviter sees does not tell whether the account exists. The roles and departments chosen are given on
 * acceptance. Status 1 pending, 2 accepted, 3 declined, 4 withdrawn; a pending one past `expiresAt` has expired.
 * One pending per company and account: inviting again renews it.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    /** The account as the inviter typed it, trimmed and lower-cased. */
    account: text('account').notNull(),
    userId: bigintId('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: clearedRef('invited_by', () => users.id),
    roleIds: bigintId('role_ids').array().notNull().default([]),
    departmentIds: bigintId('department_ids').array().notNull().default([]),
    status: smallint('status').notNull().default(1),
    expiresAt: moment('expires_at').notNull(),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_one_pending').on(t.companyId, t.account).where(sql`${t.status} = 1`),
    index('company_invitations_user_idx').on(t.userId, t.status),
  ],
);
