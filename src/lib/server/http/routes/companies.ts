import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  accountLookupSchema,
  addMemberSchema,
  assignRolesSchema,
  deleteDepartmentsSchema,
  type DepartmentNode,
  deleteRolesSchema,
  departmentInputSchema,
  departmentStatusSchema,
  departmentUpdateSchema,
  forbidMemberSchema,
  memberPageSchema,
  memberSchema,
  removeMembersSchema,
  roleInputSchema,
  rolePageSchema,
  roleSchema,
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
import { access } from '../access';
import { AppError } from '../../errors';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { answer, envelopeOf, errorEnvelopeSchema, jsonBody as json, ok } from '../envelope';

const A = '/authcenter';

// Recursive, so it must be a named component: the generator follows the $ref instead of recursing forever.
const departmentNodeSchema: z.ZodType<DepartmentNode> = z
  .lazy(() => z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable(), status: z.number().int(), sort: z.number().int(), children: z.array(departmentNodeSchema) }))
  .openapi('DepartmentNode');
const refused = {
  403: { description: 'Not allowed to manage this company’s roles (FUN006)', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  422: { description: 'Invalid input', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};
/** Managing roles and members is FUN006; a company administrator holds it. Everything is scoped to the caller's current company. */
const MEMBERS = 'FUN006';

export function registerCompanyRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('session'), method: 'get', path: `${A}/getRoleAdminOperationAuthority`, tags: ['companies'], summary: 'Whether the caller may manage roles in the current company', responses: { 200: answer('true or false', z.boolean()) } }),
    async (c) => ok(c, (await requireSession(c)).permissions.includes(MEMBERS)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'),
      method: 'post',
      path: `${A}/pageAuthAppRoles`,
      tags: ['companies'],
      summary: 'A page of the current company’s roles',
      request: { body: json(rolePageSchema) },
      responses: { 200: answer('Roles', z.object({ records: z.array(roleSchema), total: z.number().int() })), ...refused },
    }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { page, size, keyword } = c.req.valid('json');
      return ok(c, await listRoles(company.id, page, size, keyword));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/createAuthAppRole`, tags: ['companies'], summary: 'Create a role', request: { body: json(roleInputSchema) }, responses: { 200: answer('Created', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await saveRole(company.id, c.req.valid('json')));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/updateAuthAppRole`, tags: ['companies'], summary: 'Update one of the company’s roles', request: { body: json(roleUpdateSchema) }, responses: { 200: answer('Updated', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await saveRole(company.id, c.req.valid('json')));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/deleteAuthAppRoles`, tags: ['companies'], summary: 'Delete roles of the company', request: { body: json(deleteRolesSchema) }, responses: { 200: answer('How many were deleted', z.number().int()), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await deleteRoles(company.id, c.req.valid('json').authAppRoleIds));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/updateUserInfoInEnterprise`, tags: ['companies'], summary: 'Set a member’s roles and/or departments in the company', request: { body: json(assignRolesSchema) }, responses: { 200: answer('Set', z.null()), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { userId, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
      await assignMemberRoles(company.id, userId, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds });
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/pageUserExts`, tags: ['companies'], summary: 'A page of the company’s members', request: { body: json(memberPageSchema) }, responses: { 200: answer('Members', z.object({ records: z.array(memberSchema), total: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { page, size, keyword, departmentId } = c.req.valid('json');
      return ok(c, await listMembers(company.id, page, size, { keyword, departmentId }));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'get', path: `${A}/role-user`, tags: ['companies'], summary: 'Members holding a role', request: { query: z.object({ roleId: z.coerce.number().int().positive() }) }, responses: { 200: answer('Members', z.array(memberSchema)), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { records } = await listMembers(company.id, 1, 1000, { roleId: c.req.valid('query').roleId });
      return ok(c, records);
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/addUserIntoEnterprise`, tags: ['companies'], summary: 'Add a registered user to the company by account', request: { body: json(addMemberSchema) }, responses: { 200: answer('Added', z.object({ userId: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { account, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
      return ok(c, await addMember(company.id, account, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds }));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/getUserInfoByAccount`, tags: ['companies'], summary: 'Look up a registered user to add', request: { body: json(accountLookupSchema) }, responses: { 200: answer('The user', z.object({ userId: z.number().int(), account: z.string(), name: z.string() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      // Same rule as adding: only an enterprise company's administrators may look accounts up.
      if (company.isPersonal) throw new AppError(ERROR.authError, { message: 'A personal company has no other members' });
      const user = await findUserByAccount(c.req.valid('json').account);
      if (!user) throw new AppError(ERROR.empty, { message: 'No registered user with this account' });
      return ok(c, { userId: user.id, account: user.account, name: user.name });
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/updateUserInfoInEnterpriseIsForbid`, tags: ['companies'], summary: 'Disable or re-enable a member', request: { body: json(forbidMemberSchema) }, responses: { 200: answer('Changed', z.number().int()), ...refused } }),
    async (c) => {
      const session = await requirePermission(c, MEMBERS);
      const { userId, forbidden } = c.req.valid('json');
      return ok(c, await changeMemberAccess(session.company.id, session.user.id, [userId], forbidden ? 'forbid' : 'allow'));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/user/deleteUserInEnterprise`, tags: ['companies'], summary: 'Remove members from the company', request: { body: json(removeMembersSchema) }, responses: { 200: answer('How many were removed', z.number().int()), ...refused } }),
    async (c) => {
      const session = await requirePermission(c, MEMBERS);
      return ok(c, await changeMemberAccess(session.company.id, session.user.id, c.req.valid('json').userIds, 'remove'));
    },
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/listAuthOrganizes`, tags: ['companies'], summary: 'The company’s departments as a tree', responses: { 200: answer('Departments', z.array(departmentNodeSchema)), ...refused } }),
    async (c) => ok(c, await listDepartments((await requirePermission(c, MEMBERS)).company.id)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/createAuthOrganize`, tags: ['companies'], summary: 'Create a department', request: { body: json(departmentInputSchema) }, responses: { 200: answer('Created', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => ok(c, await saveDepartment((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/updateAuthOrganize`, tags: ['companies'], summary: 'Rename or move a department (no cycles)', request: { body: json(departmentUpdateSchema) }, responses: { 200: answer('Updated', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => ok(c, await saveDepartment((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/deleteAuthOrganizes`, tags: ['companies'], summary: 'Delete departments without sub-departments', request: { body: json(deleteDepartmentsSchema) }, responses: { 200: answer('How many were deleted', z.number().int()), ...refused } }),
    async (c) => ok(c, await deleteDepartments((await requirePermission(c, MEMBERS)).company.id, c.req.valid('json').authOrganizeIds)),
  );

  app.openapi(
    createRoute({
      ...access('permission:FUN006'), method: 'post', path: `${A}/organize/status/change`, tags: ['companies'], summary: 'Enable or disable a department', request: { body: json(departmentStatusSchema) }, responses: { 200: answer('Changed', z.null()), ...refused } }),
    async (c) => {
      const { id, status } = c.req.valid('json');
      await setDepartmentStatus((await requirePermission(c, MEMBERS)).company.id, id, status);
      return ok(c, null);
    },
  );

}
