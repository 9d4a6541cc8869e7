import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, sessions, users } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import {createEnterprise, createSession, createUser } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string, options: { body?: unknown; lang?: 'cn' | 'en' } = {}) => request(path, { token, body: options.body, lang: options.lang === 'cn' ? 'zh-CN' : 'en' });
const C = '/api/idealab-material/customer';


const enterprise = (values: Partial<typeof companies.$inferInsert> = {}) =>
  createEnterprise({ company: { orgName: 'Enterprise', mobile: '0769-1234567', socialCreditCode: '91350100M000100Y43', role: 0, ...values }, userRole: 1 });

const companyRow = async (id: number) => (await getDb().select().from(companies).where(eq(companies.id, id)))[0]!;

describe('user profiles', () => {
  it('shows the caller everything, a colleague the public fields, and a stranger nothing', async () => {
    const e = await enterprise();
    const stranger = await createUser();
    const strangerToken = await createSession(stranger);

    const own = await call(`${C}/user/info/${e.member.id}`, e.memberToken);
    expect(own.body.data).toMatchObject({ id: e.member.id, userId: e.member.id, account: e.member.account, email: e.member.account, name: 'Test User', role: 1, personalCerStatus: 0, realName: null });

    const colleague = (await call(`${C}/user/info/${e.member.id}`, e.adminToken)).body.data;
    expect(colleague).toEqual({ id: e.member.id, userId: e.member.id, name: 'Test User', nickName: '', headImg: null, personalCerStatus: 0 });

    const hidden = await call(`${C}/user/info/${e.member.id}`, strangerToken);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe(ERROR.empty);
    expect((await call(`${C}/user/info/999999999`, strangerToken)).status).toBe(404);
    expect((await call(`${C}/user/info/abc`, strangerToken)).status).toBe(422);
  });

  it('saves the names and nothing the client may not set', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const saved = await call(`${C}/user/save`, token, { body: { name: '  Lin Design ', nickName: 'Lin', role: 2, status: 5, personalCerStatus: 2, companyId: 1, isPlatformAdmin: true } });
    expect(saved.body).toMatchObject({ code: 200, data: { id: user.id, name: 'Lin Design', nickName: 'Lin' } });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Lin Design', nickName: 'Lin', role: 1, status: 1, personalCerStatus: 0, isPlatformAdmin: false });
    const context = (await call(`${C}/user/info/current`, token)).body.data;
    expect(context.user).toMatchObject({ name: 'Lin Design', nickName: 'Lin' });
  });

  it('refuses bad names field by field, in either language, and keeps the old ones', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const en = await call(`${C}/user/save`, token, { body: { name: ' ', nickName: 'n'.repeat(41) }, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.code).toBe(ERROR.fieldRequired);
    expect(en.body.data.fields).toEqual([
      { field: 'name', message: 'This field is required' },
      { field: 'nickName', message: 'At most 40 characters' },
    ]);
    const cn = await call(`${C}/user/save`, token, { body: { name: ' ', nickName: 'n'.repeat(41) }, lang: 'cn' });
    expect(cn.body.data.fields).toEqual([
      { field: 'name', message: '此项为必填项' },
      { field: 'nickName', message: '最多 40 个字符' },
    ]);
    const [row] = await getDb().select({ name: users.name, nickName: users.nickName }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ name: 'Test User', nickName: '' });
  });
});

describe('company profiles', () => {
  const profile = {
    orgName: 'Hua Leather',
    nameEn: 'Hua Leather Co.',
    addressCountry: '中国',
    addressProvince: '广东',
    addressCity: '东莞',
    addressDistrict: '厚街',
    completeAddress: '厚街镇某路 1 号',
    bizModel: 'manufacturer',
    corpType: 'limited',
    bizScope: ['leather', 'PU'],
    bizScopeRemark: 'Footwear leather',
    mainProducts: ['cowhide', 'nubuck'],
    coBranding: 'Brand A',
    establishedYear: 1998,
    introduction: 'A tannery.',
    mobile: '+86 769 1234 5678',
    email: 'Sales@Hua.example',
  };

  it('lets an administrator of the current company save it, and every member read it', async () => {
    const e = await enterprise();
    const saved = await call(`${C}/org/save`, e.adminToken, { body: { ...profile, id: 1, companyId: 1, corpCerStatus: 2, role: 2 } });
    expect(saved.body).toMatchObject({ code: 200, data: { id: e.companyId } });
    const row = await companyRow(e.companyId);
    expect(row).toMatchObject({ ...profile, email: 'sales@hua.example', corpCerStatus: 0, role: 0 });

    const forMember = (await call(`${C}/org/info/current`, e.memberToken)).body.data;
    expect(forMember).toMatchObject({ id: e.companyId, orgId: e.companyId, ...profile, email: 'sales@hua.example', isMember: true, canEdit: false });
    expect((await call(`${C}/org/info/${e.companyId}`, e.adminToken)).body.data).toMatchObject({ canEdit: true, socialCreditCode: '91350100M000100Y43' });

    // Absent fields stay; empty ones are cleared.
    await call(`${C}/org/save`, e.adminToken, { body: { coBranding: '', bizScope: [] } });
    expect(await companyRow(e.companyId)).toMatchObject({ orgName: 'Hua Leather', coBranding: null, bizScope: [], mainProducts: ['cowhide', 'nubuck'] });
  });

  it('refuses members, and never reaches a company other than the current one', async () => {
    const e = await enterprise();
    const other = await enterprise();
    const refused = await call(`${C}/org/save`, e.memberToken, { body: profile });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR.authError);
    expect((await companyRow(e.companyId)).orgName).toBe('Enterprise');

    // An administrator of the other company names this one: the save still lands on their own current company.
    await call(`${C}/org/save`, other.adminToken, { body: { ...profile, id: e.companyId, orgId: e.companyId, companyId: e.companyId } });
    expect((await companyRow(e.companyId)).orgName).toBe('Enterprise');
    expect((await companyRow(other.companyId)).orgName).toBe('Hua Leather');

    // Administrator elsewhere, member here: no editing here.
    await getDb().insert(companyMembers).values({ companyId: e.companyId, userId: other.admin.id, isAdmin: false });
    const token = await createSession(other.admin);
    await getDb().update(sessions).set({ companyId: e.companyId }).where(eq(sessions.tokenHash, hashSessionToken(token)));
    expect((await call(`${C}/org/save`, token, { body: { orgName: 'Mine now' } })).status).toBe(403);
    expect((await companyRow(e.companyId)).orgName).toBe('Enterprise');
  });

  it('shows outsiders a certified company’s public profile only, and an uncertified one not at all', async () => {
    const hidden = await enterprise();
    const certified = await enterprise({ corpCerStatus: 2, email: 'private@example.com' });
    const outsider = await createUser();
    const token = await createSession(outsider);
    expect((await call(`${C}/org/info/${hidden.companyId}`, token)).status).toBe(404);
    const open = (await call(`${C}/org/info/${certified.companyId}`, token)).body.data;
    expect(open).toMatchObject({ id: certified.companyId, orgName: 'Enterprise', corpCerStatus: 2, mobile: null, email: null, socialCreditCode: null, isMember: false, canEdit: false });
  });

  it('checks every field in the caller’s language and changes nothing on bad input', async () => {
    const e = await enterprise();
    const year = new Date().getFullYear();
    const bad = {
      orgName: '',
      establishedYear: year + 1,
      email: 'not-an-address',
      mobile: 'call us',
      bizScope: Array.from({ length: 21 }, (_, i) => `scope ${i}`),
      mainProducts: ['ok', ''],
      introduction: 'x'.repeat(2001),
    };
    const en = await call(`${C}/org/save`, e.adminToken, { body: bad, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.data.fields).toEqual([
      { field: 'orgName', message: 'This field is required' },
      { field: 'bizScope', message: 'Too long' },
      { field: 'mainProducts[1]', message: 'This field is required' },
      { field: 'establishedYear', message: `Must be at most ${year}` },
      { field: 'introduction', message: 'At most 2000 characters' },
      { field: 'mobile', message: 'Enter a valid phone number' },
      { field: 'email', message: 'Enter a valid e-mail address' },
    ]);
    const cn = await call(`${C}/org/save`, e.adminToken, { body: { establishedYear: 1700, email: 'x@' }, lang: 'cn' });
    expect(cn.body.data.fields).toEqual([
      { field: 'establishedYear', message: '不能小于 1800' },
      { field: 'email', message: '请输入正确的邮箱地址' },
    ]);
    expect(await companyRow(e.companyId)).toMatchObject({ orgName: 'Enterprise', establishedYear: null, email: null, bizScope: [] });
  });

  it('keeps a certified company’s certified name', async () => {
    const e = await enterprise({ corpCerStatus: 2, orgName: '东莞华皮革有限公司' });
    const rename = await call(`${C}/org/save`, e.adminToken, { body: { orgName: 'Something else', introduction: 'New text' }, lang: 'en' });
    expect(rename.status).toBe(422);
    expect(rename.body.data.fields).toEqual([{ field: 'orgName', message: 'The company is certified; its name cannot be changed' }]);
    expect(await companyRow(e.companyId)).toMatchObject({ orgName: '东莞华皮革有限公司', introduction: null });
    // Everything else, and the same name, can still be saved.
    expect((await call(`${C}/org/save`, e.adminToken, { body: { orgName: '东莞华皮革有限公司', introduction: 'New text' } })).body.code).toBe(200);
    expect((await companyRow(e.companyId)).introduction).toBe('New text');
  });
});
