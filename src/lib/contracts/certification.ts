/**
 * Real-name certification (docs/product/companies.md#data real-name auth, docs/product/companies.md#states certification, docs/product/companies.md#calls real-name calls): what a person or a company
 * submits, what the applicant and the platform reviewers read back, and the join-us (supplier-enter) application.
 * Isomorphic, but islands should import only the constants and check functions: the schemas pull in zod.
 */
import { z } from 'zod';
import type { PermissionCode } from '../permission-codes';

/** Company administration (docs/product/routes.md#roles FUN012): certifying the company, editing its profile, applying to join as a supplier. */
export const COMPANY_ADMIN: PermissionCode = 'FUN012';

/** The mirror on users.personal_cer_status / companies.corp_cer_status (docs/product/companies.md#data): the badge says certified only for 2. */
export const CER_STATUS = { uncertified: 0, pending: 1, certified: 2 } as const;
export type CerStatus = (typeof CER_STATUS)[keyof typeof CER_STATUS];

/** certifications.audit_status: one submission's life. Only a pending one moves, and only once. */
export const AUDIT_STATUS = { pending: 1, certified: 2, rejected: 3, cancelled: 4 } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
const AUDIT_STATUSES = [1, 2, 3, 4] as const;

export type CertificationSubject = 'personal' | 'company';

/** Identity documents a person can certify with: the resident ID card, a passport, a HK/Macao/Taiwan permit. */
export const ID_TYPE = { residentId: 1, passport: 2, travelPermit: 3 } as const;
export const ID_TYPES = [ID_TYPE.residentId, ID_TYPE.passport, ID_TYPE.travelPermit] as const;
export type IdType = (typeof ID_TYPES)[number];

/** supplier_applications.status (docs/product/companies.md#calls supplier-enter). */
export const SUPPLIER_APPLICATION_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

/** Identity numbers and codes are typed with spaces and in lower case; they are compared without either. */
export const compactCode = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

// GB 32100-2015: 18 characters over 31 symbols (no I, O, Z, S, V); the 18th is a check character, weighted mod 31.
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The unified social credit code's charset and check character (GB 32100-2015). */
export function isValidSocialCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_ALPHABET.indexOf(code.charAt(i));
    if (value < 0) return false;
    sum += value * (USCC_WEIGHTS[i] ?? 0);
  }
  return code.charAt(17) === USCC_ALPHABET.charAt((31 - (sum % 31)) % 31);
}

/** Since 2015 the licence number is the social credit code; older licences carry a 15-digit registration number. */
export function isValidLicenceNo(value: string): boolean {
  return /^[0-9]{15}$/.test(value) || isValidSocialCreditCode(value);
}

// GB 11643-1999: 17 digits (region, birth date, sequence) and an ISO 7064 MOD 11-2 check character.
const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK = '10X98765432';

function isValidResidentId(value: string, today: Date): boolean {
  if (!/^[1-9][0-9]{16}[0-9X]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > today.getTime()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value.charAt(i)) * (RESIDENT_ID_WEIGHTS[i] ?? 0);
  return value.charAt(17) === RESIDENT_ID_CHECK.charAt(sum % 11);
}

/** Whether a (compacted) number fits its document type. */
export function isValidIdNumber(idType: number, value: string, today: Date = new Date()): boolean {
  switch (idType) {
    case ID_TYPE.residentId:
      return isValidResidentId(value, today);
    case ID_TYPE.passport:
      return /^[A-Z0-9]{5,17}$/.test(value);
    case ID_TYPE.travelPermit:
      // Hong Kong (H), Macao (M) permits: a letter and 8 or 10 digits; Taiwan compatriot permits: 8 or 10 digits.
      return /^[HM]?([0-9]{8}|[0-9]{10})$/.test(value);
    default:
      return false;
  }
}

/** What the applicant reads back: enough to recognise the number, not enough to reuse it. */
export function maskIdNumber(value: string): string {
  if (value.length <= 6) return `${value.charAt(0)}${'*'.repeat(Math.max(0, value.length - 1))}`;
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;
/** A mobile or landline number (with area code, +country, spaces or dashes). */
export const isPhone = (value: string): boolean => PHONE.test(value);
// An empty value is reported once, as required, not a second time as a bad number.
export const phoneSchema = z
  .string()
  .trim()
  .min(1)
  .refine((v) => v === '' || isPhone(v), 'validation.phone');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** POST /api/idealab-material/real-name/auth */
export const personalCertificationInputSchema = z
  .object({
    realName: z.string().trim().min(1).max(50),
    idType: z.literal(ID_TYPES),
    idNumber: z.string().overwrite(compactCode).min(1).max(30),
    note: z.string().trim().max(200).optional(),
  })
  .refine((v) => isValidIdNumber(v.idType, v.idNumber), {
    path: ['idNumber'],
    message: 'validation.idNumber',
    // Checked even when another field failed, so every wrong field is reported at once; never on a missing number.
    when: ({ value }) => isRecord(value) && (ID_TYPES as readonly unknown[]).includes(value.idType) && typeof value.idNumber === 'string' && value.idNumber !== '',
  });
export type PersonalCertificationInput = z.infer<typeof personalCertificationInputSchema>;

/** POST /api/idealab-material/real-name/auth/org (an administrator of the current company). */
export const companyCertificationInputSchema = z.object({
  legalName: z.string().trim().min(1).max(100),
  socialCreditCode: z
    .string()
    .overwrite(compactCode)
    .min(1)
    .refine((v) => v === '' || isValidSocialCreditCode(v), 'validation.socialCreditCode'),
  businessLicenceNo: z
    .string()
    .overwrite(compactCode)
    .min(1)
    .refine((v) => v === '' || isValidLicenceNo(v), 'validation.licenceNo'),
  legalRepresentative: z.string().trim().min(1).max(50),
  contactName: z.string().trim().min(1).max(50),
  contactPhone: phoneSchema,
});
export type CompanyCertificationInput = z.infer<typeof companyCertificationInputSchema>;

/** Stored submissions are read back loosely: a later, stricter rule must not make old rows unreadable. */
export const personalDetailsSchema = z.object({ realName: z.string(), idType: z.number().int(), idNumber: z.string(), note: z.string().nullable() });
export type PersonalDetails = z.infer<typeof personalDetailsSchema>;
export const companyDetailsSchema = z.object({
  legalName: z.string(),
  socialCreditCode: z.string(),
  businessLicenceNo: z.string(),
  legalRepresentative: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

const recordBase = {
  id: z.number().int(),
  auditStatus: z.number().int(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
};

/** GET …/real-name/auth/detail: the mirror status and the caller's latest submission (ID number masked). */
export const personalCertificationSchema = z.object({
  status: z.number().int(),
  record: z.object({ ...recordBase, details: personalDetailsSchema }).nullable(),
});
export type PersonalCertification = z.infer<typeof personalCertificationSchema>;

/** GET …/real-name/auth/detail/org: the current company's status; the submission's details only for its administrators. */
export const companyCertificationSchema = z.object({
  companyId: z.number().int(),
  status: z.number().int(),
  /** `applicantId`: the administrator who submitted it, the only one who may withdraw it. */
  record: z.object({ ...recordBase, applicantId: z.number().int(), details: companyDetailsSchema.nullable() }).nullable(),
});
export type CompanyCertification = z.infer<typeof companyCertificationSchema>;

/** POST …/real-name/auth/cancel/{id} */
export const certificationIdParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,15}$/, 'validation.invalidValue').transform(Number) });

/** Platform review: GET …/real-name/review/list */
export const reviewListQuerySchema = z.object({
  status: z.coerce.number().pipe(z.literal(AUDIT_STATUSES)).default(AUDIT_STATUS.pending),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** POST …/real-name/review/approve */
export const reviewApproveSchema = z.object({ id: z.number().int().positive() });
/** POST …/real-name/review/reject: the applicant reads the reason. */
export const reviewRejectSchema = z.object({ id: z.number().int().positive(), reason: z.string().trim().min(1).max(200) });

export const reviewItemSchema = z.object({
  ...recordBase,
  subject: z.enum(['personal', 'company']),
  applicant: z.object({ id: z.number().int(), account: z.string(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  personal: personalDetailsSchema.nullable(),
  corporate: companyDetailsSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewPageSchema = z.object({ records: z.array(reviewItemSchema), total: z.number().int() });

/** POST …/real-name/supplier-enter: the current company asks to join as a supplier (by an administrator). */
export const supplierEnterInputSchema = z.object({
  contactName: z.string().trim().min(1).max(50),
  contactPhone: phoneSchema,
  mainProducts: z.array(z.string().trim().min(1).max(50)).min(1).max(20),
  introduction: z.string().trim().max(1000).optional(),
});
export type SupplierEnterInput = z.infer<typeof supplierEnterInputSchema>;

/** GET …/real-name/supplier-enter/detail: the company's latest application, or null. */
export const supplierApplicationSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    status: z.number().int(),
    submittedAt: z.string(),
    reviewedAt: z.string().nullable(),
    rejectReason: z.string().nullable(),
    details: z.object({ contactName: z.string(), contactPhone: z.string(), mainProducts: z.array(z.string()), introduction: z.string().nullable() }),
  })
  .nullable();
export type SupplierApplication = z.infer<typeof supplierApplicationSchema>;
