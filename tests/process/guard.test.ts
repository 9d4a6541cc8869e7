import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, sessions, users } from '../../src/lib/server/db/schema';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { and } from 'drizzle-orm';
import { createSession, createUser } from '../fixtures/identity';
import { latestCode } from '../fixtures/outbox';
import { startFixtureServer } from './fixture-server';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
let server: Awaited<ReturnType<typeof startFixtureServer>>;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(() => server.stop());

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p}`, { headers, redirect: 'manual' });

describe('the route guard (docs/product/routes.md#route-guard)', () => {
  it('redirects `/` to `/home`', async () => {
    const res = await get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/home');
  });

  it('sends a guest on a protected page to login with a way back', async () => {
    const res = await get('/sample-bag?tab=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=%2Fsample-bag%3Ftab%3D2');
  });

  it('lets a guest open an open page and a public page', async () => {
    expect((await get('/home')).status).toBe(200);
    expect((await get('/404?message=x&code=404')).status).toBe(404);
  });

  it('lets a signed-in user through, and drops a dead token', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const ok = await get('/sample-bag', { cookie: `ilt=${token}` });
    expect(ok.headers.get('location') ?? '').not.toContain('/login');
    const dead = await get('/home', { cookie: `ilt=${'x'.repeat(43)}` });
    expect(dead.status).toBe(200);
    expect(dead.headers.get('set-cookie')).toMatch(/^ilt=(deleted)?;.*Expires=Thu, 01 Jan 1970/);
  });

  it('sends a frozen user to the frozen-account page from any protected page', async () => {
    const frozen = await createUser({ status: 5 });
    const token = await createSession(frozen);
    // An open page is still readable, as for a guest.
    expect((await get('/home', { cookie: `ilt=${token}` })).status).toBe(200);
    for (const p of ['/sample-bag', '/profile/info', '/main/collection/folders']) {
      const res = await get(p, { cookie: `ilt=${token}` });
      expect(res.status, p).toBe(302);
      expect(res.headers.get('location')).toBe('/logoff/cancel');
    }
    expect((await get('/logoff/cancel', { cookie: `ilt=${token}` })).status).toBe(200);
  });

  it('moves a token from the ilt query into the cookie and cleans the URL', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const res = await get(`/home?ilt=${token}&tab=new`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/home?tab=new');
    expect(res.headers.get('set-cookie')).toContain(`ilt=${token}`);
    expect(res.headers.get('set-cookie')).toContain('HttpOnly');
  });

  it('sets no cookie for an ilt query that is no live session', async () => {
    const user = await createUser();
    const revoked = await createSession(user, { expiresAt: new Date(Date.now() - 1000) });
    for (const dead of ['A'.repeat(43), revoked]) {
      const res = await get(`/home?ilt=${dead}&tab=new`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/home?tab=new');
      expect(res.headers.get('set-cookie') ?? '').not.toContain(`ilt=${dead}`);
    }
  });

  it('asks before an ilt from another site becomes the session, and switches only on a same-origin yes', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const res = await get(`/sample-bag?ilt=${token}&tab=1`, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    const ask = res.headers.get('location') ?? '';
    expect(ask).toBe(`/switch-account?${new URLSearchParams({ ilt: token, redirect: '/sample-bag?tab=1' })}`);
    const page = await get(ask, { 'sec-fetch-site': 'cross-site', 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    const html = await page.text();
    expect(html).toContain(user.account);
    expect(html).toContain('Continue');
    expect(html).toContain('Stay as you are');
    expect(await (await get(ask)).text()).toContain('保持现状');
    const yes = (origin: string) =>
      fetch(`${server.url}${ask}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: new URLSearchParams({ ilt: token, redirect: '/sample-bag?tab=1' }), redirect: 'manual' });
    const forged = await yes('https://evil.example');
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    const taken = await yes(server.url);
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toBe('/sample-bag?tab=1');
    expect(taken.headers.get('set-cookie')).toContain(`ilt=${token}`);
  });

  it('asks before an ilt replaces another user signed in in this browser', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const other = await createSession(await createUser());
    const res = await get(`/home?ilt=${token}`, { cookie: `ilt=${other}` });
    expect(res.headers.get('location')).toMatch(/^\/switch-account\?ilt=/);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    const page = await get(res.headers.get('location') ?? '', { cookie: `ilt=${other}`, 'accept-language': 'en' });
    expect(await page.text()).toContain('This browser is signed in as');
  });

  it('asks before a hand-off from another site becomes the session', async () => {
    const user = await createUser();
    const issued = await fetch(`${server.url}/api/idealab-material/passport/sso`, { headers: { authorization: `Bearer ${await createSession(user)}` } });
    const handOff = ((await issued.json()) as { data: string }).data;
    const res = await get(`/sample-bag?token=${handOff}`, { 'sec-fetch-site': 'cross-site' });
    expect(res.headers.get('location')).toMatch(/^\/switch-account\?ilt=[A-Za-z0-9_-]{43}&redirect=%2Fsample-bag$/);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('ilt=');
  });

  it('gives a phone browser the responsive pages and embedded phone hosts the mobile counterparts', async () => {
    for (const path of ['/home', '/main/material-store', '/material/detail?materialId=7&categoryId=3', '/merchant/home']) {
      const res = await get(path, { 'user-agent': IPHONE });
      expect(res.headers.get('location'), path).toBeNull();
    }
    const embedded = await get('/material/detail?materialId=7&categoryId=3', { 'user-agent': `${IPHONE} miniProgram` });
    expect(embedded.headers.get('location')).toBe('/mobile/detail?materialId=7&categoryId=3');
    expect((await get('/mobile/tip?from=%2Fhome', { 'user-agent': IPHONE })).status).toBe(200);
  });

  it('sends a phone to the tip before the supplier editor, and lets it continue anyway', async () => {
    const user = await createUser();
    const cookie = `ilt=${await createSession(user)}`;
    const first = await get('/supplier/material/edit?materialId=5', { 'user-agent': IPHONE, cookie });
    expect(first.headers.get('location')).toBe('/mobile/tip?from=%2Fsupplier%2Fmaterial%2Fedit%3FmaterialId%3D5');
    const anyway = await get('/supplier/material/edit?materialId=5&onPhone=1', { 'user-agent': IPHONE, cookie });
    expect(anyway.headers.get('location')).toBe('/supplier/material/edit?materialId=5');
    const remembered = anyway.headers.get('set-cookie')?.match(/phone_anyway=[^;]+/)?.[0];
    expect(remembered).toBe('phone_anyway=1');
    const again = await get('/supplier/material/edit?materialId=5', { 'user-agent': IPHONE, cookie: `${cookie}; ${remembered}` });
    expect(again.headers.get('location') ?? '').not.toContain('/mobile/tip');
  });

  it('logs out through the user menu form and the token stops working', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const out = await fetch(`${server.url}/logout`, { method: 'POST', headers: { cookie: `ilt=${token}`, origin: server.url }, redirect: 'manual' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/home');
    const after = await get('/sample-bag', { cookie: `ilt=${token}` });
    expect(after.headers.get('location')).toContain('/login?redirect=');
    const forged = await fetch(`${server.url}/logout`, { method: 'POST', headers: { cookie: `ilt=${await createSession(user)}`, origin: 'https://evil.example' }, redirect: 'manual' });
    expect(forged.status).toBe(403);
  });

  it('signs in through the login form without JavaScript, and back to the redirect target', async () => {
    const user = await createUser();
    const post = (password: string, origin = server.url) =>
      fetch(`${server.url}/login?redirect=%2Fsample-bag`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'accept-language': 'en' },
        body: new URLSearchParams({ account: user.account, password }),
        redirect: 'manual',
      });
    const wrong = await post('wrong');
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('The account or password is incorrect');
    expect(wrong.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    expect((await post(user.password, 'https://evil.example')).status).toBe(403);
    const ok = await post(user.password);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/sample-bag');
    const cookie = /ilt=([A-Za-z0-9_-]+)/.exec(ok.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    expect((await get('/sample-bag', { cookie: `ilt=${cookie}` })).headers.get('location') ?? '').not.toContain('/login');
  });

  it('shows the dev outbox to platform administrators only, and never the code to the requester', async () => {
    const user = await createUser();
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const send = await fetch(`${server.url}/api/idealab-material/passport/verify/code/send?account=${encodeURIComponent(user.account)}&type=2`, { headers: { 'accept-language': 'en' } });
    const answer = await send.text();
    expect(JSON.parse(answer).code).toBe(200);
    expect(answer).not.toMatch(/\d{6}/);
    const page = await get('/admin/outbox', { cookie: `ilt=${await createSession(admin)}`, 'accept-language': 'en' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(user.account);
    expect(/Your MatLib verification code is \d{6}/.test(html)).toBe(true);
    const refused = await get('/admin/outbox', { cookie: `ilt=${await createSession(user)}` });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toMatch(/^\/403\?/);
  });

  it('exchanges a token query for a session and cleans the URL; a bad one goes to login', async () => {
    const user = await createUser();
    const issued = await fetch(`${server.url}/api/idealab-material/passport/sso`, { headers: { authorization: `Bearer ${await createSession(user)}` } });
    const token = ((await issued.json()) as { data: string }).data;
    const res = await get(`/sample-bag?token=${token}&_companyId=${user.companyId}&tab=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sample-bag?tab=1');
    const session = /ilt=([A-Za-z0-9_-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect((await get('/sample-bag?tab=1', { cookie: `ilt=${session}` })).status).not.toBe(302);
    const reused = await get(`/sample-bag?token=${token}`);
    expect(reused.headers.get('location')).toBe('/login?redirect=%2Fsample-bag');
  });

  it('freezes an account on a removal request and unfreezes it when the request is withdrawn', async () => {
    const user = await createUser();
    const cookie = `ilt=${await createSession(user)}`;
    const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { cookie, origin: server.url, 'content-type': 'application/json', ...init.headers } });
    await api(`/api/idealab-material/passport/verify/code/send?account=${encodeURIComponent(user.account)}&type=6`);
    const code = await latestCode(user.account);
    const removal = await api('/api/authcenter/mp/uc/remove', { method: 'POST', body: JSON.stringify({ code, reason: 'switching tools' }) });
    expect(((await removal.json()) as { code: number }).code).toBe(200);
    expect((await get('/sample-bag', { cookie })).headers.get('location')).toBe('/logoff/cancel');
    const page = await get('/logoff/cancel', { cookie, 'accept-language': 'en' });
    const html = await page.text();
    expect(html).toContain('Withdraw the removal request');
    expect(html).toMatch(/the account will be removed on \d{1,2} \w{3} \d{4}/);
    const withdraw = await fetch(`${server.url}/logoff/cancel`, { method: 'POST', headers: { cookie, origin: server.url }, redirect: 'manual' });
    expect(withdraw.status).toBe(303);
    expect((await get('/sample-bag', { cookie })).headers.get('location') ?? '').not.toContain('/logoff/cancel');
    const info = (await (await api('/api/authcenter/mp/uc/removal/info')).json()) as { data: { status: number } };
    expect(info.data.status).toBe(3);
  });

  it('lets a signed-in phone approve a scan-to-log-in, and the computer collects the session', async () => {
    const phoneUser = await createUser();
    const cookie = `ilt=${await createSession(phoneUser)}`;
    const started = await fetch(`${server.url}/api/authcenter/mp/uc/wx/qrcode`, { method: 'POST' });
    const t = ((await started.json()) as { data: { ticket: string; pollSecret: string; scanPath: string } }).data;
    const pollStatus = async () => {
      const res = await fetch(`${server.url}/api/authcenter/mp/uc/wx/qrcode/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: t.ticket, pollSecret: t.pollSecret }) });
      return ((await res.json()) as { data: { status: string; login?: { token: string } } }).data;
    };
    // A guest who scans is asked to sign in first, then comes back here.
    expect((await get(t.scanPath, { 'user-agent': IPHONE })).headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(t.scanPath)}`);
    const opened = await get(t.scanPath, { cookie, 'user-agent': IPHONE, 'accept-language': 'en' });
    expect(await opened.text()).toContain('Sign in to MatLib on your computer?');
    expect((await pollStatus()).status).toBe('scanned');
    const approved = await fetch(`${server.url}${t.scanPath}`, { method: 'POST', headers: { cookie, origin: server.url, 'user-agent': IPHONE, 'accept-language': 'en' } });
    expect(await approved.text()).toContain('MatLib is signed in on your computer');
    const collected = await pollStatus();
    expect(collected.status).toBe('confirmed');
    expect((await get('/sample-bag', { cookie: `ilt=${collected.login?.token}` })).status).not.toBe(302);
  });

  it('tells a user whose company was removed, once, and sends them to choose again', async () => {
    const user = await createUser({ role: 2 });
    const [gone] = await getDb().insert(companies).values({ orgName: 'Gone Co', isPersonal: false }).returning({ id: companies.id });
    await getDb().insert(companyMembers).values({ companyId: gone!.id, userId: user.id });
    const token = await createSession(user);
    await getDb().update(sessions).set({ companyId: gone!.id }).where(eq(sessions.tokenHash, hashSessionToken(token)));
    await getDb().delete(companyMembers).where(and(eq(companyMembers.companyId, gone!.id), eq(companyMembers.userId, user.id)));
    const res = await get('/sample-bag', { cookie: `ilt=${token}`, 'accept-language': 'en' });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location') ?? '', server.url);
    expect(target.pathname).toBe('/login');
    expect(Object.fromEntries(target.searchParams)).toEqual({ step: 'choose-company', redirect: '/sample-bag', message: 'The company has been removed' });
    // Told once: the stale company is cleared.
    expect((await get('/sample-bag', { cookie: `ilt=${token}` })).status).not.toBe(302);
  });

  it('sends a personal company without the supplier role from supplier screens to join-us', async () => {
    const buyer = await createUser({ role: 1 });
    const cookie = `ilt=${await createSession(buyer)}`;
    expect((await get('/supplier/home', { cookie })).headers.get('location')).toBe('/join-us');
    const supplier = await createUser({ role: 2 });
    await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, supplier.companyId));
    expect((await get('/supplier/home', { cookie: `ilt=${await createSession(supplier)}` })).headers.get('location') ?? '').not.toBe('/join-us');
  });

  it('refuses every cross-site form post to a page, not only the pages that expect one', async () => {
    const cookie = `ilt=${await createSession(await createUser())}`;
    for (const path of ['/profile/info?tab=basic', '/join-us', '/home']) {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=save-user&name=Hijacked', redirect: 'manual' });
      expect(res.status, path).toBe(403);
    }
  });
});
