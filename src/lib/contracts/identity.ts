import { z } from 'zod';

/** What a page and an island know about the signed-in user (never the token). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  nickName: z.string(),
  /** User type (§1): 0 unknown, 1 buyer, 2 supplier. */
  role: z.number().int(),
  /** 5 means frozen. */
  status: z.number().int(),
  personalCerStatus: z.number().int(),
  isPlatformAdmin: z.boolean(),
});

export const sessionCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  isCompanyAdmin: z.boolean(),
  isPersonal: z.boolean(),
  corpCerStatus: z.number().int(),
});

export const sessionContextSchema = z.object({
  user: sessionUserSchema,
  company: sessionCompanySchema.nullable(),
  companies: z.array(sessionCompanySchema),
  permissions: z.array(z.string()),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionCompany = z.infer<typeof sessionCompanySchema>;
export type SessionContext = z.infer<typeof sessionContextSchema>;

export const loginByPasswordSchema = z.object({
  account: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
