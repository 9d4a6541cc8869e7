import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { assignRolesSchema, deleteRolesSchema, roleInputSchema, rolePageSchema, roleSchema, roleUpdateSchema } from '../../../contracts/companies';
import { assignMemberRoles } from '../../companies/assign-member-roles';
import { deleteRoles } from '../../companies/delete-roles';
import { listRoles } from '../../companies/list-roles';
import { saveRole } from '../../companies/save-role';
import { requirePermission, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { envelopeOf, errorEnvelopeSchema, ok } from '../envelope';

const A = '/authcenter';
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema: envelopeOf(schema) } } });
const refused = {
  403: { description: 'Not allowed to manage this company’s roles (FUN006)', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  422: { description: 'Invalid input', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};
/** Managing roles and members is FUN006; a company administrator holds it. Everything is scoped to the caller's current company. */
const MEMBERS = 'FUN006';

export function registerCompanyRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({ method: 'get', path: `${A}/getRoleAdminOperationAuthority`, tags: ['companies'], summary: 'Whether the caller may manage roles in the current company', responses: { 200: answer('true or false', z.boolean()) } }),
    async (c) => ok(c, (await requireSession(c)).permissions.includes(MEMBERS)),
  );

  app.openapi(
    createRoute({
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
    createRoute({ method: 'post', path: `${A}/createAuthAppRole`, tags: ['companies'], summary: 'Create a role', request: { body: json(roleInputSchema) }, responses: { 200: answer('Created', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await saveRole(company.id, c.req.valid('json')));
    },
  );

  app.openapi(
    createRoute({ method: 'post', path: `${A}/updateAuthAppRole`, tags: ['companies'], summary: 'Update one of the company’s roles', request: { body: json(roleUpdateSchema) }, responses: { 200: answer('Updated', z.object({ id: z.number().int() })), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await saveRole(company.id, c.req.valid('json')));
    },
  );

  app.openapi(
    createRoute({ method: 'post', path: `${A}/deleteAuthAppRoles`, tags: ['companies'], summary: 'Delete roles of the company', request: { body: json(deleteRolesSchema) }, responses: { 200: answer('How many were deleted', z.number().int()), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      return ok(c, await deleteRoles(company.id, c.req.valid('json').authAppRoleIds));
    },
  );

  app.openapi(
    createRoute({ method: 'post', path: `${A}/user/updateUserInfoInEnterprise`, tags: ['companies'], summary: 'Set a member’s roles in the company', request: { body: json(assignRolesSchema) }, responses: { 200: answer('Set', z.null()), ...refused } }),
    async (c) => {
      const { company } = await requirePermission(c, MEMBERS);
      const { userId, authAppRoleIds } = c.req.valid('json');
      await assignMemberRoles(company.id, userId, authAppRoleIds);
      return ok(c, null);
    },
  );
}
