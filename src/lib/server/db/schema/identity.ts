import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { bigintId, clearedRef, createdAndUpdatedAt, createdAt, identityKey, moment, ownerRef, writtenAt } from './columns';

/** A person who signs in. `role` is the user type (docs/product/README.md#users): 0 unknown, 1 buyer, 2 supplier; status 2 is retired (joined into another account), 5 frozen. */
export const users = pgTable(
  'users',
  {
    id: identityKey(),
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
    /** Show the industry's aliases for categories and fields (docs/product/README.md#users alias toggle), remembered per user. */
    showAliases: boolean('show_aliases').notNull().default(false),
    headImg: text('head_img'),
    realName: text('real_name'),
    ...createdAndUpdatedAt(),
  },
  // Account, e-mail and mobile each sign in, so each is unique.
  (t) => [
    uniqueIndex('users_account_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_mobile_key').on(t.mobile),
  ],
);

/** Server-side sessions: only the SHA-256 of the 256-bit token is stored, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: identityKey(),
    tokenHash: text('token_hash').notNull(),
    userId: ownerRef('user_id', () => users.id),
    companyId: clearedRef('company_id', () => companies.id),
    createdAt: createdAt(),
    lastSeenAt: writtenAt('last_seen_at'),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time verification codes (docs/product/identity.md#verification-codes). Only a hash is stored; a code is single use, expires after ten
 * minutes, is bound to one account and one purpose, and dies after five wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: identityKey(),
    account: text('account').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
  },
  (t) => [index('verification_codes_account_idx').on(t.account, t.purpose, t.createdAt)],
);

/**
 * One-time hand-off tokens (docs/product/identity.md#states `token` query, docs/product/identity.md#calls passport/sso): a signed-in client asks for one, another context
 * (a host app, a new window) exchanges it once, within a minute, for its own session.
 */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    id: identityKey(),
    tokenHash: text('token_hash').notNull(),
    userId: ownerRef('user_id', () => users.id),
    companyId: bigintId('company_id'),
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
  },
  (t) => [uniqueIndex('sso_tickets_token_hash_key').on(t.tokenHash)],
);

/** Account removal requests (docs/product/identity.md#data, docs/product/identity.md#states): 1 pending (the user is frozen meanwhile), 2 removed, 3 withdrawn. */
export const accountRemovals = pgTable(
  'account_removals',
  {
    id: identityKey(),
    userId: ownerRef('user_id', () => users.id),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    requestedAt: writtenAt('requested_at'),
    /** When the account is due to be removed if the request is not withdrawn. */
    removeAfter: moment('remove_after').notNull(),
    closedAt: moment('closed_at'),
  },
  (t) => [index('account_removals_user_idx').on(t.userId, t.status)],
);

/**
 * Scan-to-log-in tickets (docs/product/README.md#users QR, docs/product/identity.md#calls wx/qrcode): created by a desktop browser, scanned and confirmed by the same
 * person signed in on a phone. Only the desktop holds the poll secret, so whoever sees the QR cannot collect the
 * session. States: created → scanned → confirmed → (collected), or expired after two minutes.
 */
export const qrLoginTickets = pgTable(
  'qr_login_tickets',
  {
    id: identityKey(),
    ticket: text('ticket').notNull(),
    pollSecretHash: text('poll_secret_hash').notNull(),
    status: text('status', { enum: ['created', 'scanned', 'confirmed', 'collected'] }).notNull().default('created'),
    userId: bigintId('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [uniqueIndex('qr_login_tickets_ticket_key').on(t.ticket)],
);

/** Accounts at an OpenID Connect provider (social app, team chat) linked to our users by the provider's subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: ownerRef('user_id', () => users.id),
    createdAt: createdAt(),
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
  expiresAt: moment('expires_at').notNull(),
});
