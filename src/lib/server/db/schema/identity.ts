import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A person who signs in. `role` is the user type (§1): 0 unknown, 1 buyer, 2 supplier; status 5 is frozen. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    name: text('name').notNull().default(''),
    nickName: text('nick_name').notNull().default(''),
    mobile: text('mobile'),
    email: text('email'),
    passwordHash: text('password_hash'),
    role: smallint('role').notNull().default(0),
    status: smallint('status').notNull().default(1),
    personalCerStatus: smallint('personal_cer_status').notNull().default(0),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    language: text('language'),
    /** Show the industry's aliases for categories and fields (§1 alias toggle), remembered per user. */
    showAliases: boolean('show_aliases').notNull().default(false),
    headImg: text('head_img'),
    realName: text('real_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Account, e-mail and mobile each sign in, so each is unique.
  (t) => [
    uniqueIndex('users_account_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
  ],
);

/** A tenant. Personal companies are created for every user; enterprise companies are joined. */
export const companies = pgTable('companies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orgName: text('org_name').notNull(),
  nameEn: text('name_en'),
  isPersonal: boolean('is_personal').notNull().default(true),
  role: smallint('role').notNull().default(0),
  corpCerStatus: smallint('corp_cer_status').notNull().default(0),
  logo: text('logo'),
  // Business profile (§3 Company); shown on the merchant pages once certified.
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
    /** When the user last signed in to this company: the company a new login opens (§3 isLastLoginCompany). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Disabled by a company administrator (§7 updateUserInfoInEnterpriseIsForbid): may not work in this company. */
    forbidden: boolean('forbidden').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId)],
);

/** Server-side sessions: only the SHA-256 of the 256-bit token is stored, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time verification codes (§7 code types). Only a hash is stored; a code is single use, expires after ten
 * minutes, is bound to one account and one purpose, and dies after five wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_account_idx').on(t.account, t.purpose, t.createdAt)],
);

/** Counters of rate-limiter-flexible's Postgres store (its own table layout). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * One-time hand-off tokens (§4 `token` query, §7 passport/sso): a signed-in client asks for one, another context
 * (a host app, a new window) exchanges it once, within a minute, for its own session.
 */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sso_tickets_token_hash_key').on(t.tokenHash)],
);

/** Account removal requests (§3, §4): 1 pending (the user is frozen meanwhile), 2 removed, 3 withdrawn. */
export const accountRemovals = pgTable(
  'account_removals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the account is due to be removed if the request is not withdrawn. */
    removeAfter: timestamp('remove_after', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('account_removals_user_idx').on(t.userId, t.status)],
);

/**
 * Scan-to-log-in tickets (§1 QR, §7 wx/qrcode): created by a desktop browser, scanned and confirmed by the same
 * person signed in on a phone. Only the desktop holds the poll secret, so whoever sees the QR cannot collect the
 * session. States: created → scanned → confirmed → (collected), or expired after two minutes.
 */
export const qrLoginTickets = pgTable(
  'qr_login_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticket: text('ticket').notNull(),
    pollSecretHash: text('poll_secret_hash').notNull(),
    status: text('status', { enum: ['created', 'scanned', 'confirmed', 'collected'] }).notNull().default('created'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('qr_login_tickets_ticket_key').on(t.ticket)],
);

/** A company's roles (§7 authcenter roles): named sets of permission codes that administrators give members. */
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

/** Departments of a company (§7 authcenter organize): a tree; status 1 enabled, 0 disabled. */
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

/** Accounts at an OpenID Connect provider (social app, team chat) linked to our users by the provider's subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/** An authorization request in flight: single use, ten minutes; the PKCE verifier and nonce never leave the server. */
export const oidcStates = pgTable('oidc_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirect: text('redirect').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
