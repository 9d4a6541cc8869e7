import { z } from 'zod';
import { pageOf } from './common';
import { COMPANY_LIMITS as L, COMPANY_PAGE_MAX, COMPANY_PAGE_SIZE } from './company-rules';
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
export const addedMemberSchema = z.object({ userId: z.number().int() });
/** A registered user found by account, before being added. */
export const foundUserSchema = z.object({ userId: z.number().int(), account: z.string(), name: z.string() });
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
export * from './company-rules';
