import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  accountCheckSchema,
  accountLookupSchema,
  addMemberSchema,
  assignRolesSchema,
  deleteDepartmentsSchema,
  deleteRolesSchema,
  departmentInputSchema,
  departmentNodeSchema,
  departmentStatusSchema,
  departmentUpdateSchema,
  forbidMemberSchema,
  invitationIdSchema,
  invitationSentSchema,
  receivedInvitationSchema,
  sentInvitationSchema,
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
import { answerInvitation } from '../../companies/answer-invitation';
import { assignMemberRoles } from '../../companies/assign-member-roles';
import { changeMemberAccess } from '../../companies/change-member-access';
import { deleteDepartments } from '../../companies/delete-departments';
import { deleteRoles } from '../../companies/delete-roles';
import { checkInvitableAccount } from '../../companies/check-invitable-account';
import { inviteMember } from '../../companies/invite-member';
import { listReceivedInvitations } from '../../companies/list-received-invitations';
import { listSentInvitations } from '../../companies/list-sent-invitations';
import { withdrawInvitation } from '../../companies/withdraw-invitation';
import { listDepartments } from '../../companies/list-departments';
import { listMembers } from '../../companies/list-members';
import { listRoles } from '../../companies/list-roles';
import { saveDepartment } from '../../companies/save-department';
import { saveRole } from '../../companies/save-role';
import { setDepartmentStatus } from '../../companies/set-department-status';
import { consumeLimit } from '../../security/rate-limit';
import type { CompanyActor } from '../../companies/company-actor';
import type { SessionCompany } from '../../../contracts/identity';
import { requirePermission, requireSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { savedIdSchema, countSchema } from '../../../contracts/common';

const A = '/authcenter';

/** Managing roles and members is FUN006; a company administrator holds it. Everything is scoped to the caller's current company. */
const MEMBERS = 'FUN006';
/** What every managing route shares. */
const managing = { method: 'post', access: `permission:${MEMBERS}`, tag: 'companies', errors: { 403: 'Not allowed to manage this company’s roles (FUN006)' } } as const;
/** Managing is not a way up: what the changing routes refuse besides. */
const bounded = { 403: 'Not allowed to manage this company’s roles (FUN006); codes the caller does not hold (410403); a member above the caller (411403)' } as const;
/** What inviting and looking accounts up refuse besides (docs/product/companies.md#invitations). */
const inviting = {
  403: 'Not allowed to manage this company’s roles (FUN006); a personal company; an upgraded company not yet certified (400007)',
  429: 'Too many lookups or invitations from this user or address',
} as const;
const managedCompany = async (c: Context<ApiEnv>) => (await requirePermission(c, MEMBERS)).company;
/** The company and who manages it: what they hold there bounds what they may hand out. */
async function managingActor(c: Context<ApiEnv>): Promise<{ company: SessionCompany; actor: CompanyActor }> {
  const session = await requirePermission(c, MEMBERS);
  return { company: session.company, actor: { userId: session.user.id, isAdmin: session.company.isCompanyAdmin, permissions: session.permissions } };
}

/** Lookups and invitations count per user and per address (docs/architecture.md#security). */
async function spendInviteLimits(c: Context<ApiEnv>, userId: number): Promise<void> {
  await consumeLimit('memberInvite.user', String(userId));
  await consumeLimit('memberInvite.ip', clientIp(c));
}

export function registerCompanyRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${A}/getRoleAdminOperationAuthority`, access: 'session', tag: 'companies',
    summary: 'Whether the caller may manage roles in the current company',
    answer: ['true or false', z.boolean()],
  }, async (c) => (await requireSession(c)).permissions.includes(MEMBERS));

  defineRoute(app, {
    ...managing, path: `${A}/pageAuthAppRoles`, allowFrozen: true,
    summary: 'A page of the current company’s roles',
    body: rolePageSchema, answer: ['Roles', roleListSchema],
  }, async (c) => {
    const company = await managedCompany(c);
    const { page, size, keyword } = c.req.valid('json');
    return listRoles(company.id, page, size, keyword);
  });

  defineRoute(app, {
    ...managing, path: `${A}/createAuthAppRole`, errors: bounded,
    summary: 'Create a role',
    body: roleInputSchema, answer: ['Created', savedIdSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    return saveRole(company.id, actor, c.req.valid('json'));
  });

  defineRoute(app, {
    ...managing, path: `${A}/updateAuthAppRole`, errors: bounded,
    summary: 'Update one of the company’s roles',
    body: roleUpdateSchema, answer: ['Updated', savedIdSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    return saveRole(company.id, actor, c.req.valid('json'));
  });

  defineRoute(app, {
    ...managing, path: `${A}/deleteAuthAppRoles`, errors: bounded,
    summary: 'Delete roles of the company',
    body: deleteRolesSchema, answer: ['How many were deleted', countSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    return deleteRoles(company.id, actor, c.req.valid('json').authAppRoleIds);
  });

  defineRoute(app, {
    ...managing, path: `${A}/user/updateUserInfoInEnterprise`, errors: bounded,
    summary: 'Set a member’s roles and/or departments in the company',
    body: assignRolesSchema, answer: ['Set', z.null()],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    const { userId, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
    await assignMemberRoles(company.id, actor, userId, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds });
    return null;
  });
  defineRoute(app, {
    ...managing, path: `${A}/user/pageUserExts`, allowFrozen: true,
    summary: 'A page of the company’s members',
    body: memberPageSchema, answer: ['Members', memberListSchema],
  }, async (c) => {
    const company = await managedCompany(c);
    const { page, size, keyword, departmentId } = c.req.valid('json');
    return listMembers(company.id, page, size, { keyword, departmentId });
  });

  defineRoute(app, {
    ...managing, method: 'get', path: `${A}/role-user`,
    summary: 'Members holding a role',
    query: roleMembersQuerySchema, answer: ['Members', z.array(memberSchema)],
  }, async (c) => {
    const company = await managedCompany(c);
    const { records } = await listMembers(company.id, 1, 1000, { roleId: c.req.valid('query').roleId });
    return records;
  });

  defineRoute(app, {
    ...managing, path: `${A}/user/addUserIntoEnterprise`, errors: { ...inviting, 403: `${bounded[403]}; ${inviting[403]}`, 409: 'Already a member' },
    summary: 'Invite an account into the company; it joins only when the invitee accepts',
    body: addMemberSchema, answer: ['Sent, or would have been: the same whether the account exists', invitationSentSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    await spendInviteLimits(c, actor.userId);
    const { account, authAppRoleIds, authOrganizeIds } = c.req.valid('json');
    return inviteMember(company.id, actor, account, { roleIds: authAppRoleIds, departmentIds: authOrganizeIds });
  });

  defineRoute(app, {
    ...managing, path: `${A}/user/getUserInfoByAccount`, allowFrozen: true, errors: { ...managing.errors, ...inviting },
    summary: 'Check an account before inviting it (never tells whether it is registered)',
    body: accountLookupSchema, answer: ['The account as it will be invited', accountCheckSchema],
  }, async (c) => {
    const session = await requirePermission(c, MEMBERS);
    await spendInviteLimits(c, session.user.id);
    return checkInvitableAccount(session.company.id, c.req.valid('json').account);
  });

  defineRoute(app, {
    ...managing, method: 'get', path: `${A}/user/invitations`, allowFrozen: true,
    summary: 'The company’s invitations waiting for an answer',
    answer: ['Pending invitations, oldest first', z.array(sentInvitationSchema)],
  }, async (c) => listSentInvitations((await managedCompany(c)).id));

  defineRoute(app, {
    ...managing, path: `${A}/user/invitations/withdraw`, errors: { ...managing.errors, 404: 'No such pending invitation' },
    summary: 'Withdraw one of the company’s pending invitations',
    body: invitationIdSchema, answer: ['Withdrawn', z.null()],
  }, async (c) => withdrawInvitation((await managedCompany(c)).id, c.req.valid('json').id));

  defineRoute(app, {
    method: 'get', path: `${A}/user/my-invitations`, access: 'session', tag: 'companies', allowFrozen: true,
    summary: 'Invitations to join a company waiting for the caller’s answer',
    answer: ['Pending invitations, newest first', z.array(receivedInvitationSchema)],
  }, async (c) => listReceivedInvitations((await requireSession(c)).user.id));

  for (const answer of ['accept', 'decline'] as const) {
    defineRoute(app, {
      method: 'post', path: `${A}/user/my-invitations/${answer}`, access: 'session', tag: 'companies',
      summary: answer === 'accept' ? 'Accept an invitation: the caller becomes a member' : 'Decline an invitation',
      body: invitationIdSchema, answer: [answer === 'accept' ? 'Joined' : 'Declined', z.null()],
      errors: { 404: 'No such pending invitation for the caller' },
    }, async (c) => answerInvitation((await requireSession(c)).user.id, c.req.valid('json').id, answer));
  }

  defineRoute(app, {
    ...managing, path: `${A}/user/updateUserInfoInEnterpriseIsForbid`, errors: bounded,
    summary: 'Disable or re-enable a member',
    body: forbidMemberSchema, answer: ['Changed', countSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    const { userId, forbidden } = c.req.valid('json');
    return changeMemberAccess(company.id, actor, [userId], forbidden ? 'forbid' : 'allow');
  });

  defineRoute(app, {
    ...managing, path: `${A}/user/deleteUserInEnterprise`, errors: bounded,
    summary: 'Remove members from the company',
    body: removeMembersSchema, answer: ['How many were removed', countSchema],
  }, async (c) => {
    const { company, actor } = await managingActor(c);
    return changeMemberAccess(company.id, actor, c.req.valid('json').userIds, 'remove');
  });

  defineRoute(app, {
    ...managing, path: `${A}/listAuthOrganizes`, allowFrozen: true,
    summary: 'The company’s departments as a tree',
    answer: ['Departments', z.array(departmentNodeSchema)],
  }, async (c) => listDepartments((await managedCompany(c)).id));

  defineRoute(app, {
    ...managing, path: `${A}/createAuthOrganize`,
    summary: 'Create a department',
    body: departmentInputSchema, answer: ['Created', savedIdSchema],
  }, async (c) => saveDepartment((await managedCompany(c)).id, c.req.valid('json')));

  defineRoute(app, {
    ...managing, path: `${A}/updateAuthOrganize`,
    summary: 'Rename or move a department (no cycles)',
    body: departmentUpdateSchema, answer: ['Updated', savedIdSchema],
  }, async (c) => saveDepartment((await managedCompany(c)).id, c.req.valid('json')));

  defineRoute(app, {
    ...managing, path: `${A}/deleteAuthOrganizes`,
    summary: 'Delete departments without sub-departments',
    body: deleteDepartmentsSchema, answer: ['How many were deleted', countSchema],
  }, async (c) => deleteDepartments((await managedCompany(c)).id, c.req.valid('json').authOrganizeIds));

  defineRoute(app, {
    ...managing, path: `${A}/organize/status/change`,
    summary: 'Enable or disable a department',
    body: departmentStatusSchema, answer: ['Changed', z.null()],
  }, async (c) => {
    const { id, status } = c.req.valid('json');
    await setDepartmentStatus((await managedCompany(c)).id, id, status);
    return null;
  });

}
