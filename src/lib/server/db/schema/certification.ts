import { bigint, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';

/**
 * Real-name certification submissions (§3 real-name auth, §4 certification): personal (a person) or company (a
 * company, by one of its administrators). auditStatus: 1 pending review, 2 certified, 3 rejected, 4 cancelled by
 * the applicant. The current state is mirrored on users.personal_cer_status / companies.corp_cer_status
 * (0 uncertified, 1 pending, 2 certified).
 */
export const certifications = pgTable(
  'certifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject', { enum: ['personal', 'company'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, { onDelete: 'cascade' }),
    auditStatus: smallint('audit_status').notNull().default(1),
    /** What was submitted: names, numbers, licence image keys (validated by the contract of its subject). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('certifications_user_idx').on(t.userId, t.subject), index('certifications_status_idx').on(t.auditStatus, t.submittedAt)],
);

/** Supplier join-us applications (§7 real-name/supplier-enter): a company asks to become a supplier. */
export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('supplier_applications_company_idx').on(t.companyId)],
);
