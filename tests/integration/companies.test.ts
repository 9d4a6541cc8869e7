import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { companies } from '../../src/lib/server/db/schema';
import { forgetSessions } from '../../src/lib/server/identity/session-cache';
import { ERROR } from '../../src/lib/errors';
import { BUYER_PERSONAL_CODES, PERMISSION_CODES } from '../../src/lib/permission-codes';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser, type UserFixture } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string, body?: unknown) => request(path, { token, body });


const enterprise = () => createEnterprise();

/** Invites the user and has them accept (docs/product/companies.md#invitations): the one way anyone becomes a member. */
async function join(adminToken: string, user: UserFixture, roles: { authAppRoleIds?: number[]; authOrganizeIds?: number[] } = {}) {
  expect((await call('/api/authcenter/user/addUserIntoEnterprise', adminToken, { account: user.account, ...roles })).body.code).toBe(200);
  const token = await createSession(user);
  const [invitation] = (await call('/api/authcenter/user/my-invitations', token)).body.data;
  expect((await call('/api/authcenter/user/my-invitations/accept', token, { id: invitation.id })).body.code).toBe(200);
  return token;
}

const me = async (token: string) => (await call('/api/idealab-material/customer/user/info/current', token)).body.data;

describe('roles and permissions (docs/product/routes.md#roles)', () => {
  it('gives a company administrator every code and a plain member none', async () => {
    const e = await enterprise();
    expect((await me(e.adminToken)).permissions).toEqual([...PERMISSION_CODES]);
    expect((await me(e.memberToken)).permissions).toEqual([]);
    expect((await call('/api/authcenter/getRoleAdminOperationAuthority', e.adminToken)).body.data).toBe(true);
    expect((await call('/api/authcenter/getRoleAdminOperationAuthority', e.memberToken)).body.data).toBe(false);
  });

  it('gives a buyer’s personal company only what a buyer does; a supplier’s keeps every code (docs/product/companies.md#companies-and-members)', async () => {
    const buyerToken = await createSession(await createUser({ role: 1 }));
    expect((await me(buyerToken)).permissions).toEqual([...BUYER_PERSONAL_CODES]);
    const refused = await call('/api/idealab-material/v2/material/supplier/list', buyerToken);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ permission: 'FUN001' });
    expect((await call('/api/idealab-material/supplier/sample/apply/list', buyerToken, {})).body.data).toEqual({ permission: 'FUN007' });
    expect((await call('/api/authcenter/getRoleAdminOperationAuthority', buyerToken)).body.data).toBe(false);
    // What a buyer does through the company stays: its certification and profile (FUN012), account settings (FUN005).
    expect((await call('/api/idealab-material/customer/org/info/current', buyerToken)).body.data.canEdit).toBe(true);
    // A supplier's personal company is a supplier's (company role 2), as registering as a supplier, or an approved
    // application, makes it; the user's own type does not decide.
    const supplier = await createUser({ role: 2 });
    const supplierToken = await createSession(supplier);
    expect((await me(supplierToken)).permissions).toEqual([...BUYER_PERSONAL_CODES]);
    await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, supplier.companyId));
    forgetSessions();
    expect((await me(supplierToken)).permissions).toEqual([...PERMISSION_CODES]);
  });

  it('lets the administrator define a role and give it to a member, who then holds its codes', async () => {
    const e = await enterprise();
    const created = await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Material editor', description: 'Edits materials', permissions: ['FUN005', 'FUN001', 'FUN001'] });
    expect(created.body.code).toBe(200);
    const roleId = created.body.data.id;
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', e.adminToken, { userId: e.member.id, authAppRoleIds: [roleId] })).body.code).toBe(200);
    expect((await me(e.memberToken)).permissions).toEqual(['FUN001', 'FUN005']);
    const page = await call('/api/authcenter/pageAuthAppRoles', e.adminToken, { page: 1, size: 10, keyword: 'editor' });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0]).toMatchObject({ id: roleId, orgId: e.companyId, name: 'Material editor', permissions: ['FUN001', 'FUN005'], memberCount: 1 });
    // Changing the role changes what its members hold.
    expect((await call('/api/authcenter/updateAuthAppRole', e.adminToken, { id: roleId, name: 'Material lead', permissions: ['FUN005'] })).body.data).toEqual({ id: roleId });
    expect((await me(e.memberToken)).permissions).toEqual(['FUN005']);
    // Removing the role takes the codes away at once.
    expect((await call('/api/authcenter/deleteAuthAppRoles', e.adminToken, { authAppRoleIds: [roleId] })).body.data).toBe(1);
    expect((await me(e.memberToken)).permissions).toEqual([]);
  });

  it('refuses members without the permission', async () => {
    const e = await enterprise();
    const res = await call('/api/authcenter/createAuthAppRole', e.memberToken, { name: 'Sneaky', permissions: ['FUN012'] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERROR.authError);
    expect((await call('/api/authcenter/pageAuthAppRoles', e.memberToken, {})).status).toBe(403);
  });

  it('never reaches into another company', async () => {
    const a = await enterprise();
    const b = await enterprise();
    const roleId = (await call('/api/authcenter/createAuthAppRole', a.adminToken, { name: 'A only', permissions: ['FUN001'] })).body.data.id;
    expect((await call('/api/authcenter/updateAuthAppRole', b.adminToken, { id: roleId, name: 'Hijacked', permissions: ['FUN012'] })).body.code).toBe(ERROR.empty);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', b.adminToken, { userId: b.member.id, authAppRoleIds: [roleId] })).body.code).toBe(ERROR.empty);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', b.adminToken, { userId: a.member.id, authAppRoleIds: [] })).body.code).toBe(ERROR.empty);
    expect((await call('/api/authcenter/deleteAuthAppRoles', b.adminToken, { authAppRoleIds: [roleId] })).body.data).toBe(0);
    expect((await call('/api/authcenter/pageAuthAppRoles', b.adminToken, {})).body.data.total).toBe(0);
    const still = (await call('/api/authcenter/pageAuthAppRoles', a.adminToken, {})).body.data.records[0];
    expect(still).toMatchObject({ name: 'A only', permissions: ['FUN001'] });
  });

  it('checks role input field by field', async () => {
    const e = await enterprise();
    await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Buyer desk' });
    const taken = await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Buyer desk' });
    expect(taken.body.data.fields).toEqual([{ field: 'name', message: 'A role with this name already exists' }]);
    const bad = await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'x'.repeat(31), permissions: ['FUN999'] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'permissions[0]']);
  });
});

describe('managing is not a way up (docs/product/companies.md#granting)', () => {
  const ALL = [...PERMISSION_CODES];
  /** An enterprise whose plain member manages roles (FUN006, plus FUN004), with a third member holding every code. */
  async function delegated() {
    const e = await enterprise();
    const managerRole = (await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Manager', permissions: ['FUN006', 'FUN004'] })).body.data.id;
    const everything = (await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Everything', permissions: ALL })).body.data.id;
    const viewer = (await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Viewer', permissions: ['FUN004'] })).body.data.id;
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', e.adminToken, { userId: e.member.id, authAppRoleIds: [managerRole] })).body.code).toBe(200);
    const lead = await createUser();
    const plain = await createUser();
    for (const [user, roles] of [[lead, [everything]], [plain, []]] as const) await join(e.adminToken, user, { authAppRoleIds: [...roles] });
    return { ...e, managerToken: e.memberToken, managerRole, everything, viewer, lead, plain };
  }

  it('refuses a role with codes the manager does not hold, naming them, in the caller’s language', async () => {
    const d = await delegated();
    const res = await call('/api/authcenter/createAuthAppRole', d.managerToken, { name: 'Takeover', permissions: ALL });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERROR.permissionNotHeld);
    expect(res.body.msg).toBe('You cannot grant or change permissions you do not hold yourself');
    expect(res.body.data.permissions).toEqual(ALL.filter((code) => code !== 'FUN004' && code !== 'FUN006'));
    const cn = await request('/api/authcenter/createAuthAppRole', { token: d.managerToken, body: { name: 'Takeover', permissions: ['FUN012'] }, lang: 'zh-CN' });
    expect(cn.body.msg).toBe('不能授予或修改你自己没有的权限');
    expect((await call('/api/authcenter/pageAuthAppRoles', d.adminToken, { keyword: 'Takeover' })).body.data.total).toBe(0);
    // Within what they hold, they may.
    expect((await call('/api/authcenter/createAuthAppRole', d.managerToken, { name: 'Sharer', permissions: ['FUN004'] })).body.code).toBe(200);
  });

  it('refuses raising oneself: a bigger role for oneself, or more codes in one’s own role', async () => {
    const d = await delegated();
    const self = await call('/api/authcenter/user/updateUserInfoInEnterprise', d.managerToken, { userId: d.member.id, authAppRoleIds: [d.managerRole, d.everything] });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe(ERROR.permissionNotHeld);
    const grow = await call('/api/authcenter/updateAuthAppRole', d.managerToken, { id: d.managerRole, name: 'Manager', permissions: ['FUN006', 'FUN004', 'FUN012'] });
    expect(grow.body.code).toBe(ERROR.permissionNotHeld);
    expect((await me(d.managerToken)).permissions).toEqual(['FUN004', 'FUN006']);
  });

  it('refuses giving anyone a role beyond the manager’s codes, or changing or deleting such a role', async () => {
    const d = await delegated();
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', d.managerToken, { userId: d.plain.id, authAppRoleIds: [d.everything] })).body.code).toBe(ERROR.permissionNotHeld);
    const newcomer = await createUser();
    expect((await call('/api/authcenter/user/addUserIntoEnterprise', d.managerToken, { account: newcomer.account, authAppRoleIds: [d.everything] })).body.code).toBe(ERROR.permissionNotHeld);
    expect((await call('/api/authcenter/user/pageUserExts', d.adminToken, { keyword: newcomer.account })).body.data.total).toBe(0);
    // Narrowing or deleting a role above them would act on its members.
    expect((await call('/api/authcenter/updateAuthAppRole', d.managerToken, { id: d.everything, name: 'Everything', permissions: ['FUN004'] })).body.code).toBe(ERROR.permissionNotHeld);
    expect((await call('/api/authcenter/deleteAuthAppRoles', d.managerToken, { authAppRoleIds: [d.everything] })).body.code).toBe(ERROR.permissionNotHeld);
    expect((await call('/api/authcenter/pageAuthAppRoles', d.adminToken, { keyword: 'Everything' })).body.data.records[0]).toMatchObject({ permissions: ALL, memberCount: 1 });
    // A plain member and a role within the manager's codes are theirs to manage.
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', d.managerToken, { userId: d.plain.id, authAppRoleIds: [d.viewer] })).body.code).toBe(200);
    expect((await call('/api/authcenter/updateAuthAppRole', d.managerToken, { id: d.viewer, name: 'Viewer', permissions: ['FUN004', 'FUN006'] })).body.code).toBe(200);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterpriseIsForbid', d.managerToken, { userId: d.plain.id, forbidden: true })).body.code).toBe(200);
  });

  it('refuses acting on the administrator or a member holding codes the manager lacks', async () => {
    const d = await delegated();
    for (const target of [d.admin.id, d.lead.id]) {
      const changes = [
        ['/api/authcenter/user/updateUserInfoInEnterprise', { userId: target, authAppRoleIds: [] }],
        ['/api/authcenter/user/updateUserInfoInEnterprise', { userId: target, authOrganizeIds: [] }],
        ['/api/authcenter/user/updateUserInfoInEnterpriseIsForbid', { userId: target, forbidden: true }],
        ['/api/authcenter/user/deleteUserInEnterprise', { userIds: [d.plain.id, target] }],
      ] as const;
      for (const [path, body] of changes) {
        const res = await call(path, d.managerToken, body);
        expect(res.status, `${path} ${target}`).toBe(403);
        expect(res.body.code, `${path} ${target}`).toBe(ERROR.memberOutranks);
      }
    }
    const members = (await call('/api/authcenter/user/pageUserExts', d.adminToken, {})).body.data.records;
    expect(members.find((m: { userId: number }) => m.userId === d.lead.id)).toMatchObject({ forbidden: false, roles: [{ id: d.everything, name: 'Everything' }] });
    expect(members.map((m: { userId: number }) => m.userId)).toContain(d.plain.id);
  });

  it('leaves the administrator full power', async () => {
    const d = await delegated();
    expect((await call('/api/authcenter/updateAuthAppRole', d.adminToken, { id: d.managerRole, name: 'Manager', permissions: ALL })).body.code).toBe(200);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterprise', d.adminToken, { userId: d.lead.id, authAppRoleIds: [d.viewer] })).body.code).toBe(200);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterpriseIsForbid', d.adminToken, { userId: d.member.id, forbidden: true })).body.code).toBe(200);
    expect((await call('/api/authcenter/user/deleteUserInEnterprise', d.adminToken, { userIds: [d.member.id, d.lead.id] })).body.data).toBe(2);
    expect((await call('/api/authcenter/deleteAuthAppRoles', d.adminToken, { authAppRoleIds: [d.everything, d.managerRole] })).body.data).toBe(2);
  });
});

describe('members and departments (docs/product/companies.md#calls user-ext, organize)', () => {
  it('adds a registered user by invitation, lists, disables and removes members', async () => {
    const e = await enterprise();
    const newcomer = await createUser();
    const roleId = (await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Viewer', permissions: ['FUN004'] })).body.data.id;
    const dept = (await call('/api/authcenter/createAuthOrganize', e.adminToken, { name: 'Design' })).body.data.id;
    await join(e.adminToken, newcomer, { authAppRoleIds: [roleId], authOrganizeIds: [dept] });
    expect((await call('/api/authcenter/user/addUserIntoEnterprise', e.adminToken, { account: newcomer.account })).status).toBe(409);
    const inDept = await call('/api/authcenter/user/pageUserExts', e.adminToken, { departmentId: dept });
    expect(inDept.body.data.records).toEqual([expect.objectContaining({ userId: newcomer.id, roles: [{ id: roleId, name: 'Viewer' }], departments: [{ id: dept, name: 'Design' }], forbidden: false })]);
    expect((await call(`/api/authcenter/role-user?roleId=${roleId}`, e.adminToken)).body.data.map((m: { userId: number }) => m.userId)).toEqual([newcomer.id]);
    // The newcomer can now pick the company; disabled, it disappears from their list.
    const theirs = await createSession(newcomer);
    const companiesOf = async () => (await call('/api/idealab-material/passport/company/list', theirs)).body.data.map((x: { id: number }) => x.id);
    expect(await companiesOf()).toContain(e.companyId);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterpriseIsForbid', e.adminToken, { userId: newcomer.id, forbidden: true })).body.code).toBe(200);
    expect(await companiesOf()).not.toContain(e.companyId);
    expect((await call(`/api/idealab-material/passport/select-company?companyId=${e.companyId}`, theirs)).status).toBe(403);
    expect((await call('/api/authcenter/user/deleteUserInEnterprise', e.adminToken, { userIds: [newcomer.id] })).body.data).toBe(1);
    expect((await call('/api/authcenter/user/pageUserExts', e.adminToken, {})).body.data.total).toBe(2);
  });

  it('keeps the company governable: no self-removal, always an administrator', async () => {
    const e = await enterprise();
    expect((await call('/api/authcenter/user/deleteUserInEnterprise', e.adminToken, { userIds: [e.admin.id] })).status).toBe(409);
    expect((await call('/api/authcenter/user/updateUserInfoInEnterpriseIsForbid', e.adminToken, { userId: e.admin.id, forbidden: true })).status).toBe(409);
    expect((await call('/api/authcenter/user/deleteUserInEnterprise', e.memberToken, { userIds: [e.admin.id] })).status).toBe(403);
  });

  it('refuses to add members to a personal company or look accounts up from one', async () => {
    const solo = await createUser({ role: 2 });
    const token = await createSession(solo);
    const other = await createUser();
    expect((await call('/api/authcenter/user/getUserInfoByAccount', token, { account: other.account })).status).toBe(403);
    expect((await call('/api/authcenter/user/addUserIntoEnterprise', token, { account: other.account })).status).toBe(403);
  });

  it('keeps departments a tree of the company’s own', async () => {
    const e = await enterprise();
    const other = await enterprise();
    const root = (await call('/api/authcenter/createAuthOrganize', e.adminToken, { name: 'Sourcing' })).body.data.id;
    const child = (await call('/api/authcenter/createAuthOrganize', e.adminToken, { name: 'Leather', parentId: root })).body.data.id;
    const tree = (await call('/api/authcenter/listAuthOrganizes', e.adminToken, {})).body.data;
    expect(tree).toEqual([expect.objectContaining({ id: root, children: [expect.objectContaining({ id: child, children: [] })] })]);
    expect((await call('/api/authcenter/updateAuthOrganize', e.adminToken, { id: child, name: 'Leather goods', parentId: root })).body.data).toEqual({ id: child });
    expect((await call('/api/authcenter/listAuthOrganizes', e.adminToken, {})).body.data[0].children[0].name).toBe('Leather goods');
    const cycle = await call('/api/authcenter/updateAuthOrganize', e.adminToken, { id: root, name: 'Sourcing', parentId: child });
    expect(cycle.body.data.fields[0].field).toBe('parentId');
    expect((await call('/api/authcenter/createAuthOrganize', other.adminToken, { name: 'Sneaky', parentId: root })).status).toBe(422);
    expect((await call('/api/authcenter/deleteAuthOrganizes', e.adminToken, { authOrganizeIds: [root] })).status).toBe(409);
    expect((await call('/api/authcenter/organize/status/change', other.adminToken, { id: child, status: 0 })).body.code).toBe(ERROR.empty);
    expect((await call('/api/authcenter/organize/status/change', e.adminToken, { id: child, status: 0 })).body.code).toBe(200);
    expect((await call('/api/authcenter/deleteAuthOrganizes', e.adminToken, { authOrganizeIds: [root, child] })).body.data).toBe(2);
  });
});
