import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUDIT_STATUS, CER_STATUS } from '../../src/lib/contracts/certification';
import { ERROR } from '../../src/lib/errors';
import { requireCertifiedCompany } from '../../src/lib/server/certification/require-certified-company';
import { getDb } from '../../src/lib/server/db/client';
import { certifications, companies, supplierApplications, users } from '../../src/lib/server/db/schema';
import { AppError } from '../../src/lib/server/errors';
import { apiCaller } from '../fixtures/api';
import { findSession } from '../../src/lib/server/identity/find-session';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string, options: { body?: unknown; lang?: 'cn' | 'en'; headers?: Record<string, string>; method?: 'GET' | 'POST' } = {}) =>
  request(path, { token, body: options.body, lang: options.lang === 'cn' ? 'zh-CN' : 'en', headers: options.headers, method: options.method });
/** Withdrawing is a POST without a body. */
const cancel = (id: number | string, token: string) => call(`${R}/auth/cancel/${id}`, token, { method: 'POST' });
const R = '/api/idealab-material/real-name';

// GB 11643 and GB 32100 numbers whose check characters are right (and one digit off, wrong).
const ID_OK = '11010519491231002X';
const ID_BAD = '110105194912310021';
const USCC_OK = '91350100M000100Y43';
const USCC_BAD = '91350100M000100Y44';

const personal = (over: Record<string, unknown> = {}) => ({ realName: '林设计', idType: 1, idNumber: ID_OK, ...over });
const corporate = (over: Record<string, unknown> = {}) => ({
  legalName: '福州某某鞋材有限公司',
  socialCreditCode: USCC_OK,
  businessLicenceNo: USCC_OK,
  legalRepresentative: '陈某',
  contactName: '陈联系',
  contactPhone: '+86 138 0000 0000',
  ...over,
});

async function signedIn(options: { role?: number } = {}) {
  const user = await createUser(options);
  return { user, token: await createSession(user) };
}

async function platformAdmin() {
  const { user, token } = await signedIn();
  await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, user.id));
  return { user, token };
}

/** Where withdrawal and review start: a personal submission waiting, and a platform administrator to review it. */
async function pendingPersonalSubmission() {
  const applicant = await signedIn();
  const reviewer = await platformAdmin();
  const id = (await call(`${R}/auth`, applicant.token, { body: personal() })).body.data.id;
  return { ...applicant, reviewer, id };
}

const enterprise = () => createEnterprise({ company: { orgName: 'Enterprise', role: 1 }, userRole: 1 });

const me = async (token: string) => (await call('/api/idealab-material/customer/user/info/current', token)).body.data;
const personalStatus = async (userId: number) => (await getDb().select({ s: users.personalCerStatus }).from(users).where(eq(users.id, userId)))[0]?.s;
const companyStatus = async (companyId: number) => (await getDb().select({ s: companies.corpCerStatus }).from(companies).where(eq(companies.id, companyId)))[0]?.s;
const rowsOf = (userId: number) => getDb().select().from(certifications).where(eq(certifications.userId, userId));

describe('personal certification (docs/product/companies.md#states: 0 → 1 → 2)', () => {
  it('goes pending on submission, certified on approval, mirrored on the user and in the session context', async () => {
    const { user, token } = await signedIn();
    const reviewer = await platformAdmin();
    expect((await call(`${R}/auth/detail`, token)).body.data).toEqual({ status: 0, record: null });

    const sent = await call(`${R}/auth`, token, { body: personal({ idNumber: '110105 19491231 002x', note: 'for sampling' }) });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;
    const pending = (await call(`${R}/auth/detail`, token)).body.data;
    expect(pending).toMatchObject({ status: CER_STATUS.pending, record: { id, auditStatus: AUDIT_STATUS.pending, rejectReason: null, details: { realName: '林设计', idType: 1, note: 'for sampling' } } });
    // Stored compacted and upper-cased, read back masked.
    expect(pending.record.details.idNumber).toBe('110***********002X');
    expect((await rowsOf(user.id))[0]?.details).toMatchObject({ idNumber: ID_OK });
    expect(await personalStatus(user.id)).toBe(1);
    expect((await me(token)).user.personalCerStatus).toBe(1);

    // One at a time: a second submission while pending is refused and changes nothing.
    const again = await call(`${R}/auth`, token, { body: personal() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERROR.conflict);
    expect(await rowsOf(user.id)).toHaveLength(1);

    const listed = await call(`${R}/review/list`, reviewer.token);
    expect(listed.body.data.records.find((r: { id: number }) => r.id === id)).toMatchObject({ subject: 'personal', applicant: { id: user.id, account: user.account }, personal: { idNumber: ID_OK } });

    expect((await call(`${R}/review/approve`, reviewer.token, { body: { id } })).body.code).toBe(200);
    expect((await call(`${R}/auth/detail`, token)).body.data).toMatchObject({ status: 2, record: { auditStatus: AUDIT_STATUS.certified } });
    expect(await personalStatus(user.id)).toBe(2);
    expect((await me(token)).user.personalCerStatus).toBe(2);
    const [row] = await getDb().select({ realName: users.realName }).from(users).where(eq(users.id, user.id));
    expect(row?.realName).toBe('林设计');
    const [reviewed] = await rowsOf(user.id);
    expect(reviewed).toMatchObject({ reviewerId: reviewer.user.id });
    expect(reviewed?.reviewedAt).toBeInstanceOf(Date);

    // No way back and no second go: approving again and submitting again are both 409.
    expect((await call(`${R}/review/approve`, reviewer.token, { body: { id } })).status).toBe(409);
    expect((await call(`${R}/auth`, token, { body: personal() })).status).toBe(409);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('can be withdrawn while pending; a withdrawn submission can never be approved', async () => {
    const { user, token, reviewer, id } = await pendingPersonalSubmission();

    const withdrawn = await cancel(id, token);
    expect(withdrawn.body).toMatchObject({ code: 200, data: null });
    expect((await call(`${R}/auth/detail`, token)).body.data).toMatchObject({ status: 0, record: { id, auditStatus: AUDIT_STATUS.cancelled, reviewedAt: null } });
    expect(await personalStatus(user.id)).toBe(0);

    const skipped = await call(`${R}/review/approve`, reviewer.token, { body: { id } });
    expect(skipped.status).toBe(409);
    expect(skipped.body.code).toBe(ERROR.conflict);
    expect((await call(`${R}/review/reject`, reviewer.token, { body: { id, reason: 'late' } })).status).toBe(409);
    expect((await cancel(id, token)).status).toBe(409);
    expect(await personalStatus(user.id)).toBe(0);
    expect((await rowsOf(user.id))[0]?.auditStatus).toBe(AUDIT_STATUS.cancelled);

    // A fresh submission starts over.
    expect((await call(`${R}/auth`, token, { body: personal() })).status).toBe(200);
    expect(await personalStatus(user.id)).toBe(1);
  });

  it('can be rejected with a reason the applicant reads, then submitted again', async () => {
    const { user, token, reviewer, id } = await pendingPersonalSubmission();

    const noReason = await call(`${R}/review/reject`, reviewer.token, { body: { id, reason: '  ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.data.fields).toEqual([{ field: 'reason', message: 'This field is required' }]);
    expect(await personalStatus(user.id)).toBe(1);

    expect((await call(`${R}/review/reject`, reviewer.token, { body: { id, reason: 'The name does not match the ID card' } })).body.code).toBe(200);
    expect((await call(`${R}/auth/detail`, token)).body.data).toMatchObject({ status: 0, record: { id, auditStatus: AUDIT_STATUS.rejected, rejectReason: 'The name does not match the ID card' } });
    expect(await personalStatus(user.id)).toBe(0);
    expect((await me(token)).user.personalCerStatus).toBe(0);

    const second = await call(`${R}/auth`, token, { body: personal({ realName: '林 设计' }) });
    expect(second.status).toBe(200);
    expect((await call(`${R}/auth/detail`, token)).body.data).toMatchObject({ status: 1, record: { id: second.body.data.id, auditStatus: 1, rejectReason: null } });
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it('files one submission when two arrive at once', async () => {
    const { user, token } = await signedIn();
    const results = await Promise.all([call(`${R}/auth`, token, { body: personal() }), call(`${R}/auth`, token, { body: personal() })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await personalStatus(user.id)).toBe(1);
  });

  it('reports every wrong field in the caller’s language and changes nothing', async () => {
    const { user, token } = await signedIn();
    const body = { realName: '', idType: 1, idNumber: ID_BAD, note: 'x'.repeat(201) };
    const en = await call(`${R}/auth`, token, { body, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.data.fields).toEqual([
      { field: 'realName', message: 'This field is required' },
      { field: 'note', message: 'At most 200 characters' },
      { field: 'idNumber', message: 'This number does not match the document type' },
    ]);
    const cn = await call(`${R}/auth`, token, { body, lang: 'cn' });
    expect(cn.body.data.fields).toEqual([
      { field: 'realName', message: '此项为必填项' },
      { field: 'note', message: '最多 200 个字符' },
      { field: 'idNumber', message: '证件号码与证件类型不符' },
    ]);
    // The number must fit the document type: a passport number is no ID card number, and the other way round.
    expect((await call(`${R}/auth`, token, { body: personal({ idType: 1, idNumber: 'E12345678' }) })).body.data.fields).toEqual([{ field: 'idNumber', message: 'This number does not match the document type' }]);
    expect((await call(`${R}/auth`, token, { body: personal({ idType: 4 }) })).body.data.fields.map((f: { field: string }) => f.field)).toEqual(['idType']);
    // An impossible birth date fails even with a matching check digit.
    expect((await call(`${R}/auth`, token, { body: personal({ idNumber: '110105194902300017' }) })).status).toBe(422);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await personalStatus(user.id)).toBe(0);
    // A passport is fine with a passport number.
    expect((await call(`${R}/auth`, token, { body: personal({ idType: 2, idNumber: 'e1234 5678' }) })).status).toBe(200);
  });
});

describe('who may do what', () => {
  it('keeps a submission to its applicant: nobody else can withdraw or read it', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const id = (await call(`${R}/auth`, owner.token, { body: personal() })).body.data.id;

    const refused = await cancel(id, other.token);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(ERROR.empty);
    // The other user's detail is their own, never the owner's.
    expect((await call(`${R}/auth/detail`, other.token)).body.data).toEqual({ status: 0, record: null });
    expect((await cancel(999999999, owner.token)).status).toBe(404);
    expect((await call(`${R}/auth/detail`, owner.token)).body.data.status).toBe(1);
  });

  it('refuses a cross-site withdrawal, and a GET of the address withdraws nothing', async () => {
    const { user, token } = await signedIn();
    const id = (await call(`${R}/auth`, token, { body: personal() })).body.data.id;
    const res = await request(`${R}/auth/cancel/${id}`, { method: 'POST', cookie: `ilt=${token}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'cross-site' }]) {
      expect((await call(`${R}/auth/cancel/${id}`, token, { headers })).status).toBe(404);
      expect((await request(`${R}/auth/cancel/${id}`, { cookie: `ilt=${token}`, headers })).status).toBe(404);
    }
    expect(await personalStatus(user.id)).toBe(1);
  });

  it('leaves review to platform administrators (403 for anyone else, company administrators included)', async () => {
    const applicant = await signedIn();
    const e = await enterprise();
    const id = (await call(`${R}/auth`, applicant.token, { body: personal() })).body.data.id;
    for (const token of [applicant.token, e.adminToken, e.memberToken]) {
      expect((await call(`${R}/review/list`, token)).status).toBe(403);
      const approve = await call(`${R}/review/approve`, token, { body: { id } });
      expect(approve.status).toBe(403);
      expect(approve.body.code).toBe(ERROR.authError);
      expect((await call(`${R}/review/reject`, token, { body: { id, reason: 'no' } })).status).toBe(403);
    }
    expect(await personalStatus(applicant.user.id)).toBe(1);
    expect((await rowsOf(applicant.user.id))[0]?.auditStatus).toBe(AUDIT_STATUS.pending);
    expect((await call(`${R}/review/approve`, (await platformAdmin()).token, { body: { id: 999999999 } })).status).toBe(404);
  });
});

describe('company certification', () => {
  it('is submitted by an administrator of the current company only', async () => {
    const e = await enterprise();
    const refused = await call(`${R}/auth/org`, e.memberToken, { body: corporate() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR.authError);
    expect(await getDb().select().from(certifications).where(eq(certifications.companyId, e.companyId))).toHaveLength(0);
    expect(await companyStatus(e.companyId)).toBe(0);
  });

  it('goes 0 → 1 → 2 on the company, gives it the certified name, and opens the certified-company gate', async () => {
    const e = await enterprise();
    const reviewer = await platformAdmin();
    const memberSession = async () => (await findSession(e.memberToken))!;

    await expect(requireCertifiedCompany(await memberSession())).rejects.toMatchObject({ code: ERROR.notCertified, data: { gate: 'company' } });

    const sent = await call(`${R}/auth/org`, e.adminToken, { body: corporate({ socialCreditCode: ' 91350100m000100y43 ' }) });
    expect(sent.status).toBe(200);
    expect(await companyStatus(e.companyId)).toBe(1);
    expect((await call(`${R}/auth/org`, e.adminToken, { body: corporate() })).status).toBe(409);

    // Members see the state; only administrators see what was submitted.
    const forAdmin = (await call(`${R}/auth/detail/org`, e.adminToken)).body.data;
    expect(forAdmin).toMatchObject({ companyId: e.companyId, status: 1, record: { auditStatus: 1, applicantId: e.admin.id, details: { socialCreditCode: USCC_OK } } });
    const forMember = (await call(`${R}/auth/detail/org`, e.memberToken)).body.data;
    expect(forMember).toMatchObject({ status: 1, record: { auditStatus: 1, details: null } });
    // Personal and company submissions are separate: the administrator's personal state is untouched.
    expect((await call(`${R}/auth/detail`, e.adminToken)).body.data).toEqual({ status: 0, record: null });
    // Withdrawing belongs to the administrator who applied.
    expect((await cancel(sent.body.data.id, e.memberToken)).status).toBe(404);
    await expect(requireCertifiedCompany(await memberSession())).rejects.toBeInstanceOf(AppError);

    expect((await call(`${R}/review/approve`, reviewer.token, { body: { id: sent.body.data.id } })).body.code).toBe(200);
    expect(await companyStatus(e.companyId)).toBe(2);
    const [company] = await getDb().select().from(companies).where(eq(companies.id, e.companyId));
    expect(company).toMatchObject({ orgName: '福州某某鞋材有限公司', socialCreditCode: USCC_OK, businessLicenceNo: USCC_OK });
    expect((await me(e.memberToken)).company).toMatchObject({ id: e.companyId, corpCerStatus: 2, name: '福州某某鞋材有限公司' });
    await expect(requireCertifiedCompany(await memberSession())).resolves.toMatchObject({ id: e.companyId, corpCerStatus: 2 });
  });

  it('checks the social credit code’s charset and GB 32100 check character', async () => {
    const e = await enterprise();
    const bad = await call(`${R}/auth/org`, e.adminToken, { body: corporate({ socialCreditCode: USCC_BAD }), lang: 'en' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(ERROR.fieldInvalid);
    expect(bad.body.data.fields).toEqual([{ field: 'socialCreditCode', message: 'Not a valid unified social credit code' }]);
    const badCn = await call(`${R}/auth/org`, e.adminToken, { body: corporate({ socialCreditCode: '91350100I000100Y43', businessLicenceNo: '12345', contactPhone: 'call me' }), lang: 'cn' });
    expect(badCn.body.data.fields).toEqual([
      { field: 'socialCreditCode', message: '统一社会信用代码不正确' },
      { field: 'businessLicenceNo', message: '营业执照注册号不正确' },
      { field: 'contactPhone', message: '请输入正确的电话号码' },
    ]);
    expect(await getDb().select().from(certifications).where(eq(certifications.companyId, e.companyId))).toHaveLength(0);
    expect(await companyStatus(e.companyId)).toBe(0);
    // A 15-digit registration number is an older licence's number.
    expect((await call(`${R}/auth/org`, e.adminToken, { body: corporate({ socialCreditCode: '91110000600037341L', businessLicenceNo: '110000000000123' }) })).status).toBe(200);
  });

  it('goes back to uncertified on rejection, on the company and in its members’ sessions', async () => {
    const e = await enterprise();
    const reviewer = await platformAdmin();
    const id = (await call(`${R}/auth/org`, e.adminToken, { body: corporate() })).body.data.id;
    expect((await me(e.memberToken)).company.corpCerStatus).toBe(1);
    await call(`${R}/review/reject`, reviewer.token, { body: { id, reason: 'Licence photo unreadable' } });
    expect(await companyStatus(e.companyId)).toBe(0);
    expect((await me(e.memberToken)).company.corpCerStatus).toBe(0);
    expect((await call(`${R}/auth/detail/org`, e.memberToken)).body.data.record).toMatchObject({ auditStatus: 3, rejectReason: 'Licence photo unreadable' });
    const [name] = await getDb().select({ orgName: companies.orgName }).from(companies).where(eq(companies.id, e.companyId));
    expect(name?.orgName).toBe('Enterprise');
  });

  it('lists pending company submissions for review with the company and full details', async () => {
    const e = await enterprise();
    const reviewer = await platformAdmin();
    const id = (await call(`${R}/auth/org`, e.adminToken, { body: corporate() })).body.data.id;
    const page = (await call(`${R}/review/list?status=1&size=100`, reviewer.token)).body.data;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.records.find((r: { id: number }) => r.id === id)).toMatchObject({ subject: 'company', company: { id: e.companyId, name: 'Enterprise' }, corporate: { legalRepresentative: '陈某' }, personal: null });
    expect((await call(`${R}/review/list?status=9`, reviewer.token)).status).toBe(422);
  });
});

describe('supplier join-us application (docs/product/companies.md#calls supplier-enter)', () => {
  const application = { contactName: '王联系', contactPhone: '0769-12345678', mainProducts: ['牛皮', 'PU'], introduction: 'Leather since 1998' };

  it('is filed by an administrator for the current company, once at a time', async () => {
    const e = await enterprise();
    expect((await call(`${R}/supplier-enter/detail`, e.memberToken)).body.data).toBeNull();
    expect((await call(`${R}/supplier-enter`, e.memberToken, { body: application })).status).toBe(403);
    const bad = await call(`${R}/supplier-enter`, e.adminToken, { body: { ...application, mainProducts: [] } });
    expect(bad.body.data.fields).toEqual([{ field: 'mainProducts', message: 'Too short' }]);
    expect(await getDb().select().from(supplierApplications).where(eq(supplierApplications.companyId, e.companyId))).toHaveLength(0);

    expect((await call(`${R}/supplier-enter`, e.adminToken, { body: application })).status).toBe(200);
    expect((await call(`${R}/supplier-enter`, e.adminToken, { body: application })).status).toBe(409);
    expect((await call(`${R}/supplier-enter/detail`, e.memberToken)).body.data).toMatchObject({ companyId: e.companyId, status: 1, details: { mainProducts: ['牛皮', 'PU'] } });
  });

  it('is refused for a company that already supplies', async () => {
    const e = await enterprise();
    await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, e.companyId));
    expect((await call(`${R}/supplier-enter`, e.adminToken, { body: application })).status).toBe(409);
    expect(await getDb().select().from(supplierApplications).where(and(eq(supplierApplications.companyId, e.companyId)))).toHaveLength(0);
  });
});
