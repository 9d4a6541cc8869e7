/**
 * Membership contracts (docs/product/companies.md#data VIP / package, resource quota, app open status; docs/product/companies.md#calls VIP calls). Islands never import
 * this file (it pulls in zod): pages hand them the values they need as props.
 */
import { z } from 'zod';

/** A quota total of -1 means unlimited (docs/product/companies.md#data Resource quota). */
export const UNLIMITED = -1;

/**
 * The metered resources a package grants. Later capabilities consume them through `consumeQuota` when the
 * thing is created (an upload, a share, a book, an export), so the list is closed: an unknown code is a 422.
 */
export const RESOURCE_CODES = ['MATERIAL_UPLOAD', 'SHARE_CREATE', 'COLOR_BOOK', 'MATERIAL_BOOK', 'EXPORT'] as const;
export type ResourceCode = (typeof RESOURCE_CODES)[number];

/** docs/product/companies.md#data/docs/product/companies.md#states app open status. */
export const APP_STATUS = { notOpened: 1, pending: 2, opened: 3, expired: 4 } as const;
export type AppStatus = (typeof APP_STATUS)[keyof typeof APP_STATUS];

/**
 * How long an opened app stays open. Apps are not sold per period, so one year from opening (or from
 * the review's approval) matches the yearly packages; reopening an expired app starts a new term.
 */
export const APP_TERM_DAYS = 365;

/** What `POST /vip/open/{x}` can open; only apps are opened by the company itself (packages are granted). */
export const OPEN_TARGETS = ['app'] as const;

export const resourceQuotaSchema = z.object({
  code: z.string(),
  /** The sum over the company's unexpired packages; -1 when any of them grants it unlimited. */
  confTotal: z.number().int(),
  used: z.number().int(),
});
export type ResourceQuota = z.infer<typeof resourceQuotaSchema>;

/** A package of the catalogue, in the caller's language. */
export const packageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** In fen (¥0.01), per period. */
  price: z.number().int(),
  durationDays: z.number().int(),
  perms: z.array(z.string()),
  resources: z.record(z.string(), z.number().int()),
});
export type Package = z.infer<typeof packageSchema>;

export const companyPackageSchema = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  code: z.string(),
  name: z.string(),
  startedAt: z.string(),
  expireTime: z.string(),
  expired: z.boolean(),
});
export type CompanyPackage = z.infer<typeof companyPackageSchema>;

/** docs/product/companies.md#data VIP / package: isVIP, packageName, expireTime, packages, perms, resources. */
export const vipInfoSchema = z.object({
  isVIP: z.boolean(),
  /** The highest tier among the unexpired packages, and its expiry; null without one. */
  packageName: z.string().nullable(),
  expireTime: z.string().nullable(),
  /** Every package the company has held, newest expiry first; expired ones are marked. */
  packages: z.array(companyPackageSchema),
  /** Permission codes granted by the unexpired packages. */
  perms: z.array(z.string()),
  resources: z.array(resourceQuotaSchema),
});
export type VipInfo = z.infer<typeof vipInfoSchema>;

export const appSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  requiresReview: z.boolean(),
  /** 1 not opened, 2 pending review, 3 opened, 4 expired (for the caller's company). */
  status: z.number().int(),
  /** When the company last asked to open it (pending since), null when it never did. */
  requestedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  expireTime: z.string().nullable(),
});
export type MembershipApp = z.infer<typeof appSchema>;

export const pendingAppSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  appId: z.number().int(),
  appName: z.string(),
  requestedAt: z.string(),
});
export type PendingApp = z.infer<typeof pendingAppSchema>;

const id = z.coerce.number('validation.invalidType').int('validation.invalidType').positive('validation.invalidValue');

/** GET /vip/app-info/{id} */
export const appIdParamsSchema = z.object({ id });
/** POST /vip/open/{x}?id= */
export const openParamsSchema = z.object({ x: z.enum(OPEN_TARGETS, 'validation.invalidValue') });
export const openQuerySchema = z.object({ id });

/** POST /vip/resource/consume */
export const consumeSchema = z.object({
  code: z.enum(RESOURCE_CODES, 'validation.invalidValue'),
  amount: z.number().int('validation.invalidType').min(1).max(1000).default(1),
});

/** POST /admin/vip/app/approve (platform administrators). */
export const approveAppSchema = z.object({
  companyId: z.number().int().positive(),
  appId: z.number().int().positive(),
});
