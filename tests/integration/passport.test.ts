import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CODE_TYPE } from '../../src/lib/contracts/identity';
import { ERROR } from '../../src/lib/errors';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, qrLoginTickets, ssoTickets, users, verificationCodes } from '../../src/lib/server/db/schema';
import { LIMITS } from '../../src/lib/server/security/rate-limit';
import { apiCaller } from '../fixtures/api';
import { createSession, createUser } from '../fixtures/identity';
import { latestCode, outboxFor } from '../fixtures/outbox';

const { call } = apiCaller('');
let ipCounter = 0;
/** Each test calls from its own address so rate-limit counters do not leak between tests. */
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) => call(path, { body, ip, headers });
const sendCode = (account: string, type: number, ip: string, headers: Record<string, string> = {}) =>
  call(`/api/idealab-material/passport/verify/code/send?${new URLSearchParams({ account, type: String(type) })}`, { ip, headers });
const newEmail = () => `new-${randomUUID()}@test.matlib`;

describe('verification codes', () => {
  it('answer the same for an existing and an unknown account, and deliver only to the existing one', async () => {
    const user = await createUser();
    const unknown = newEmail();
    const ip = newIp();
    const a = await sendCode(user.account, CODE_TYPE.login, ip);
    const b = await sendCode(unknown, CODE_TYPE.login, ip);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.data).toEqual({ expiresIn: 600, resendAfter: 60 });
    expect(await outboxFor(user.account)).toHaveLength(1);
    expect(await outboxFor(unknown)).toHaveLength(0);
  });

  it('log the user in once, and only for the purpose they were sent for', async () => {
    const user = await createUser();
    const ip = newIp();
    await sendCode(user.account, CODE_TYPE.login, ip);
    const code = await latestCode(user.account);
    const wrong = await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: code === '000000' ? '111111' : '000000' }, ip);
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields).toEqual([{ field: 'code', message: '验证码不正确或已失效' }]);
    const ok = await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code }, ip);
    expect(ok.body.code).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/^ilt=/);
    const again = await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code }, ip);
    expect(again.body.code).toBe(ERROR.fieldInvalid);
    // A reset code cannot log in.
    await sendCode(user.account, CODE_TYPE.updatePassword, ip);
    const resetCode = await latestCode(user.account);
    expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: resetCode }, ip)).body.code).toBe(ERROR.fieldInvalid);
  });

  it('are refused again within 60 seconds with the time to wait', async () => {
    const user = await createUser();
    const ip = newIp();
    await sendCode(user.account, CODE_TYPE.login, ip);
    const again = await sendCode(user.account, CODE_TYPE.login, ip);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(ERROR.rateLimited);
    expect(again.body.data.retryAfter).toBeGreaterThan(50);
    expect(Number(again.headers.get('retry-after'))).toBe(again.body.data.retryAfter);
  });

  it('expire after ten minutes', async () => {
    const user = await createUser();
    const ip = newIp();
    await sendCode(user.account, CODE_TYPE.login, ip);
    const code = await latestCode(user.account);
    await getDb().update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.account, user.account));
    expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code }, ip)).body.code).toBe(ERROR.fieldInvalid);
  });

  it('die after five wrong tries, even if the sixth is right', async () => {
    const user = await createUser();
    await sendCode(user.account, CODE_TYPE.login, newIp());
    const code = await latestCode(user.account);
    const wrong = code === '123456' ? '654321' : '123456';
    // From different addresses, so it is the code's own limit that stops this, not the address's.
    for (let i = 0; i < 5; i += 1) await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: wrong }, newIp());
    expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code }, newIp())).body.code).toBe(ERROR.fieldInvalid);
  });

  it('are refused to another site', async () => {
    const user = await createUser();
    const res = await sendCode(user.account, CODE_TYPE.login, newIp(), { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await outboxFor(user.account)).toHaveLength(0);
  });

  it('reject a malformed account with a message in the caller’s language', async () => {
    const res = await call('/api/idealab-material/passport/verify/code/send?account=not-an-account&type=2', { headers: { 'accept-language': 'en' }, ip: newIp() });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual([{ field: 'account', message: 'Enter a valid mobile number or e-mail address' }]);
    const badType = await call('/api/idealab-material/passport/verify/code/send?account=a%40b.co&type=7', { ip: newIp() });
    expect(badType.body.data.fields[0].field).toBe('type');
  });
});

describe('registration', () => {
  it('creates a user with a personal company and signs them in', async () => {
    const account = newEmail();
    const ip = newIp();
    await sendCode(account, CODE_TYPE.register, ip);
    const code = await latestCode(account);
    const res = await post('/api/idealab-material/passport/register/1', { account, code, password: 'a long enough secret', name: '陈设计', userType: 2 }, ip);
    expect(res.body.code).toBe(200);
    expect(res.body.data.companies).toEqual([expect.objectContaining({ name: '陈设计', isPersonal: true, isCompanyAdmin: true })]);
    expect(res.body.data.currentCompanyId).toBe(res.body.data.companies[0].id);
    const [user] = await getDb().select().from(users).where(eq(users.account, account));
    expect(user?.role).toBe(2);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await call('/api/idealab-material/customer/user/info/current', { headers: { authorization: `Bearer ${res.body.data.token}` } });
    expect(me.body.data.user.account).toBe(account);
  });

  it('sends an existing address a notice instead of a code, and cannot take it over', async () => {
    const user = await createUser();
    const ip = newIp();
    const res = await sendCode(user.account, CODE_TYPE.register, ip);
    expect(res.body.data).toEqual({ expiresIn: 600, resendAfter: 60 });
    const [notice] = await outboxFor(user.account);
    expect(notice?.body).not.toMatch(/\d{6}/);
    for (const code of ['000000', '123456']) {
      const attempt = await post('/api/idealab-material/passport/register/1', { account: user.account, code, password: 'a long enough secret', name: 'X' }, ip);
      expect(attempt.body.code).toBe(ERROR.fieldInvalid);
    }
  });

  it('checks every field and changes nothing on bad input', async () => {
    const account = newEmail();
    const res = await post('/api/idealab-material/passport/register/1', { account, code: '12ab', password: 'short', name: '', userType: 3 }, newIp(), { 'accept-language': 'en' });
    expect(res.status).toBe(422);
    expect(Object.fromEntries(res.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]))).toEqual({
      code: 'The code is 6 digits',
      password: 'Passwords are 8 to 128 characters long',
      name: 'This field is required',
      userType: 'Invalid value',
    });
    expect(await getDb().select().from(users).where(eq(users.account, account))).toHaveLength(0);
  });
});

describe('passwords', () => {
  it('reset with a code ends every session', async () => {
    const user = await createUser();
    const ip = newIp();
    const oldToken = await createSession(user);
    await sendCode(user.account, CODE_TYPE.updatePassword, ip);
    const code = await latestCode(user.account);
    expect((await post('/api/authcenter/mp/uc/login/reset', { account: user.account, code, password: 'brand new secret' }, ip)).body.code).toBe(200);
    expect((await call('/api/idealab-material/passport/auth/effective', { headers: { authorization: `Bearer ${oldToken}` } })).body.data).toBe(false);
    expect((await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, ip)).body.code).toBe(ERROR.fieldInvalid);
    expect((await post('/api/idealab-material/passport/login/1', { account: user.account, password: 'brand new secret' }, ip)).body.code).toBe(200);
  });

  it('change kills the old token and gives this client a new one', async () => {
    const user = await createUser();
    const ip = newIp();
    const token = await createSession(user);
    const other = await createSession(user);
    const auth = { authorization: `Bearer ${token}` };
    const wrong = await post('/api/authcenter/user/pass/update', { oldPassword: 'nope', newPassword: 'another long secret' }, ip, auth);
    expect(wrong.body.data.fields[0]).toEqual({ field: 'oldPassword', message: '原密码不正确' });
    const res = await post('/api/authcenter/user/pass/update', { oldPassword: user.password, newPassword: 'another long secret' }, ip, auth);
    expect(res.body.code).toBe(200);
    const fresh = res.body.data.token;
    expect(fresh).not.toBe(token);
    for (const dead of [token, other]) {
      expect((await call('/api/idealab-material/passport/auth/effective', { headers: { authorization: `Bearer ${dead}` } })).body.data).toBe(false);
    }
    expect((await call('/api/idealab-material/passport/auth/effective', { headers: { authorization: `Bearer ${fresh}` } })).body.data).toBe(true);
  });

  it('change needs a signed-in user', async () => {
    expect((await post('/api/authcenter/user/pass/update', { oldPassword: 'x', newPassword: 'another long secret' }, newIp())).status).toBe(401);
  });
});

describe('login rate limits', () => {
  it('stop a password guesser with 429 and a retry time, without locking out the owner elsewhere', async () => {
    const user = await createUser();
    const attacker = newIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/idealab-material/passport/login/1', { account: user.account, password: `guess ${i}` }, attacker)).status).toBe(422);
    }
    const blocked = await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.retryAfter).toBeGreaterThan(0);
    expect(blocked.headers.get('retry-after')).toBe(String(blocked.body.data.retryAfter));
    // The real owner, from their own address, is not locked out.
    expect((await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, newIp())).body.code).toBe(200);
  });

  it('count wrong codes as failed logins too', async () => {
    const user = await createUser();
    const attacker = newIp();
    for (let i = 0; i < 5; i += 1) await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: String(100000 + i) }, attacker);
    expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: '999999' }, attacker)).status).toBe(429);
  });
});

describe('companies', () => {
  async function supplierInTwoCompanies() {
    const user = await createUser({ role: 2 });
    const [second] = await getDb().insert(companies).values({ orgName: `Second ${user.account}`, isPersonal: false, role: 2 }).returning({ id: companies.id });
    await getDb().insert(companyMembers).values({ companyId: second!.id, userId: user.id });
    return { user, second: second!.id };
  }

  it('asks a supplier in several companies to choose, then remembers the choice', async () => {
    const { user, second } = await supplierInTwoCompanies();
    const ip = newIp();
    const first = await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, ip);
    expect(first.body.data.currentCompanyId).toBeNull();
    expect(first.body.data.companies).toHaveLength(2);
    const auth = { authorization: `Bearer ${first.body.data.token}` };
    const list = await call('/api/idealab-material/passport/company/list', { headers: auth });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([user.companyId, second].sort((a, b) => a - b));
    const chosen = await call(`/api/idealab-material/passport/select-company?companyId=${second}`, { headers: auth });
    expect(chosen.body.data).toEqual({ currentCompanyId: second });
    expect((await call('/api/idealab-material/customer/user/info/current', { headers: auth })).body.data.company.id).toBe(second);
    const next = await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, ip);
    expect(next.body.data.currentCompanyId).toBe(second);
  });

  it('refuses a company the user does not belong to (or was removed from)', async () => {
    const { user, second } = await supplierInTwoCompanies();
    const stranger = await createUser();
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    const res = await call(`/api/idealab-material/passport/select-company?companyId=${stranger.companyId}`, { headers: auth });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ERROR.authError, data: { removed: true } });
    await getDb().delete(companyMembers).where(and(eq(companyMembers.userId, user.id), eq(companyMembers.companyId, second)));
    expect((await call(`/api/idealab-material/passport/select-company?companyId=${second}`, { headers: auth })).status).toBe(403);
  });

  it('gives a buyer their personal company straight away', async () => {
    const buyer = await createUser({ role: 1 });
    const res = await post('/api/idealab-material/passport/login/1', { account: buyer.account, password: buyer.password }, newIp());
    expect(res.body.data.currentCompanyId).toBe(buyer.companyId);
  });
});

describe('hand-off tokens (docs/product/identity.md#states token query, docs/product/identity.md#calls passport/sso)', () => {
  it('are exchanged once for a new session, optionally opening another company', async () => {
    const user = await createUser({ role: 2 });
    const [other] = await getDb().insert(companies).values({ orgName: `Other ${user.account}`, isPersonal: false }).returning({ id: companies.id });
    await getDb().insert(companyMembers).values({ companyId: other!.id, userId: user.id });
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    const issued = await call('/api/idealab-material/passport/sso', { headers: auth });
    const token = issued.body.data as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await call(`/api/idealab-material/passport/sso/v1?token=${token}&tenantId=${other!.id}`);
    expect(first.body.code).toBe(200);
    expect(first.body.data.currentCompanyId).toBe(other!.id);
    expect(first.body.data.token).not.toBe(token);
    const second = await call(`/api/idealab-material/passport/sso/v1?token=${token}`);
    expect(second.status).toBe(401);
    expect(second.body.code).toBe(ERROR.needLogin);
  });

  it('expire after a minute and need a signed-in issuer', async () => {
    const user = await createUser();
    const token = (await call('/api/idealab-material/passport/sso', { headers: { authorization: `Bearer ${await createSession(user)}` } })).body.data as string;
    await getDb().update(ssoTickets).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(ssoTickets.userId, user.id));
    expect((await call(`/api/idealab-material/passport/sso/v1?token=${token}`)).status).toBe(401);
    expect((await call('/api/idealab-material/passport/sso')).status).toBe(401);
  });
});

describe('account removal (docs/product/identity.md#states)', () => {
  it('needs the removal code, refuses a second request, and can be withdrawn once', async () => {
    const user = await createUser();
    const ip = newIp();
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    expect((await post('/api/authcenter/mp/uc/remove', { code: '000000' }, ip, auth)).body.code).toBe(ERROR.fieldInvalid);
    await sendCode(user.account, CODE_TYPE.removeAccount, ip);
    expect((await post('/api/authcenter/mp/uc/remove', { code: await latestCode(user.account) }, ip, auth)).body.code).toBe(200);
    expect((await getDb().select({ status: users.status }).from(users).where(eq(users.id, user.id)))[0]?.status).toBe(5);
    expect((await call('/api/authcenter/mp/uc/removal/info', { headers: auth })).body.data.status).toBe(1);
    // From another address: this one must wait a minute before its next code.
    await sendCode(user.account, CODE_TYPE.removeAccount, newIp());
    const twice = await post('/api/authcenter/mp/uc/remove', { code: await latestCode(user.account) }, ip, auth);
    expect(twice.status).toBe(409);
    expect((await post('/api/authcenter/mp/uc/removal/cancel', {}, ip, auth)).body.code).toBe(200);
    expect((await getDb().select({ status: users.status }).from(users).where(eq(users.id, user.id)))[0]?.status).toBe(1);
    expect((await post('/api/authcenter/mp/uc/removal/cancel', {}, ip, auth)).status).toBe(409);
  });
});

describe('a frozen account (docs/product/identity.md#removing-an-account)', () => {
  it('reads but changes nothing until it withdraws the removal', async () => {
    const user = await createUser();
    const ip = newIp();
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    await sendCode(user.account, CODE_TYPE.removeAccount, ip);
    expect((await post('/api/authcenter/mp/uc/remove', { code: await latestCode(user.account) }, ip, auth)).body.code).toBe(200);
    const folder = () => post('/api/idealab-material/collect/folder/add', { name: `Frozen ${randomUUID().slice(0, 8)}` }, ip, auth);

    const refused = await folder();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR.accountFrozen);
    expect(refused.body.msg).toBe('账号正在注销中，撤销注销后才能进行此操作');
    expect((await call('/api/idealab-material/supplier/collect/folder/add', { body: {}, ip, headers: auth })).body.code).toBe(ERROR.accountFrozen);
    expect((await post('/api/idealab-material/customer/user/save', { nickName: 'Still here' }, ip, { ...auth, 'accept-language': 'en' })).body.msg).toBe('Your account is being removed: withdraw the removal to make changes');
    // A state change reached by GET is one too.
    expect((await call('/api/idealab-material/v2/material/search/his-keyword/del', { ip, headers: { ...auth, 'sec-fetch-site': 'same-origin' } })).body.code).toBe(ERROR.accountFrozen);

    // Reading, a read sent as POST, and what the frozen page offers still work.
    expect((await call('/api/idealab-material/customer/user/info/current', { headers: auth })).body.data.user.status).toBe(5);
    expect((await post('/api/idealab-material/collect/folder/list', {}, ip, auth)).status).toBe(200);
    expect((await call('/api/authcenter/mp/uc/removal/info', { headers: auth })).body.data.status).toBe(1);
    expect((await post('/api/authcenter/mp/uc/removal/cancel', {}, ip, auth)).body.code).toBe(200);
    expect((await folder()).body.code).toBe(200);
  });
});

describe('scan-to-log-in (docs/product/README.md#users QR)', () => {
  const QR = '/api/authcenter/mp/uc/wx/qrcode';
  async function start() {
    const res = await post(QR, {}, newIp());
    return res.body.data as { ticket: string; pollSecret: string; expiresIn: number; scanPath: string; qrSvg: string };
  }
  const poll = (t: { ticket: string; pollSecret: string }) => post(`${QR}/status`, { ticket: t.ticket, pollSecret: t.pollSecret }, newIp());

  it('goes created → scanned → confirmed, and the desktop collects a session once', async () => {
    const phoneUser = await createUser();
    const phone = { authorization: `Bearer ${await createSession(phoneUser)}` };
    const t = await start();
    expect(t.scanPath).toBe(`/mobile/qr-login?ticket=${t.ticket}`);
    expect(t.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect((await poll(t)).body.data).toEqual({ status: 'created' });
    // Confirming before scanning skips a step.
    expect((await post(`${QR}/confirm`, { ticket: t.ticket }, newIp(), phone)).status).toBe(409);
    expect((await post(`${QR}/scan`, { ticket: t.ticket }, newIp(), phone)).body.code).toBe(200);
    expect((await poll(t)).body.data).toEqual({ status: 'scanned' });
    expect((await post(`${QR}/confirm`, { ticket: t.ticket }, newIp(), phone)).body.code).toBe(200);
    const collected = await poll(t);
    expect(collected.body.data.status).toBe('confirmed');
    expect(collected.headers.get('set-cookie')).toMatch(/^ilt=/);
    const me = await call('/api/idealab-material/customer/user/info/current', { headers: { authorization: `Bearer ${collected.body.data.login.token}` } });
    expect(me.body.data.user.id).toBe(phoneUser.id);
    expect((await poll(t)).body.data).toEqual({ status: 'expired' });
  });

  it('gives nothing to someone who only saw the QR code', async () => {
    const owner = { authorization: `Bearer ${await createSession(await createUser())}` };
    const intruder = { authorization: `Bearer ${await createSession(await createUser())}` };
    const t = await start();
    await post(`${QR}/scan`, { ticket: t.ticket }, newIp(), owner);
    expect((await post(`${QR}/scan`, { ticket: t.ticket }, newIp(), intruder)).status).toBe(409);
    expect((await post(`${QR}/confirm`, { ticket: t.ticket }, newIp(), intruder)).status).toBe(409);
    await post(`${QR}/confirm`, { ticket: t.ticket }, newIp(), owner);
    // Without the poll secret the confirmed ticket yields no session.
    const guessed = await post(`${QR}/status`, { ticket: t.ticket, pollSecret: 'x'.repeat(43) }, newIp());
    expect(guessed.body.data).toEqual({ status: 'expired' });
    expect(guessed.body.data.login).toBeUndefined();
    expect((await poll(t)).body.data.status).toBe('confirmed');
  });

  it('expires after two minutes', async () => {
    const phone = { authorization: `Bearer ${await createSession(await createUser())}` };
    const t = await start();
    expect(t.expiresIn).toBe(120);
    await getDb().update(qrLoginTickets).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(qrLoginTickets.ticket, t.ticket));
    expect((await poll(t)).body.data).toEqual({ status: 'expired' });
    const scan = await post(`${QR}/scan`, { ticket: t.ticket }, newIp(), phone);
    expect(scan.status).toBe(404);
    expect(scan.body.data.status).toBe('expired');
  });

  it('needs a signed-in phone user', async () => {
    const t = await start();
    expect((await post(`${QR}/scan`, { ticket: t.ticket }, newIp())).status).toBe(401);
  });
});

describe('binding a mobile or e-mail (docs/product/identity.md#calls update/account/current)', () => {
  it('binds a free address with a code sent there, and the address then signs in', async () => {
    const user = await createUser();
    const ip = newIp();
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    const mobile = `1${String(Date.now()).slice(-10)}`;
    await sendCode(mobile, CODE_TYPE.bindAccount, ip);
    const res = await post('/api/authcenter/v1.0/user/update/account/current', { account: mobile, code: await latestCode(mobile) }, ip, auth);
    expect(res.body.data).toEqual({ email: user.account, mobile });
    expect((await post('/api/idealab-material/passport/login/1', { account: mobile, password: user.password }, ip)).body.code).toBe(200);
  });

  it('never hands over an address another account uses', async () => {
    const owner = await createUser();
    const thief = await createUser();
    const ip = newIp();
    await sendCode(owner.account, CODE_TYPE.bindAccount, ip);
    const [notice] = await outboxFor(owner.account);
    expect(notice?.body).not.toMatch(/\d{6}/);
    const attempt = await post('/api/authcenter/v1.0/user/update/account/current', { account: owner.account, code: '123456' }, ip, { authorization: `Bearer ${await createSession(thief)}` });
    expect(attempt.body.code).toBe(ERROR.fieldInvalid);
    expect((await getDb().select({ email: users.email }).from(users).where(eq(users.id, thief.id)))[0]?.email).toBe(thief.account);
  });
});

describe('code and registration rate limits', () => {
  it('stops one address asking for codes for many accounts (30 an hour)', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) expect((await sendCode(`probe-${i}-${randomUUID()}@test.matlib`, CODE_TYPE.login, ip)).status).toBe(200);
    const blocked = await sendCode(newEmail(), CODE_TYPE.login, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.retryAfter).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await sendCode(newEmail(), CODE_TYPE.login, newIp())).status).toBe(200);
  });

  it('keep sending the owner codes where they signed in, however many strangers ask for that account', async () => {
    const user = await createUser();
    const home = newIp();
    expect((await post('/api/idealab-material/passport/login/1', { account: user.account, password: user.password }, home)).body.code).toBe(200);
    const strangers = [];
    for (let i = 0; i < 30; i += 1) strangers.push((await sendCode(user.account, CODE_TYPE.login, newIp())).status);
    // A backstop slows strangers flooding the account (20 a day from addresses that never proved it, then one per
    // ten minutes) …
    const { points } = LIMITS['code.account'];
    expect(strangers.filter((s) => s === 200)).toHaveLength(points + LIMITS['code.accountSlow'].points);
    expect(strangers.slice(points + 1).every((s) => s === 429)).toBe(true);
    // … but the owner's own address still gets a code at once, and it signs them in.
    expect((await sendCode(user.account, CODE_TYPE.login, home)).status).toBe(200);
    const ok = await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: await latestCode(user.account) }, home);
    expect(ok.body.code).toBe(200);
    // So does the owner's own session, from anywhere.
    const auth = { authorization: `Bearer ${await createSession(user)}` };
    expect((await sendCode(user.account, CODE_TYPE.removeAccount, newIp(), auth)).status).toBe(200);
  });

  it('get the owner a code at a new address within minutes after strangers at three addresses spent the day’s backstop', async () => {
    const user = await createUser();
    const strangers = [newIp(), newIp(), newIp()];
    const purposes = Object.values(CODE_TYPE).filter((p) => p !== CODE_TYPE.removeAccount);
    const sent = [];
    for (const purpose of purposes) for (const ip of strangers) sent.push((await sendCode(user.account, purpose, ip)).status);
    expect(sent).toHaveLength(21);
    expect(sent.filter((s) => s === 200)).toHaveLength(LIMITS['code.account'].points + 1);
    // A password reset from a network the owner never used: at worst a wait of minutes, not a day.
    const away = newIp();
    const first = await sendCode(user.account, CODE_TYPE.updatePassword, away);
    expect(first.status).toBe(429);
    expect(first.body.data.retryAfter).toBeLessThanOrEqual(LIMITS['code.accountSlow'].duration);
    expect(first.headers.get('retry-after')).toBe(String(first.body.data.retryAfter));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + first.body.data.retryAfter * 1000 });
    try {
      expect((await sendCode(user.account, CODE_TYPE.updatePassword, away)).status).toBe(200);
      const reset = await post('/api/authcenter/mp/uc/login/reset', { account: user.account, code: await latestCode(user.account), password: 'brand new secret' }, away);
      expect(reset.body.code).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leave the owner’s code working when someone else asks for another', async () => {
    const user = await createUser();
    const home = newIp();
    await sendCode(user.account, CODE_TYPE.login, home);
    const mine = await latestCode(user.account);
    expect((await sendCode(user.account, CODE_TYPE.login, newIp())).status).toBe(200);
    const theirs = await latestCode(user.account);
    const ok = await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: mine }, home);
    expect(ok.body.code).toBe(200);
    // Using one code retires every other code of the account and purpose.
    if (theirs !== mine) expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: theirs }, newIp())).body.code).toBe(ERROR.fieldInvalid);
  });

  it('give a guesser five tries in all against the live codes, not five per code', async () => {
    const user = await createUser();
    await sendCode(user.account, CODE_TYPE.login, newIp());
    await sendCode(user.account, CODE_TYPE.login, newIp());
    const live = (await outboxFor(user.account)).map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]);
    const wrong = ['123456', '234567', '345678'].find((c) => !live.includes(c))!;
    for (let i = 0; i < 5; i += 1) await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code: wrong }, newIp());
    for (const code of live) expect((await post('/api/idealab-material/passport/login-by-code/1', { account: user.account, code }, newIp())).body.code).toBe(ERROR.fieldInvalid);
  });

  it('give each address its own minute between codes for an account', async () => {
    const user = await createUser();
    const ip = newIp();
    expect((await sendCode(user.account, CODE_TYPE.login, ip)).status).toBe(200);
    expect((await sendCode(user.account, CODE_TYPE.login, ip)).status).toBe(429);
    // Another address is not held to the first one's minute, and the first may ask for another purpose.
    expect((await sendCode(user.account, CODE_TYPE.login, newIp())).status).toBe(200);
    expect((await sendCode(user.account, CODE_TYPE.updatePassword, ip)).status).toBe(200);
  });

  it('stops one address registering more than ten times an hour', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/idealab-material/passport/register/1', { account: newEmail(), code: '123456', password: 'a long enough secret', name: 'X' }, ip);
      expect(res.status).toBe(422);
    }
    expect((await post('/api/idealab-material/passport/register/1', { account: newEmail(), code: '123456', password: 'a long enough secret', name: 'X' }, ip)).status).toBe(429);
  });
});
