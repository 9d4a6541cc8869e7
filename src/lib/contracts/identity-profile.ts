/**
 * Profiles of users and companies (the customer/user and customer/org calls). Clients send only the fields below:
 * role, status, company and certification status are never theirs to set (unknown keys are dropped).
 */
import { z } from 'zod';
import { isPhone } from './certification';

/** The caller's own profile: GET /api/idealab-material/customer/user/info/{own id}. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  nickName: z.string(),
  headImg: z.string().nullable(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  role: z.number().int(),
  status: z.number().int(),
  personalCerStatus: z.number().int(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Whether the caller reads industry aliases (the alias toggle); 0 or 1 both ways. */
export const aliasSettingSchema = z.object({ showAlias: z.union([z.literal(0), z.literal(1)]) });
export type AliasSetting = z.output<typeof aliasSettingSchema>;

/** A colleague's profile (someone sharing a company with the caller): what a member list shows, nothing private. */
export const publicUserProfileSchema = userProfileSchema.pick({ id: true, userId: true, name: true, nickName: true, headImg: true, personalCerStatus: true });
export type PublicUserProfile = z.infer<typeof publicUserProfileSchema>;
/** The caller's own profile in full, a colleague's public part. */
export const anyUserProfileSchema = z.union([userProfileSchema, publicUserProfileSchema]);

export const userInfoParamSchema = z.object({ id: z.string().regex(/^[0-9]{1,15}$/, 'validation.invalidValue').transform(Number) });

/** POST /api/idealab-material/customer/user/save (the head image comes with the storage capability). */
export const userSaveSchema = z.object({
  name: z.string().trim().min(1).max(40),
  nickName: z.string().trim().max(40).optional(),
});
export type UserSaveInput = z.infer<typeof userSaveSchema>;
export const savedUserSchema = z.object({ id: z.number().int(), name: z.string(), nickName: z.string() });

/** The earliest founding year accepted; the latest is the current year, checked when the input is read. */
export const ESTABLISHED_YEAR_MIN = 1800;
export const ORG_LIST_MAX = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional text: absent leaves it unchanged, empty or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const wordList = z.array(z.string().trim().min(1).max(50)).max(ORG_LIST_MAX);

/** POST /api/idealab-material/customer/org/save: the current company's profile (docs/product/identity.md#data Company); absent keys stay as they are. */
export const orgSaveSchema = z.object({
  orgName: z.string().trim().min(1).max(100).optional(),
  nameEn: optionalText(200),
  addressCountry: optionalText(50),
  addressProvince: optionalText(50),
  addressCity: optionalText(50),
  addressDistrict: optionalText(50),
  completeAddress: optionalText(200),
  bizModel: optionalText(50),
  corpType: optionalText(50),
  bizScope: wordList.optional(),
  bizScopeRemark: optionalText(500),
  mainProducts: wordList.optional(),
  coBranding: optionalText(200),
  establishedYear: z
    .number()
    .int()
    .min(ESTABLISHED_YEAR_MIN)
    .superRefine((year, ctx) => {
      // The bound moves every new year, so it is read now rather than when the module loaded.
      const maximum = new Date().getFullYear();
      if (year > maximum) ctx.addIssue({ code: 'too_big', origin: 'number', maximum, inclusive: true, input: year });
    })
    .nullable()
    .optional(),
  introduction: optionalText(2000),
  mobile: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || isPhone(v), 'validation.phone')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  email: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || EMAIL.test(v), 'validation.email')
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === null ? null : v?.toLowerCase())),
});
export type OrgSaveInput = z.infer<typeof orgSaveSchema>;

export const orgInfoParamSchema = z.object({ id: z.union([z.literal('current'), z.string().regex(/^[0-9]{1,15}$/, 'validation.invalidValue')]) });

/**
 * GET /api/idealab-material/customer/org/info/{id|current}. Members read everything; anyone else reads a certified
 * company's public profile, with the identifiers and contact fields null.
 */
export const companyProfileSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  orgName: z.string(),
  nameEn: z.string().nullable(),
  logo: z.string().nullable(),
  isPersonal: z.boolean(),
  role: z.number().int(),
  corpCerStatus: z.number().int(),
  addressCountry: z.string().nullable(),
  addressProvince: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressDistrict: z.string().nullable(),
  completeAddress: z.string().nullable(),
  bizModel: z.string().nullable(),
  corpType: z.string().nullable(),
  bizScope: z.array(z.string()),
  bizScopeRemark: z.string().nullable(),
  mainProducts: z.array(z.string()),
  coBranding: z.string().nullable(),
  establishedYear: z.number().int().nullable(),
  introduction: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  socialCreditCode: z.string().nullable(),
  businessLicenceNo: z.string().nullable(),
  /** The caller is a member / may edit it (FUN012 in this company, which must be the current one). */
  isMember: z.boolean(),
  canEdit: z.boolean(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
