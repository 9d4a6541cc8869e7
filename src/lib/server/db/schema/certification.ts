import { index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './identity';
import { bigintId, clearedRef, identityKey, moment, ownerRef, writtenAt } from './columns';

/**
 * Real-name certification submissions (docs/product/companies.md#data real-name auth, docs/product/companies.md#states certification): personal (a person) or company (a
 * company, by one of its administrators). auditStatus: 1 pending review, 2 certified, 3 rejected, 4 cancelled by
 * the applicant. The current state is mirrored on users.personal_cer_status / companies.corp_cer_status
 * (0 uncertified, 1 pending, 2 certified).
 */
export const certifications = pgTable(
  'certifications',
  {
    id: identityKey(),
    subject: text('subject', { enum: ['personal', 'company'] }).notNull(),
    userId: ownerRef('user_id', () => users.id),
    companyId: bigintId('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    auditStatus: smallint('audit_status').notNull().default(1),
    /** What was submitted: names, numbers, licence image keys (validated by the contract of its subject). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    submittedAt: writtenAt('submitted_at'),
    reviewedAt: moment('reviewed_at'),
    reviewerId: clearedRef('reviewer_id', () => users.id),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('certifications_user_idx').on(t.userId, t.subject), index('certifications_status_idx').on(t.auditStatus, t.submittedAt)],
);

/** Supplier join-us applications (docs/product/companies.md#calls real-name/supplier-enter): a company asks to become a supplier. */
export const supplierApplications = pgTable(
  'supplier_applications',
  {
    id: identityKey(),
    companyId: ownerRef('company_id', () => companies.id),
    userId: ownerRef('user_id', () => users.id),
    status: smallint('status').notNull().default(1),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    submittedAt: writtenAt('submitted_at'),
    reviewedAt: moment('reviewed_at'),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('supplier_applications_company_idx').on(t.companyId)],
);
