import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { getDb } from '../../src/lib/server/db/client';
import { analyticsEvents, sessions } from '../../src/lib/server/db/schema';
import { apiCaller, type CallInit } from '../fixtures/api';
import { createSession, createUser, type UserFixture } from '../fixtures/identity';

const { app: api, call } = apiCaller('');

const json = (body: unknown, headers: Record<string, string> = {}): CallInit => ({ body, headers });

const event = (overrides: Record<string, unknown> = {}) => ({ event: 'page.view', sessionId: 'it-session', roleCode: 500, ...overrides });

async function eventCount(sessionId: string) {
  const [row] = await getDb().select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
  return row?.n ?? 0;
}

describe('the envelope', () => {
  it('wraps a success as { code: 200, msg: "", data }', async () => {
    const { status, body } = await call('/api/idealab-material/open/sys/language/list');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.msg).toBe('');
    expect(body.data.map((l: { code: string }) => l.code)).toEqual(['cn', 'en']);
  });

  it('answers an unknown API path with a 404 envelope, not HTML', async () => {
    const { headers, status, body } = await call('/api/no/such/thing');
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body.code).toBe(404);
    expect(body.requestId).toMatch(/.{8,}/);
  });

  it('echoes a sane request id and replaces a malformed one', async () => {
    const kept = await call('/api/health', { headers: { 'x-request-id': 'abc12345-trace' } });
    expect(kept.headers.get('x-request-id')).toBe('abc12345-trace');
    const replaced = await call('/api/health', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
  });

  it('serves each language file, and 304 when unchanged', async () => {
    const list = await call('/api/idealab-material/open/sys/language/list');
    const en = list.body.data.find((l: { code: string }) => l.code === 'en');
    const file = await api.request(en.url);
    expect(file.status).toBe(200);
    const messages = await file.json();
    expect(messages.errors['100101']).toBe('favourite folder required');
    const again = await api.request(en.url, { headers: { 'if-none-match': file.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect((await call('/api/idealab-material/open/sys/language/fr.json')).body.code).toBe(ERROR.fieldInvalid);
  });
});

describe('validation', () => {
  it('rejects bad input with 422, the offending fields, and writes nothing', async () => {
    const sessionId = `bad-${Date.now()}`;
    const { status, body } = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId }), event({ sessionId, event: 'has space', roleCode: 7 })] }));
    expect(status).toBe(422);
    expect(body.code).toBe(ERROR.fieldInvalid);
    const fields = body.data.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['content[1].event', 'content[1].roleCode']));
    expect(fields).not.toContain('content[0].event');
    // The valid first event of the batch was not stored either.
    expect(await eventCount(sessionId)).toBe(0);
  });

  it('uses 300069 for a missing field and 300070 for one too long', async () => {
    const missing = await call('/api/data-transit/data/collect', json({ content: [{ event: 'x', roleCode: 500 }] }));
    expect(missing.body.code).toBe(ERROR.fieldRequired);
    expect(missing.body.data.fields[0].field).toBe('content[0].sessionId');
    const tooLong = await call('/api/data-transit/data/collect', json({ content: [event({ event: 'e'.repeat(101) })] }));
    expect(tooLong.body.code).toBe(ERROR.fieldTooLong);
  });

  it('tells a wrong type from a missing field', async () => {
    const wrongType = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId: 42 })] }));
    expect(wrongType.body.code).toBe(ERROR.fieldInvalid);
    expect(wrongType.body.data.fields[0].field).toBe('content[0].sessionId');
  });

  it('words field messages in the caller’s language', async () => {
    const bad = { content: [{ event: 'e'.repeat(101), roleCode: 500 }] };
    const en = await call('/api/data-transit/data/collect', json(bad, { 'accept-language': 'en-US' }));
    const cn = await call('/api/data-transit/data/collect', json(bad, { 'accept-language': 'zh-CN' }));
    const byField = (body: { data: { fields: { field: string; message: string }[] } }) => Object.fromEntries(body.data.fields.map((f) => [f.field, f.message]));
    expect(byField(en.body)).toEqual({ 'content[0].event': 'At most 100 characters', 'content[0].sessionId': 'This field is required' });
    expect(byField(cn.body)).toEqual({ 'content[0].event': '最多 100 个字符', 'content[0].sessionId': '此项为必填项' });
    // The remembered choice wins over the browser's language, as on pages.
    const chosen = await call('/api/data-transit/data/collect', json(bad, { 'accept-language': 'zh-CN', cookie: 'lang=en' }));
    expect(byField(chosen.body)['content[0].sessionId']).toBe('This field is required');
  });

  it('answers malformed JSON and oversize bodies with an envelope, never a 500', async () => {
    const broken = await call('/api/data-transit/data/collect', { rawBody: '{"content": [' });
    expect(broken.status).toBeLessThan(500);
    expect(broken.body.code).not.toBe(200);
    const big = await call('/api/data-transit/data/collect', json({ content: [event({ properties: { blob: 'x'.repeat(2 * 1024 * 1024) } })] }));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(413);
  });

  it('stores a valid batch and returns the new ids', async () => {
    const sessionId = `ok-${Date.now()}`;
    const { body } = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId }), event({ sessionId, event: 'search.submit' })] }));
    expect(body.code).toBe(200);
    expect(body.data.ids).toHaveLength(2);
    expect(await eventCount(sessionId)).toBe(2);
  });
});

describe('sessions through the API', () => {
  let user: UserFixture;
  beforeAll(async () => {
    user = await createUser();
  });

  it('logs in with the right password, setting an HttpOnly ilt cookie, and the token works', async () => {
    const { headers, body } = await call('/api/idealab-material/passport/login/1', json({ account: user.account.toUpperCase(), password: user.password }));
    expect(body.code).toBe(200);
    expect(body.data.currentCompanyId).toBe(user.companyId);
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ilt=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await call('/api/idealab-material/customer/user/info/current', { headers: { authorization: `Bearer ${body.data.token}` } });
    expect(me.body.data.user.account).toBe(user.account);
  });

  it('over HTTPS, sets the session as __Host-ilt, signs in with it, and ignores a plain ilt there', async () => {
    const tls = apiCaller('https://materials.example.com');
    const { headers, body } = await tls.call('/api/idealab-material/passport/login/1', json({ account: user.account, password: user.password }));
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-ilt=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie.split('; ')[0]).toBe(`__Host-ilt=${body.data.token}`);
    const me = (cookieHeader: string) => tls.call('/api/idealab-material/customer/user/info/current', { cookie: cookieHeader });
    expect((await me(`__Host-ilt=${body.data.token}`)).body.data.user.account).toBe(user.account);
    // A plain cookie over HTTPS may have been planted from plain HTTP or a sibling subdomain.
    expect((await me(`ilt=${body.data.token}`)).status).toBe(401);
    // The plain name still works over plain HTTP (development on localhost).
    expect((await call('/api/idealab-material/customer/user/info/current', { cookie: `ilt=${body.data.token}` })).body.data.user.account).toBe(user.account);
    const out = await tls.call('/api/idealab-material/passport/logout', { method: 'POST', cookie: `__Host-ilt=${body.data.token}`, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-ilt=; Max-Age=0; Path=\/.*; Secure/);
    expect((await me(`__Host-ilt=${body.data.token}`)).status).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = await call('/api/idealab-material/passport/login/1', json({ account: user.account, password: 'nope' }));
    const unknown = await call('/api/idealab-material/passport/login/1', json({ account: 'nobody@test.matlib', password: 'nope' }));
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: unknown.body.code, msg: unknown.body.msg, data: unknown.body.data });
    expect(wrong.body.data.fields[0].field).toBe('password');
  });

  it('needs a session for the user context: 401 with 100401', async () => {
    const { status, body } = await call('/api/idealab-material/customer/user/info/current');
    expect(status).toBe(401);
    expect(body.code).toBe(ERROR.needLogin);
  });

  it('revokes the token at logout, server-side', async () => {
    const token = await createSession(user);
    const auth = { authorization: `Bearer ${token}` };
    expect((await call('/api/idealab-material/passport/auth/effective', { headers: auth })).body.data).toBe(true);
    expect((await call('/api/idealab-material/passport/logout', { method: 'POST', headers: auth })).body.code).toBe(200);
    expect((await call('/api/idealab-material/passport/auth/effective', { headers: auth })).body.data).toBe(false);
  });

  it('rejects idle and expired sessions', async () => {
    const idle = await createSession(user, { lastSeenAt: new Date(Date.now() - 3 * 60 * 60 * 1000) });
    const expired = await createSession(user, { expiresAt: new Date(Date.now() - 1000) });
    for (const token of [idle, expired]) {
      expect((await call('/api/idealab-material/passport/auth/effective', { headers: { authorization: `Bearer ${token}` } })).body.data).toBe(false);
    }
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const token = await createSession(user);
    const sessionId = `csrf-${Date.now()}`;
    const cross = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `ilt=${token}`, 'sec-fetch-site': 'cross-site' }));
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe(ERROR.authError);
    expect(await eventCount(sessionId)).toBe(0);
    const same = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `ilt=${token}`, 'sec-fetch-site': 'same-origin' }));
    expect(same.body.code).toBe(200);
    // The session's user is recorded, whatever the body says.
    const [row] = await getDb().select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
    expect(row?.userId).toBe(user.id);
  });

  it('holds a write carrying the __Host- session cookie to the same-origin rule', async () => {
    const token = await createSession(user);
    const sessionId = `csrf-host-${Date.now()}`;
    const tls = apiCaller('https://materials.example.com');
    const cross = await tls.call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `__Host-ilt=${token}`, 'sec-fetch-site': 'cross-site' }));
    expect(cross.status).toBe(403);
    expect(cross.body.msg).toBe('Cross-site request refused');
    expect(await eventCount(sessionId)).toBe(0);
  });

  it('holds a cookie-authenticated write to the rule whatever other Authorization header it carries', async () => {
    const token = await createSession(user);
    const sessionId = `csrf-basic-${Date.now()}`;
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer short', `Token ${token}`]) {
      const cross = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `ilt=${token}`, authorization, 'sec-fetch-site': 'cross-site' }));
      expect(cross.status, authorization).toBe(403);
    }
    expect(await eventCount(sessionId)).toBe(0);
    // A bearer token authenticates in place of the cookie, so it passes.
    const bearer = await call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `ilt=${token}`, authorization: `Bearer ${token}`, 'sec-fetch-site': 'cross-site' }));
    expect(bearer.body.code).toBe(200);
  });

  it('tells http:// from https:// on the same host in Origin', async () => {
    const token = await createSession(user);
    const sessionId = `csrf-scheme-${Date.now()}`;
    const tls = apiCaller('https://materials.example.com');
    const plain = await tls.call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `__Host-ilt=${token}`, origin: 'http://materials.example.com' }));
    expect(plain.status).toBe(403);
    expect(await eventCount(sessionId)).toBe(0);
    const same = await tls.call('/api/data-transit/data/collect', json({ content: [event({ sessionId })] }, { cookie: `__Host-ilt=${token}`, origin: 'https://materials.example.com' }));
    expect(same.body.code).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = await createSession(user);
    const rows = await getDb().select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('documentation', () => {
  it('documents every route in /api/openapi.json', async () => {
    const { body } = await call('/api/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/data-transit/data/collect', '/api/idealab-material/passport/login/{version}', '/api/idealab-material/open/sys/language/list']),
    );
  });

  it('renders /api/docs from our own assets', async () => {
    const page = await api.request('/api/docs');
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const asset = await api.request('/api/docs/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect((await api.request('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});
