import { z } from 'zod';
import { pageOf } from './common';
import { COMPANY_LIMITS as L, COMPANY_PAGE_MAX, COMPANY_PAGE_SIZE, IM_INFO_MAX } from './company-rules';
import { orgSaveSchema } from './identity-profile';
import { phoneSchema } from './certification';
import { sessionCompanySchema } from './identity';
import { PERMISSION_CODES } from '../permission-codes';

const permissionList = z.array(z.enum(PERMISSION_CODES, 'validation.invalidValue')).max(PERMISSION_CODES.length);

export const roleInputSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(L.roleName, 'validation.tooLong'),
  description: z.string().trim().max(L.roleDescription, 'validation.tooLong').default(''),
  permissions: permissionList.default([]),
});
export const roleUpdateSchema = roleInputSchema.extend({ id: z.number().int().positive() });
export const rolePageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(COMPANY_PAGE_MAX).default(COMPANY_PAGE_SIZE),
  keyword: z.string().trim().max(L.keyword, 'validation.tooLong').optional(),
});
export const deleteRolesSchema = z.object({ authAppRoleIds: z.array(z.number().int().positive()).min(1).max(100) });
/** Sets what is given: roles and/or departments (an omitted list is left as it is). */
export const assignRolesSchema = z.object({
  userId: z.number().int().positive(),
  authAppRoleIds: z.array(z.number().int().positive()).max(50).optional(),
  authOrganizeIds: z.array(z.number().int().positive()).max(50).optional(),
});

/** docs/product/companies.md#data Company role: orgId, id, name, description, gmtCreateTime, gmtModifyTime (+ what it grants). */
export const roleSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  memberCount: z.number().int(),
  gmtCreateTime: z.string(),
  gmtModifyTime: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = pageOf(roleSchema);

export const memberPageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(COMPANY_PAGE_MAX).default(COMPANY_PAGE_SIZE),
  keyword: z.string().trim().max(L.memberKeyword, 'validation.tooLong').optional(),
  departmentId: z.number().int().positive().optional(),
});
export const memberSchema = z.object({
  userId: z.number().int(),
  account: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  forbidden: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = pageOf(memberSchema);
export const roleMembersQuerySchema = z.object({ roleId: z.coerce.number().int().positive() });
/** What inviting answers, the same whether or not the account names anyone (docs/product/companies.md#invitations). */
export const invitationSentSchema = z.object({ account: z.string(), expiresAt: z.string() }).meta({ id: 'InvitationSent' });
/** What looking an account up answers: the account as it will be invited, never whose it is. */
export const accountCheckSchema = z.object({ account: z.string() });
/** A pending invitation as the inviting company sees it: only what the inviter typed. */
export const sentInvitationSchema = z.object({ id: z.number().int(), account: z.string(), createdAt: z.string(), expiresAt: z.string() });
/** A pending invitation as the invitee sees it. */
export const receivedInvitationSchema = z
  .object({ id: z.number().int(), companyId: z.number().int(), companyName: z.string(), inviterName: z.string(), createdAt: z.string(), expiresAt: z.string() })
  .meta({ id: 'ReceivedInvitation' });
export const invitationIdSchema = z.object({ id: z.number().int().positive() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;
export type SentInvitation = z.infer<typeof sentInvitationSchema>;
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;
export const addMemberSchema = z.object({
  account: z.string().trim().min(1, 'validation.accountRequired').max(L.account, 'validation.tooLong'),
  authAppRoleIds: z.array(z.number().int().positive()).max(50).default([]),
  authOrganizeIds: z.array(z.number().int().positive()).max(50).default([]),
});
export const forbidMemberSchema = z.object({ userId: z.number().int().positive(), forbidden: z.boolean() });
export const removeMembersSchema = z.object({ userIds: z.array(z.number().int().positive()).min(1).max(100) });
export const accountLookupSchema = z.object({ account: z.string().trim().min(1, 'validation.accountRequired').max(L.account, 'validation.tooLong') });

export const departmentInputSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(L.departmentName, 'validation.tooLong'),
  parentId: z.number().int().positive().nullable().default(null),
  sort: z.number().int().min(0).max(L.sortMax).default(0),
});
export const departmentUpdateSchema = departmentInputSchema.extend({ id: z.number().int().positive() });
export const deleteDepartmentsSchema = z.object({ authOrganizeIds: z.array(z.number().int().positive()).min(1).max(100) });
export const departmentStatusSchema = z.object({ id: z.number().int().positive(), status: z.union([z.literal(0), z.literal(1)]) });
export type DepartmentNode = { id: number; name: string; parentId: number | null; status: number; sort: number; children: DepartmentNode[] };
// Recursive, so it is a named component: the document generator follows the $ref instead of recursing forever.
export const departmentNodeSchema: z.ZodType<DepartmentNode> = z
  .lazy(() => z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable(), status: z.number().int(), sort: z.number().int(), children: z.array(departmentNodeSchema) }))
  .meta({ id: 'DepartmentNode' });

/** POST /api/authcenter/pageAuthOrganizes: departments as a flat page, siblings by sort then name. */
export const departmentPageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(COMPANY_PAGE_MAX).default(COMPANY_PAGE_SIZE),
  keyword: z.string().trim().max(L.departmentName, 'validation.tooLong').optional(),
  /** Only the children of this department; null for the top level; left out for every department. */
  parentId: z.number().int().positive().nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});
export const departmentRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  status: z.number().int(),
  sort: z.number().int(),
  memberCount: z.number().int(),
});
export type DepartmentRow = z.infer<typeof departmentRowSchema>;
export const departmentListSchema = pageOf(departmentRowSchema);

/** POST /api/idealab-material/org/role/auth/{id} and GET …/org/role/perms/{id}: a role's codes. */
export const roleIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const rolePermissionsInputSchema = z.object({ permissions: permissionList });
export const rolePermissionsSchema = z.object({ id: z.number().int(), permissions: z.array(z.string()) });

/** GET /api/authcenter/v1.0/tenant/detail?companyId= */
export const tenantDetailQuerySchema = z.object({ companyId: z.coerce.number().int().positive() });
/** A company as its members see it (docs/product/companies.md#data Company details). */
export const tenantDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameEn: z.string().nullable(),
    logo: z.string().nullable(),
    isPersonal: z.boolean(),
    role: z.number().int(),
    corpCerStatus: z.number().int(),
    introduction: z.string().nullable(),
    memberCount: z.number().int(),
    departmentCount: z.number().int(),
    roleCount: z.number().int(),
    admins: z.array(z.object({ userId: z.number().int(), name: z.string() })),
    /** About the caller: their place in the company. */
    isCompanyAdmin: z.boolean(),
    isCurrent: z.boolean(),
    joinedAt: z.string(),
    permissions: z.array(z.string()),
    /** The company's enterprise library app is open (docs/product/enterprise-library.md). */
    enterpriseLibrary: z.boolean(),
  })
  .meta({ id: 'TenantDetail' });
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

/** POST /api/authcenter/user/im/info: distinct user ids. */
export const imInfoRequestSchema = z
  .array(z.number().int().positive())
  .min(1, 'validation.required')
  .max(IM_INFO_MAX, 'validation.tooLong')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.distinctIds');
/** Someone the caller may see: a member of one of their companies, or the other side of one of their sample requests. */
export const imUserSchema = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });
export type ImUser = z.infer<typeof imUserSchema>;

/**
 * POST /api/authcenter/mp/cc/upgrade/improve: the enterprise a personal company upgrades to. The profile's own
 * rules, with the name and a contact phone required.
 */
export const upgradeDetailsSchema = orgSaveSchema.extend({
  orgName: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  mobile: phoneSchema,
});
export type UpgradeDetailsInput = z.input<typeof upgradeDetailsSchema>;
export type UpgradeDetails = z.output<typeof upgradeDetailsSchema>;

const text = z.string().nullable();
/** The details as stored and answered: every field present, null when not given. */
export const upgradeDetailsViewSchema = z.object({
  orgName: z.string(),
  nameEn: text,
  addressCountry: text,
  addressProvince: text,
  addressCity: text,
  addressDistrict: text,
  completeAddress: text,
  bizModel: text,
  corpType: text,
  bizScope: z.array(z.string()),
  bizScopeRemark: text,
  mainProducts: z.array(z.string()),
  coBranding: text,
  establishedYear: z.number().int().nullable(),
  introduction: text,
  mobile: z.string(),
  email: text,
});
export type UpgradeDetailsView = z.infer<typeof upgradeDetailsViewSchema>;
/** The caller's upgrade as it stands: `draft` until submitted. */
export const companyUpgradeSchema = z.object({
  status: z.enum(['draft', 'submitted']),
  details: upgradeDetailsViewSchema,
  updatedAt: z.string(),
  /** The enterprise company created, once submitted. */
  companyId: z.number().int().nullable(),
});
export type CompanyUpgrade = z.infer<typeof companyUpgradeSchema>;
/** POST /api/authcenter/mp/cc/upgrade/submit: the new company, which the session now works in. */
export const upgradeSubmittedSchema = z.object({ company: sessionCompanySchema });

export * from './company-rules';
