import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  accountLookupSchema,
  addedMemberSchema,
  addMemberSchema,
  assignRolesSchema,
  deleteDepartmentsSchema,
  deleteRolesSchema,
  departmentInputSchema,
  departmentNodeSchema,
  departmentStatusSchema,
  departmentUpdateSchema,
  forbidMemberSchema,
  foundUserSchema,
  memberListSchema,
  memberPageSchema,
  memberSchema,
  removeMembersSchema,
  roleInputSchema,
  roleListSchema,
  roleMembersQuerySchema,
  rolePageSchema,
  roleUpdateSchema,
} from '../../../contracts/companies';
import { ERROR } from '../../../errors';
import { addMember } from '../../companies/add-member';
import { assignMemberRoles } from '../../companies/assign-member-roles';
import { changeMemberAccess } from '../../companies/change-member-access';
import { deleteDepartments } from '../../companies/delete-departments';
import { deleteRoles } from '../../companies/delete-roles';
import { listDepartments } from '../../companies/list-departments';
import { listMembers } from '../../companies/list-members';
import { listRoles } from '../../companies/list-roles';
import { saveDepartment } from '../../companies/save-department';
import { saveRole } from '../../companies/save-role';
import { setDepartmentStatus } from '../../companies/set-department-status';
import { findUserByAccount } from '../../identity/start-session';
import { AppError } from '../../errors';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { savedIdSchema, countSchema } from '../../../contracts/common';

const A = '/authcenter';

const refused = {
  403: 'Not allowed to manage this company’s roles (FUN006)',
};
/** Managing roles and members is FUN006; a company administrator holds it. Everything is scoped to the caller's current company. */
const MEMBERS = 'FUN006';

export function registerCompanyRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${A}/getRoleAdminOperationAuthority`, access: 'session', tag: 'companies',
    summary: 'Whether the caller may manage roles in the current company',
    answer: ['true or false', z.boolean()],
  }, async (c) => (await requireSession(c)).permissions.includes(MEMBERS));

  defineRoute(app, {
    method: 'post', path: `${A}/pageAuthAppRoles`, access: 'permission:FUN006', tag: 'companies',
    summary: 'A page of the current company’s roles',
    body: rolePageSchema, answer: ['Roles', roleListSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    const { page, size, keyword } = c.req.valid('json');
    return listRoles(company.id, page, size, keyword);
  });

  defineRoute(app, {
    method: 'post', path: `${A}/createAuthAppRole`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Create a role',
    body: roleInputSchema, answer: ['Created', savedIdSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    return saveRole(company.id, c.req.valid('json'));
  });

  defineRoute(app, {
    method: 'post', path: `${A}/updateAuthAppRole`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Update one of the company’s roles',
    body: roleUpdateSchema, answer: ['Updated', savedIdSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    return saveRole(company.id, c.req.valid('json'));
  });

  defineRoute(app, {
    method: 'post', path: `${A}/deleteAuthAppRoles`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Delete roles of the company',
    body: deleteRolesSchema, answer: ['How many were deleted', countSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    return deleteRoles(company.id, c.req.valid('json').authAppRoleIds);
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/updateUserInfoInEnterprise`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Set a member’s roles and/or departments in the company',
    body: assignRolesSchema, answer: ['Set', z.null()],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    const { userId, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
    await assignMemberRoles(company.id, userId, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds });
    return null;
  });
  defineRoute(app, {
    method: 'post', path: `${A}/user/pageUserExts`, access: 'permission:FUN006', tag: 'companies',
    summary: 'A page of the company’s members',
    body: memberPageSchema, answer: ['Members', memberListSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    const { page, size, keyword, departmentId } = c.req.valid('json');
    return listMembers(company.id, page, size, { keyword, departmentId });
  });

  defineRoute(app, {
    method: 'get', path: `${A}/role-user`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Members holding a role',
    query: roleMembersQuerySchema, answer: ['Members', z.array(memberSchema)],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    const { records } = await listMembers(company.id, 1, 1000, { roleId: c.req.valid('query').roleId });
    return records;
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/addUserIntoEnterprise`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Add a registered user to the company by account',
    body: addMemberSchema, answer: ['Added', addedMemberSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    const { account, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
    return addMember(company.id, account, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds });
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/getUserInfoByAccount`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Look up a registered user to add',
    body: accountLookupSchema, answer: ['The user', foundUserSchema],
    errors: refused,
  }, async (c) => {
    const { company } = await requirePermission(c, MEMBERS);
    // Same rule as adding: only an enterprise company's administrators may look accounts up.
    if (company.isPersonal) throw new AppError(ERROR.authError, { message: 'A personal company has no other members' });
    const user = await findUserByAccount(c.req.valid('json').account);
    if (!user) throw new AppError(ERROR.empty, { message: 'No registered user with this account' });
    return { userId: user.id, account: user.account, name: user.name };
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/updateUserInfoInEnterpriseIsForbid`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Disable or re-enable a member',
    body: forbidMemberSchema, answer: ['Changed', countSchema],
    errors: refused,
  }, async (c) => {
    const session = await requirePermission(c, MEMBERS);
    const { userId, forbidden } = c.req.valid('json');
    return changeMemberAccess(session.company.id, session.user.id, [userId], forbidden ? 'forbid' : 'allow');
  });

  defineRoute(app, {
    method: 'post', path: `${A}/user/deleteUserInEnterprise`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Remove members from the company',
    body: removeMembersSchema, answer: ['How many were removed', countSchema],
    errors: refused,
  }, async (c) => {
    const session = await requirePermission(c, MEMBERS);
    return changeMemberAccess(session.company.id, session.user.id, c.req.valid('json').userIds, 'remove');
  });

  defineRoute(app, {
    method: 'post', path: `${A}/listAuthOrganizes`, access: 'permission:FUN006', tag: 'companies',
    summary: 'The company’s departments as a tree',
    answer: ['Departments', z.array(departmentNodeSchema)],
    errors: refused,
  }, async (c) => listDepartments((await requirePermission(c, MEMBERS)).company.id));

  defineRoute(app, {
    method: 'post', path: `${A}/createAuthOrganize`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Create a department',
    body: departmentInputSchema, answer: ['Created', savedIdSchema],
    errors: refused,
  }, async (c) => saveDepartment((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: `${A}/updateAuthOrganize`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Rename or move a department (no cycles)',
    body: departmentUpdateSchema, answer: ['Updated', savedIdSchema],
    errors: refused,
  }, async (c) => saveDepartment((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json')));

  defineRoute(app, {
    method: 'post', path: `${A}/deleteAuthOrganizes`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Delete departments without sub-departments',
    body: deleteDepartmentsSchema, answer: ['How many were deleted', countSchema],
    errors: refused,
  }, async (c) => deleteDepartments((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json').authOrganizeIds));

  defineRoute(app, {
    method: 'post', path: `${A}/organize/status/change`, access: 'permission:FUN006', tag: 'companies',
    summary: 'Enable or disable a department',
    body: departmentStatusSchema, answer: ['Changed', z.null()],
    errors: refused,
  }, async (c) => {
    const { id, status } = c.req.valid('json');
    await setDepartmentStatus((await requirePermission(c, MEMBERS)).company.id, id, status);
    return null;
  });

}
