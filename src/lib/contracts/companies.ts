import { z } from 'zod';
import { PERMISSION_CODES } from '../permission-codes';

const permissionList = z.array(z.enum(PERMISSION_CODES, 'validation.invalidValue')).max(PERMISSION_CODES.length);

export const roleInputSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(30, 'validation.tooLong'),
  description: z.string().trim().max(200, 'validation.tooLong').default(''),
  permissions: permissionList.default([]),
});
export const roleUpdateSchema = roleInputSchema.extend({ id: z.number().int().positive() });
export const rolePageSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(30, 'validation.tooLong').optional(),
});
export const deleteRolesSchema = z.object({ authAppRoleIds: z.array(z.number().int().positive()).min(1).max(100) });
export const assignRolesSchema = z.object({ userId: z.number().int().positive(), authAppRoleIds: z.array(z.number().int().positive()).max(50) });

/** §3 Company role: orgId, id, name, description, gmtCreateTime, gmtModifyTime (+ what it grants). */
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
