import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { LIMITS } from '../../src/lib/server/security/rate-limit';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyInvitations, companyMembers, notifications, users } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string, body?: unknown, options: { ip?: string; lang?: string } = {}) => request(path, { token, body, ...options });
const A = '/api/authcenter';

const invite = (token: string, account: string, extra: Record<string, unknown> = {}, options: { ip?: string; lang?: string } = {}) =>
  call(`${A}/user/addUserIntoEnterprise`, token, { account, ...extra }, options);
const received = async (token: string) => (await call(`${A}/user/my-invitations`, token)).body.data as { id: number; companyId: number; companyName: string; inviterName: string }[];
const pending = async (token: string) => (await call(`${A}/user/invitations`, token)).body.data as { id: number; account: string }[];
const isMember = async (companyId: number, userId: number) =>
  (await getDb().select().from(companyMembers).where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))).length === 1;

describe('members join by invitation (docs/product/companies.md#invitations)', () => {
  it('makes nobody a member until they accept; the invitee is told and accepts with the roles chosen', async () => {
    const e = await createEnterprise();
    const invitee = await createUser();
    const roleId = (await call(`${A}/createAuthAppRole`, e.adminToken, { name: 'Viewer', permissions: ['FUN004'] })).body.data.id;
    const sent = await invite(e.adminToken, invitee.account.toUpperCase(), { authAppRoleIds: [roleId] });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ account: invitee.account, expiresAt: expect.any(String) });
    expect(await isMember(e.companyId, invitee.id)).toBe(false);

    // The administrator sees it pending, under the account typed, and nothing about whose it is.
    expect(await pending(e.adminToken)).toEqual([{ id: expect.any(Number), account: invitee.account, createdAt: expect.any(String), expiresAt: sent.body.data.expiresAt }]);
    // The invitee hears of it in their news and finds it waiting for an answer.
    const news = await getDb().select().from(notifications).where(eq(notifications.userId, invitee.id));
    expect(news).toEqual([expect.objectContaining({ kind: 'company-invited', companyId: e.companyId })]);
    const token = await createSession(invitee);
    const [invitation] = await received(token);
    expect(invitation).toMatchObject({ companyId: e.companyId, inviterName: 'Test User' });
    // Inviting again renews the same invitation (its roles are the latest chosen) without telling the invitee twice.
    expect((await invite(e.adminToken, invitee.account, { authAppRoleIds: [roleId] })).status).toBe(200);
    expect(await received(token)).toHaveLength(1);
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, invitee.id))).toHaveLength(1);

    // Nobody else can answer it.
    const stranger = await createSession(await createUser());
    expect((await call(`${A}/user/my-invitations/accept`, stranger, { id: invitation!.id })).status).toBe(404);
    expect((await call(`${A}/user/my-invitations/accept`, e.adminToken, { id: invitation!.id })).status).toBe(404);

    expect((await call(`${A}/user/my-invitations/accept`, token, { id: invitation!.id })).body.code).toBe(200);
    expect(await isMember(e.companyId, invitee.id)).toBe(true);
    const members = (await call(`${A}/user/pageUserExts`, e.adminToken, { keyword: invitee.account })).body.data.records;
    expect(members).toEqual([expect.objectContaining({ userId: invitee.id, roles: [{ id: roleId, name: 'Viewer' }] })]);
    expect(await pending(e.adminToken)).toEqual([]);
    expect(await received(token)).toEqual([]);
    // Answered once: never again.
    expect((await call(`${A}/user/my-invitations/decline`, token, { id: invitation!.id })).status).toBe(404);
  });

  it('lets the invitee decline and the company withdraw; neither makes a member', async () => {
    const e = await createEnterprise();
    const [declining, withdrawn] = [await createUser(), await createUser()];
    await invite(e.adminToken, declining.account);
    await invite(e.adminToken, withdrawn.account);
    const declineToken = await createSession(declining);
    expect((await call(`${A}/user/my-invitations/decline`, declineToken, { id: (await received(declineToken))[0]!.id })).body.code).toBe(200);

    const withdrawnToken = await createSession(withdrawn);
    const [theirs] = await received(withdrawnToken);
    const listed = await pending(e.adminToken);
    expect(listed.map((i) => i.account)).toEqual([withdrawn.account]);
    // Another company cannot withdraw it; the inviting company can.
    const other = await createEnterprise();
    expect((await call(`${A}/user/invitations/withdraw`, other.adminToken, { id: listed[0]!.id })).status).toBe(404);
    expect((await call(`${A}/user/invitations/withdraw`, e.adminToken, { id: listed[0]!.id })).body.code).toBe(200);
    expect((await call(`${A}/user/my-invitations/accept`, withdrawnToken, { id: theirs!.id })).status).toBe(404);
    expect(await isMember(e.companyId, declining.id)).toBe(false);
    expect(await isMember(e.companyId, withdrawn.id)).toBe(false);
    expect(await pending(e.adminToken)).toEqual([]);
  });

  it('lets an invitation expire', async () => {
    const e = await createEnterprise();
    const invitee = await createUser();
    await invite(e.adminToken, invitee.account);
    const token = await createSession(invitee);
    const [invitation] = await received(token);
    await getDb().update(companyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyInvitations.id, invitation!.id));
    expect(await received(token)).toEqual([]);
    expect(await pending(e.adminToken)).toEqual([]);
    expect((await call(`${A}/user/my-invitations/accept`, token, { id: invitation!.id })).status).toBe(404);
    expect(await isMember(e.companyId, invitee.id)).toBe(false);
    // A new invitation replaces the expired one.
    expect((await invite(e.adminToken, invitee.account)).status).toBe(200);
    expect(await received(token)).toHaveLength(1);
  });
});

describe('lookups tell nothing about accounts (docs/product/companies.md#invitations)', () => {
  it('answers the same for a registered account, the administrator’s, and one nobody holds', async () => {
    const e = await createEnterprise();
    const known = await createUser();
    const [operator] = await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, (await createUser()).id)).returning({ account: users.account });
    const unknown = `nobody-${Date.now()}@test.matlib`;
    const strip = (body: { data: Record<string, unknown> }, account: string) => JSON.stringify({ ...body, data: { ...body.data, account: body.data.account === account ? 'same' : body.data.account, expiresAt: 'x' } });
    for (const account of [known.account, operator!.account, unknown]) {
      const looked = await call(`${A}/user/getUserInfoByAccount`, e.adminToken, { account });
      expect(looked.status).toBe(200);
      expect(looked.body.data).toEqual({ account });
      const sent = await invite(e.adminToken, account);
      expect(strip(sent.body, account)).toBe(strip((await invite(e.adminToken, unknown)).body, unknown));
    }
    // The pending list shows what was typed, the unknown account too, and no names.
    expect((await pending(e.adminToken)).map((i) => i.account).sort()).toEqual([known.account, operator!.account, unknown].sort());
    expect(JSON.stringify(await pending(e.adminToken))).not.toContain('Test User');
  });

  it('counts lookups and invitations per user and per address', async () => {
    const e = await createEnterprise();
    const perUser = LIMITS['memberInvite.user'].points;
    for (let i = 0; i < perUser; i += 1) expect((await call(`${A}/user/getUserInfoByAccount`, e.adminToken, { account: `a${i}@x.test` }, { ip: `10.9.0.${i + 1}` })).status).toBe(200);
    const limited = await invite(e.adminToken, 'one-more@x.test', {}, { ip: '10.9.1.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ERROR.rateLimited);

    // From one address, several administrators together get no more than the address's count.
    const perIp = LIMITS['memberInvite.ip'].points;
    const admins = await Promise.all(Array.from({ length: Math.ceil(perIp / perUser) + 1 }, () => createEnterprise()));
    let refused = 0;
    for (let i = 0; i <= perIp; i += 1) {
      const admin = admins[Math.floor(i / (perUser - 1))]!;
      if ((await call(`${A}/user/getUserInfoByAccount`, admin.adminToken, { account: `b${i}@x.test` }, { ip: '10.9.2.1' })).status === 429) refused += 1;
    }
    expect(refused).toBe(1);
  });
});

describe('an upgraded company invites once certified (docs/product/companies.md#invitations)', () => {
  it('refuses invitations and lookups from an upgraded company until a platform administrator certifies it', async () => {
    const founder = await createUser({ role: 2 });
    const token = await createSession(founder);
    const details = { orgName: 'Self Made Ltd', mobile: '+86 138 0000 0000' };
    expect((await call(`${A}/mp/cc/upgrade/improve`, token, details)).status).toBe(200);
    const companyId = (await request(`${A}/mp/cc/upgrade/submit`, { token, method: 'POST' })).body.data.company.id as number;
    const target = await createUser();

    const refused = await invite(token, target.account);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR.notCertified);
    expect(refused.body.data).toEqual({ gate: 'company' });
    expect(refused.body.msg).toBe('Your company can invite members once its certification has been approved: submit it under Certification');
    expect((await invite(token, target.account, {}, { lang: 'zh-CN' })).body.msg).toBe('企业通过实名认证审核后才能邀请成员，请先在“认证信息”中提交企业认证');
    expect((await call(`${A}/user/getUserInfoByAccount`, token, { account: target.account })).body.code).toBe(ERROR.notCertified);
    expect(await getDb().select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId))).toEqual([]);
    expect(await getDb().select().from(notifications).where(eq(notifications.userId, target.id))).toEqual([]);

    // Certified through the review every company goes through, it may invite.
    const reviewer = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, reviewer.id));
    const reviewerToken = await createSession(reviewer);
    const org = { legalName: 'Self Made Ltd', socialCreditCode: '91350100M000100Y43', businessLicenceNo: '91350100M000100Y43', legalRepresentative: '陈某', contactName: '陈联系', contactPhone: '+86 138 0000 0000' };
    const id = (await call('/api/idealab-material/real-name/auth/org', token, org)).body.data.id;
    expect((await call('/api/idealab-material/real-name/review/approve', reviewerToken, { id })).body.code).toBe(200);
    expect((await getDb().select({ s: companies.corpCerStatus }).from(companies).where(eq(companies.id, companyId)))[0]?.s).toBe(2);
    expect((await invite(token, target.account)).status).toBe(200);
  });
});
