/**
 * The user center's calls beyond sign-in: whether an address is taken, the sign-in name, a company's details for its
 * members, departments by page, a role's codes, the people a caller may see, upgrading a personal company, the
 * "contact us" form and the dictionary calls (docs/product/identity.md, docs/product/companies.md,
 * docs/product/contact.md, docs/product/catalogue.md#dictionaries).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { listContactMessages } from '../../src/lib/server/contact/list-contact-messages';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, companyRoles, companyUpgrades, contactMessages, sampleRequestEvents, sampleRequests, sessions, users } from '../../src/lib/server/db/schema';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { forgetSessions } from '../../src/lib/server/identity/session-cache';
import { seedCatalogue } from '../../src/lib/server/seed/catalogue';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser, signInTo } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string | undefined, body?: unknown, ip?: string) => request(path, { token, body, ip });
const A = '/api/authcenter';
const P = '/api/idealab-material/passport';

describe('is an address taken (mp/uc/register/duplicate)', () => {
  const duplicate = (account: string, ip: string, token?: string) => call(`${A}/mp/uc/register/duplicate`, token, { account }, ip);

  it('tells only someone who has proved the address; to anyone else a taken address reads as free', async () => {
    const owner = await createUser();
    const free = `free-${randomUUID()}@test.matlib`;
    expect((await duplicate(free, '10.71.0.1')).body.data).toEqual({ duplicate: false });
    // A stranger learns nothing: the same answer as for a free address.
    expect((await duplicate(owner.account, '10.71.0.1')).body.data).toEqual({ duplicate: false });
    // The owner, signed in, is told.
    expect((await duplicate(owner.account, '10.71.0.2', await createSession(owner))).body.data).toEqual({ duplicate: true });
    // So is an address where the right password for it was given.
    expect((await call(`${P}/login/1`, undefined, { account: owner.account, password: owner.password }, '10.71.0.3')).status).toBe(200);
    expect((await duplicate(owner.account.toUpperCase(), '10.71.0.3')).body.data).toEqual({ duplicate: true });
    expect((await duplicate(owner.account, '10.71.0.4')).body.data).toEqual({ duplicate: false });
  });

  it('counts each check like a code request: the address’s hourly budget is shared with sending codes', async () => {
    const ip = '10.71.1.1';
    for (let i = 0; i < 29; i += 1) expect((await duplicate(`n${i}-${randomUUID()}@test.matlib`, ip)).status).toBe(200);
    expect((await request(`${P}/verify/code/send?account=${encodeURIComponent(`last-${randomUUID()}@test.matlib`)}&type=3`, { ip, headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    const limited = await duplicate(`over-${randomUUID()}@test.matlib`, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.data.retryAfter).toBeGreaterThan(0);
  });

  it('refuses what is not a mobile number or an e-mail address', async () => {
    const res = await duplicate('not an address', '10.71.2.1');
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0]).toMatchObject({ field: 'account' });
  });
});

describe('the sign-in name (v1.0/user/update/account)', () => {
  it('takes one of the account’s own bound addresses, which then signs in, and refuses anything else unchanged', async () => {
    const user = await createUser();
    const other = await createUser();
    const mobile = `+8613${String(Date.now()).slice(-9)}`;
    await getDb().update(users).set({ mobile }).where(eq(users.id, user.id));
    const token = await createSession(user);
    for (const account of [`+8612${String(Date.now()).slice(-9)}`, other.account]) {
      const refused = await call(`${A}/v1.0/user/update/account`, token, { account });
      expect(refused.status).toBe(422);
      expect(refused.body.data.fields[0]).toMatchObject({ field: 'account' });
    }
    expect((await getDb().select({ account: users.account }).from(users).where(eq(users.id, user.id)))[0]?.account).toBe(user.account);
    expect((await call(`${A}/v1.0/user/update/account`, token, { account: 'bad value' })).status).toBe(422);

    const renamed = await call(`${A}/v1.0/user/update/account`, token, { account: mobile });
    expect(renamed.body.data).toEqual({ account: mobile, email: user.account, mobile });
    expect((await call('/api/idealab-material/customer/user/info/current', token)).body.data.user.account).toBe(mobile);
    expect((await call(`${P}/login/1`, undefined, { account: mobile, password: user.password }, '10.72.0.1')).status).toBe(200);
    // The e-mail still signs in, and can be made the name again.
    expect((await call(`${A}/v1.0/user/update/account`, token, { account: user.account.toUpperCase() })).body.data.account).toBe(user.account);
  });
});

describe('a company’s details for its members (v1.0/tenant/detail, company/get/info)', () => {
  it('answers a company the caller works in, with its size, administrators and the caller’s place', async () => {
    const e = await createEnterprise();
    const detail = await call(`${A}/v1.0/tenant/detail?companyId=${e.companyId}`, e.memberToken);
    expect(detail.body.data).toMatchObject({ id: e.companyId, isPersonal: false, role: 2, memberCount: 2, departmentCount: 0, roleCount: 0, isCompanyAdmin: false, isCurrent: true, permissions: [], enterpriseLibrary: false });
    expect(detail.body.data.admins).toEqual([{ userId: e.admin.id, name: 'Test User' }]);
    const current = await call(`${A}/company/get/info`, e.adminToken);
    expect(current.body.data).toMatchObject({ id: e.companyId, isCompanyAdmin: true, isCurrent: true });
    expect(current.body.data.permissions).toContain('FUN013');
    // The member's personal company is theirs too, though not current.
    expect((await call(`${A}/v1.0/tenant/detail?companyId=${e.member.companyId}`, e.memberToken)).body.data).toMatchObject({ isPersonal: true, isCurrent: false, memberCount: 1 });
  });

  it('answers another company, a disabled member’s and an unknown id as not found', async () => {
    const e = await createEnterprise();
    const other = await createEnterprise();
    for (const id of [other.companyId, 999_999_999]) {
      const res = await call(`${A}/v1.0/tenant/detail?companyId=${id}`, e.adminToken);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ERROR.empty);
    }
    await getDb().update(companyMembers).set({ forbidden: true }).where(and(eq(companyMembers.companyId, e.companyId), eq(companyMembers.userId, e.member.id)));
    forgetSessions();
    expect((await call(`${A}/v1.0/tenant/detail?companyId=${e.companyId}`, await signInTo(e.member, e.member.companyId))).status).toBe(404);
    expect((await call(`${A}/v1.0/tenant/detail?companyId=abc`, e.adminToken)).status).toBe(422);
  });

  it('answers company/get/info without a current company as not found', async () => {
    const user = await createUser();
    const token = await createSession(user);
    await getDb().update(sessions).set({ companyId: null }).where(eq(sessions.tokenHash, hashSessionToken(token)));
    forgetSessions();
    expect((await call(`${A}/company/get/info`, token)).status).toBe(404);
  });
});

describe('departments by page (pageAuthOrganizes)', () => {
  it('pages the company’s departments flat, by sort then name, with member counts and filters', async () => {
    const e = await createEnterprise();
    const make = async (name: string, sort: number, parentId: number | null = null) => (await call(`${A}/createAuthOrganize`, e.adminToken, { name, sort, parentId })).body.data.id as number;
    const design = await make('Design', 2);
    const buying = await make('Buying', 1);
    await make('Shoes', 0, design);
    await make('Bags', 0, design);
    await call(`${A}/user/updateUserInfoInEnterprise`, e.adminToken, { userId: e.member.id, authOrganizeIds: [design] });
    const other = await createEnterprise();
    await call(`${A}/createAuthOrganize`, other.adminToken, { name: 'Design elsewhere' });

    const first = await call(`${A}/pageAuthOrganizes`, e.adminToken, { page: 1, size: 3 });
    expect(first.body.data.total).toBe(4);
    expect(first.body.data.records.map((d: { name: string }) => d.name)).toEqual(['Bags', 'Shoes', 'Buying']);
    const second = await call(`${A}/pageAuthOrganizes`, e.adminToken, { page: 2, size: 3 });
    expect(second.body.data.records).toEqual([{ id: design, name: 'Design', parentId: null, status: 1, sort: 2, memberCount: 1 }]);
    expect((await call(`${A}/pageAuthOrganizes`, e.adminToken, { parentId: null })).body.data.records.map((d: { id: number }) => d.id)).toEqual([buying, design]);
    expect((await call(`${A}/pageAuthOrganizes`, e.adminToken, { parentId: design })).body.data.total).toBe(2);
    expect((await call(`${A}/pageAuthOrganizes`, e.adminToken, { keyword: 'desi' })).body.data.total).toBe(1);
  });

  it('refuses bad paging and members without FUN006', async () => {
    const e = await createEnterprise();
    for (const body of [{ size: 101 }, { page: 0 }, { status: 2 }, { keyword: 'x'.repeat(31) }]) expect((await call(`${A}/pageAuthOrganizes`, e.adminToken, body)).status).toBe(422);
    const refused = await call(`${A}/pageAuthOrganizes`, e.memberToken, {});
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ permission: 'FUN006' });
  });
});

describe('a role’s codes (org/role/auth/{id}, org/role/perms/{id})', () => {
  const perms = (id: number, token: string) => call(`/api/idealab-material/org/role/perms/${id}`, token);
  const setPerms = (id: number, token: string, permissions: unknown) => call(`/api/idealab-material/org/role/auth/${id}`, token, { permissions });

  it('lets the company’s administrator set and read a role’s codes, which its members then hold', async () => {
    const e = await createEnterprise();
    const roleId = (await call(`${A}/createAuthAppRole`, e.adminToken, { name: 'Librarian', permissions: ['FUN001'] })).body.data.id as number;
    await call(`${A}/user/updateUserInfoInEnterprise`, e.adminToken, { userId: e.member.id, authAppRoleIds: [roleId] });
    expect((await perms(roleId, e.adminToken)).body.data).toEqual({ id: roleId, permissions: ['FUN001'] });
    expect((await setPerms(roleId, e.adminToken, ['FUN014', 'FUN013', 'FUN013'])).body.data).toEqual({ id: roleId, permissions: ['FUN013', 'FUN014'] });
    expect((await perms(roleId, e.adminToken)).body.data.permissions).toEqual(['FUN013', 'FUN014']);
    expect((await call('/api/idealab-material/customer/user/info/current', e.memberToken)).body.data.permissions).toEqual(['FUN013', 'FUN014']);
  });

  it('answers another company’s role as not found, refuses non-administrators and unknown codes, changing nothing', async () => {
    const a = await createEnterprise();
    const b = await createEnterprise();
    const roleId = (await call(`${A}/createAuthAppRole`, a.adminToken, { name: 'A role', permissions: ['FUN001'] })).body.data.id as number;
    expect((await setPerms(roleId, b.adminToken, ['FUN012'])).status).toBe(404);
    expect((await perms(roleId, b.adminToken)).status).toBe(404);
    // A member who manages roles (FUN006) without administering the company may not use these calls.
    const manager = (await call(`${A}/createAuthAppRole`, a.adminToken, { name: 'Manager', permissions: ['FUN006'] })).body.data.id as number;
    await call(`${A}/user/updateUserInfoInEnterprise`, a.adminToken, { userId: a.member.id, authAppRoleIds: [manager] });
    expect((await setPerms(roleId, a.memberToken, ['FUN006'])).status).toBe(403);
    expect((await perms(roleId, a.memberToken)).status).toBe(403);
    for (const bad of [['FUN099'], 'FUN001', [1]]) expect((await setPerms(roleId, a.adminToken, bad)).status).toBe(422);
    expect((await call(`/api/idealab-material/org/role/perms/abc`, a.adminToken)).status).toBe(422);
    const [row] = await getDb().select({ permissions: companyRoles.permissions }).from(companyRoles).where(eq(companyRoles.id, roleId));
    expect(row?.permissions).toEqual(['FUN001']);
  });
});

describe('people the caller may see (user/im/info)', () => {
  it('answers colleagues and sample-request counterparts in the order asked, and leaves everyone else out', async () => {
    const supplier = await createEnterprise();
    const buyer = await createUser();
    const stranger = await createUser();
    await getDb().update(users).set({ nickName: 'Buyer Nick', headImg: 'avatars/buyer.png' }).where(eq(users.id, buyer.id));
    const [requestRow] = await getDb()
      .insert(sampleRequests)
      .values({ buyerUserId: buyer.id, supplierCompanyId: supplier.companyId, state: 'accepted', address: { receiver: 'R', phone: '13800000000', places: { cn: [], en: [] }, detail: 'D', postcode: null } })
      .returning({ id: sampleRequests.id });
    await getDb().insert(sampleRequestEvents).values({ requestId: requestRow!.id, state: 'accepted', actorUserId: supplier.member.id, actorSide: 'supplier' });

    const asked = [stranger.id, supplier.member.id, buyer.id, supplier.admin.id];
    const bySupplier = await call(`${A}/user/im/info`, supplier.adminToken, asked);
    expect(bySupplier.body.data).toEqual([
      { id: supplier.member.id, name: 'Test User', avatar: null },
      { id: buyer.id, name: 'Buyer Nick', avatar: 'avatars/buyer.png' },
      { id: supplier.admin.id, name: 'Test User', avatar: null },
    ]);
    // The buyer sees who handled their request, not the rest of that company.
    const byBuyer = await call(`${A}/user/im/info`, await createSession(buyer), asked);
    expect(byBuyer.body.data.map((u: { id: number }) => u.id)).toEqual([supplier.member.id, buyer.id]);
    expect((await call(`${A}/user/im/info`, await createSession(stranger), asked)).body.data.map((u: { id: number }) => u.id)).toEqual([stranger.id]);
  });

  it('refuses repeated ids, an empty list and more than 100 ids', async () => {
    const token = await createSession(await createUser());
    for (const body of [[1, 1], [], Array.from({ length: 101 }, (_, i) => i + 1), { ids: [1] }]) expect((await call(`${A}/user/im/info`, token, body)).status).toBe(422);
  });
});

describe('upgrading a personal company to an enterprise (mp/cc/upgrade/improve, …/submit)', () => {
  const submit = (token: string) => request(`${A}/mp/cc/upgrade/submit`, { token, method: 'POST' });
  const details = { orgName: 'Upgrade Footwear Ltd', nameEn: 'Upgrade Footwear', mobile: '+86 138 0000 0000', email: 'Sales@Upgrade.test', mainProducts: ['soles'], introduction: 'We make soles.' };

  it('keeps the filled-in details as a draft, then makes an enterprise the user administers and works in', async () => {
    const user = await createUser({ role: 2 });
    await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, user.companyId));
    const token = await createSession(user);
    const draft = await call(`${A}/mp/cc/upgrade/improve`, token, { ...details, orgName: 'First try' });
    expect(draft.body.data).toMatchObject({ status: 'draft', companyId: null, details: { orgName: 'First try', email: 'sales@upgrade.test', bizScope: [], addressCity: null } });
    expect((await call(`${A}/mp/cc/upgrade/improve`, token, details)).body.data.details.orgName).toBe('Upgrade Footwear Ltd');
    expect(await getDb().select().from(companyUpgrades).where(eq(companyUpgrades.userId, user.id))).toHaveLength(1);

    const submitted = await submit(token);
    expect(submitted.body.data.company).toMatchObject({ name: 'Upgrade Footwear Ltd', isPersonal: false, isCompanyAdmin: true, role: 2, corpCerStatus: 0 });
    const companyId = submitted.body.data.company.id as number;
    const me = (await call('/api/idealab-material/customer/user/info/current', token)).body.data;
    expect(me.company.id).toBe(companyId);
    expect(me.companies.map((c: { id: number }) => c.id)).toEqual([user.companyId, companyId]);
    expect((await call('/api/idealab-material/customer/org/info/current', token)).body.data).toMatchObject({ orgName: 'Upgrade Footwear Ltd', nameEn: 'Upgrade Footwear', mobile: '+86 138 0000 0000', mainProducts: ['soles'] });
    // The personal company stays as it was.
    expect((await getDb().select().from(companies).where(eq(companies.id, user.companyId)))[0]).toMatchObject({ isPersonal: true, role: 2 });
    // The draft is used up: submitting again has nothing to submit, and it works only from the personal company.
    expect((await submit(await signInTo(user, user.companyId))).status).toBe(404);
    expect((await submit(token)).status).toBe(409);
    expect((await call(`${A}/mp/cc/upgrade/improve`, token, details)).status).toBe(409);
  });

  it('refuses incomplete or wrong details, and a fourth company, creating nothing', async () => {
    const user = await createUser();
    const token = await createSession(user);
    for (const body of [{ ...details, orgName: '' }, { ...details, mobile: undefined }, { ...details, mobile: 'call me' }, { ...details, email: 'nope' }, { ...details, establishedYear: 1700 }]) {
      expect((await call(`${A}/mp/cc/upgrade/improve`, token, body)).status).toBe(422);
    }
    expect(await getDb().select().from(companyUpgrades).where(eq(companyUpgrades.userId, user.id))).toHaveLength(0);
    expect((await submit(token)).status).toBe(404);
    for (let i = 0; i < 3; i += 1) {
      const personal = await signInTo(user, user.companyId);
      await call(`${A}/mp/cc/upgrade/improve`, personal, { ...details, orgName: `Company ${i}` });
      expect((await submit(personal)).status).toBe(200);
    }
    const fourth = await call(`${A}/mp/cc/upgrade/improve`, await signInTo(user, user.companyId), details);
    expect(fourth.status).toBe(409);
    expect(await getDb().select().from(companyMembers).where(eq(companyMembers.userId, user.id))).toHaveLength(4);
  });
});

describe('the "contact us" form (open/contact/add)', () => {
  const contact = (body: unknown, ip: string) => request('/api/idealab-material/open/contact/add', { body, ip });

  it('stores a message with a phone or an e-mail, for operators to read newest first', async () => {
    const message = `Samples of ${randomUUID()}`;
    expect((await contact({ name: ' Li Wei ', company: 'Studio', email: 'LI@studio.test', message }, '10.73.0.1')).body).toMatchObject({ code: 200, data: null });
    const { records, total } = await listContactMessages(1, 50);
    expect(total).toBeGreaterThan(0);
    expect(records[0]).toMatchObject({ name: 'Li Wei', company: 'Studio', email: 'li@studio.test', phone: null, message, lang: 'en', userId: null });
    expect(records[0]?.sender).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('refuses a message without a way to answer, or too long, storing nothing, and bounds each address', async () => {
    const before = (await getDb().select().from(contactMessages)).length;
    const missing = await contact({ name: 'Nobody', message: 'Hi' }, '10.73.1.1');
    expect(missing.status).toBe(422);
    expect(missing.body.data.fields).toEqual([{ field: 'phone', message: 'Leave a phone number or an e-mail address so we can answer' }]);
    for (const body of [{ name: 'X', phone: '12', message: 'Hi' }, { name: 'X', email: 'x@y.z', message: 'x'.repeat(2001) }, { name: '', email: 'x@y.z', message: 'Hi' }]) {
      expect((await contact(body, '10.73.1.1')).status).toBe(422);
    }
    expect((await getDb().select().from(contactMessages)).length).toBe(before);
    for (let i = 0; i < 5; i += 1) expect((await contact({ name: 'Flood', phone: '+86 138 0000 0000', message: `m${i}` }, '10.73.2.1')).status).toBe(200);
    expect((await contact({ name: 'Flood', phone: '+86 138 0000 0000', message: 'one more' }, '10.73.2.1')).status).toBe(429);
    expect((await contact({ name: 'Neighbour', phone: '+86 138 0000 0001', message: 'hello' }, '10.73.2.2')).status).toBe(200);
  });
});

describe('dictionaries (open/dict/tree-item/list, bff-center getDictionaryTypeItem)', () => {
  beforeAll(async () => {
    await seedCatalogue(getDb());
  });

  it('answers several dictionaries as trees, or flattened, and one by type code', async () => {
    const trees = await request('/api/idealab-material/open/dict/tree-item/list', { body: { typeCodes: ['bizScope', 'noSuchType'] } });
    expect(trees.body.data.noSuchType).toEqual([]);
    const nested = (trees.body.data.bizScope as Array<{ children: unknown[] }>).some((item) => item.children.length > 0);
    const flat = await request('/api/idealab-material/open/dict/tree-item/list', { body: { typeCodes: ['bizScope'], tree: false } });
    const count = (items: Array<{ children: never[] }>): number => items.reduce((n, item) => n + 1 + count(item.children), 0);
    expect(flat.body.data.bizScope.length).toBe(count(trees.body.data.bizScope));
    expect(flat.body.data.bizScope.every((item: { children: unknown[] }) => item.children.length === 0)).toBe(true);
    if (nested) expect(flat.body.data.bizScope.length).toBeGreaterThan(trees.body.data.bizScope.length);
    const one = await request('/api/bff-center/showCommon/getDictionaryTypeItem?typeCode=bizScope');
    expect(one.body.data).toEqual(trees.body.data.bizScope);
  });

  it('refuses bad type codes and lists', async () => {
    for (const body of [{ typeCodes: [] }, { typeCodes: ['1bad'] }, ['bizScope'], { typeCodes: ['bizScope'], tree: 'yes' }]) {
      expect((await request('/api/idealab-material/open/dict/tree-item/list', { body })).status).toBe(422);
    }
    expect((await request('/api/bff-center/showCommon/getDictionaryTypeItem?typeCode=')).status).toBe(422);
  });
});
