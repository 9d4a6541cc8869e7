/**
 * Sign-in finished by a page, against a real OpenID Connect provider (the `oidc-provider` package on a local port,
 * with signing keys of our own so tokens can also be made by hand): the social app's code exchanged by
 * `wechat/login-by-code`, the team-chat ID token checked by `ms-teams/login/6`, and the bind step after a social
 * sign-in (`sns/bind-mobile`, `sns/bind-account/{mode}`). docs/product/identity.md#social-sign-in-in-a-page
 */
import { createPrivateKey, generateKeyPairSync, randomUUID, sign, type JsonWebKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { oidcStates, userIdentities, users } from '../../src/lib/server/db/schema';
import { resetEnvCache } from '../../src/lib/server/env';
import { resetOidcConfigurations } from '../../src/lib/server/identity/oidc-config';
import { apiCaller } from '../fixtures/api';
import { createUser } from '../fixtures/identity';
import { throughProvider } from '../fixtures/oidc-browser';
import { latestCode } from '../fixtures/outbox';

const ORIGIN = 'https://matlib.test';
const P = '/api/idealab-material/passport';
const { call, send } = apiCaller('');
const emails = new Map<string, string>();
let server: http.Server;
let issuer = '';

// The provider signs with this key, so a test can make a token the provider could have made (expired, for someone
// else) and one it could not (signed by a stranger's key).
const providerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'test-key';

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jwk = { ...(providerKey.privateKey.export({ format: 'jwk' }) as JsonWebKey), kid: KID, alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      { client_id: 'matlib', client_secret: 'a-long-test-client-secret', redirect_uris: [`${ORIGIN}/login`, `${ORIGIN}/api/idealab-material/passport/oidc/wechat/callback`], grant_types: ['authorization_code'], response_types: ['code'] },
      { client_id: 'matlib-teams', client_secret: 'another-long-test-client-secret', redirect_uris: [`${ORIGIN}/ms-teams/ms-auth`], grant_types: ['implicit'], response_types: ['id_token'], token_endpoint_auth_method: 'none' },
    ],
    jwks: { keys: [jwk as never] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, name: `Social ${sub}`, ...(emails.has(sub) ? { email: emails.get(sub), email_verified: true } : {}) }),
    }),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  process.env.OIDC_PROVIDERS = JSON.stringify([
    { id: 'wechat', name: 'WeChat', issuer, clientId: 'matlib', clientSecret: 'a-long-test-client-secret' },
    { id: 'teams', name: 'Teams', issuer, clientId: 'matlib-teams', clientSecret: 'another-long-test-client-secret' },
  ]);
  process.env.PUBLIC_ORIGIN = ORIGIN;
  resetEnvCache();
  resetOidcConfigurations();
});

afterAll(() => {
  delete process.env.OIDC_PROVIDERS;
  delete process.env.PUBLIC_ORIGIN;
  resetEnvCache();
  resetOidcConfigurations();
  server.close();
});

const sameSite = { 'sec-fetch-site': 'same-origin' };
const cookieOf = (res: Response) => /oidc_state=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';

/** The social page flow up to the login page: the page's URL (code, state, iss) and the browser's state cookie. */
async function socialToPage(sub: string, redirect = '/sample-bag') {
  const start = await send(`${P}/oidc/wechat/start?mode=page&redirect=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(302);
  const page = await throughProvider(ORIGIN, start.headers.get('location') ?? '', sub);
  return { start, page, cookie: cookieOf(start) };
}

const exchange = (page: URL, cookie: string, headers: Record<string, string> = sameSite) => call(`${P}/wechat/login-by-code/1${page.search}`, { cookie, headers });

describe('social sign-in finished by the login page (wechat/login-by-code)', () => {
  it('sends the provider back to /login with a wx_login state and exchanges the code there for a login', async () => {
    const sub = `page-${randomUUID()}`;
    const { start, page, cookie } = await socialToPage(sub, '/applyRecordBuyer');
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login`);
    expect(authorize.searchParams.get('state')).toMatch(/^wx_login\.[A-Za-z0-9_-]{40,}$/);
    expect(start.headers.get('set-cookie')).toContain('Path=/api/idealab-material/passport/wechat');
    expect(page.pathname).toBe('/login');
    expect(page.searchParams.get('state')).toBe(authorize.searchParams.get('state'));

    const res = await exchange(page, cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isBind: false, redirect: '/applyRecordBuyer' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('set-cookie')).toContain(`__Host-ilt=${res.body.data.token}`);
    const me = await call(`${P.replace('/passport', '')}/customer/user/info/current`, { token: res.body.data.token });
    expect(me.body.data.user).toMatchObject({ account: `wechat:${sub}`, name: `Social ${sub}`.slice(0, 40) });
    expect(me.body.data.companies).toHaveLength(1);
  });

  it('refuses a replay, another browser, another site and a state of the other flow, signing nobody in', async () => {
    const sub = `replay-${randomUUID()}`;
    const { page, cookie } = await socialToPage(sub);
    // Another browser: the code without the state cookie. The request is not used up by it.
    const foreign = await exchange(page, '');
    expect(foreign.status).toBe(401);
    expect(foreign.headers.get('set-cookie') ?? '').not.toContain('ilt=');
    // Another site cannot make the browser exchange it either.
    expect((await exchange(page, cookie, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The same code and state at our own callback: a page flow's state is finished only by its page.
    expect((await send(`${P}/oidc/wechat/callback${page.search}`, { cookie })).status).toBe(401);
    expect(await getDb().select().from(users).where(eq(users.account, `wechat:${sub}`))).toHaveLength(0);
    expect((await exchange(page, cookie)).status).toBe(200);
    expect((await exchange(page, cookie)).status).toBe(401);
    expect(await getDb().select().from(users).where(eq(users.account, `wechat:${sub}`))).toHaveLength(1);
  });

  it('answers input that is not a page flow’s with 422 and consumes nothing', async () => {
    const before = (await getDb().select().from(oidcStates)).length;
    for (const query of ['code=x&state=plain-state-without-marker', 'state=wx_login.abcdefghijklmnopqrstuvwxyz', 'code=x&state=ms_login.abcdefghijklmnopqrstuvwxyz']) {
      const res = await call(`${P}/wechat/login-by-code/1?${query}`, { headers: sameSite });
      expect(res.status).toBe(422);
      expect(res.body.code).toBeGreaterThanOrEqual(300068);
    }
    expect((await call(`${P}/wechat/login-by-code/3?code=x&state=wx_login.abcdefghijklmnopqrstuvwxyz`, { headers: sameSite })).status).toBe(422);
    expect((await getDb().select().from(oidcStates)).length).toBe(before);
  });
});

/** A JWT signed RS256 with `key`, as a provider would issue one. */
function jwt(claims: Record<string, unknown>, key = providerKey.privateKey, kid = KID): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'RS256', typ: 'JWT', kid })}.${part(claims)}`;
  return `${body}.${sign('sha256', Buffer.from(body), createPrivateKey(key.export({ format: 'pem', type: 'pkcs8' }))).toString('base64url')}`;
}

/** Starts a team-chat page flow: the state and nonce the provider was asked to answer with. */
async function teamsStart(redirect = '/home') {
  const start = await send(`${P}/oidc/teams/start?mode=page&redirect=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location') ?? '');
  return { start, authorize, state: authorize.searchParams.get('state') ?? '', nonce: authorize.searchParams.get('nonce') ?? '' };
}

const teamsLogin = (idToken: string, state: string) => call(`${P}/ms-teams/login/6`, { body: { idToken, state } });

describe('team-chat sign-in with an ID token (ms-teams/login/6)', () => {
  it('asks the provider for an ID token bound to a nonce, and signs in with the one it hands the page', async () => {
    const sub = `teams-${randomUUID()}`;
    emails.set(sub, `${sub}@teams.test`);
    const { start, authorize, state } = await teamsStart('/sample-bag');
    expect(authorize.searchParams.get('response_type')).toBe('id_token');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/ms-teams/ms-auth`);
    expect(state).toMatch(/^ms_login\./);
    expect(start.headers.get('set-cookie') ?? '').not.toContain('oidc_state');

    const page = await throughProvider(ORIGIN, authorize.href, sub);
    expect(page.pathname).toBe('/ms-teams/ms-auth');
    const answered = new URLSearchParams(page.hash.slice(1));
    const res = await teamsLogin(answered.get('id_token') ?? '', answered.get('state') ?? '');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isBind: true, redirect: '/sample-bag' });
    const [link] = await getDb().select().from(userIdentities).where(eq(userIdentities.subject, sub));
    const [user] = await getDb().select().from(users).where(eq(users.id, link!.userId));
    expect(user).toMatchObject({ account: `teams:${sub}`, email: `${sub}@teams.test`, role: 0 });

    // The state is used up: the same token again is refused.
    expect((await teamsLogin(answered.get('id_token') ?? '', answered.get('state') ?? '')).status).toBe(401);
  });

  it('refuses a forged, an expired and a foreign-audience token, and one for another request, creating nobody', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claimsFor = (nonce: string, sub: string, extra: Record<string, unknown> = {}) => ({ iss: issuer, aud: 'matlib-teams', sub, nonce, iat: now - 10, exp: now + 600, ...extra });
    const cases: Array<[string, (nonce: string, sub: string) => string]> = [
      ['forged', (nonce, sub) => jwt(claimsFor(nonce, sub), strangerKey.privateKey)],
      ['expired', (nonce, sub) => jwt(claimsFor(nonce, sub, { iat: now - 7200, exp: now - 3600 }))],
      ['foreign audience', (nonce, sub) => jwt(claimsFor(nonce, sub, { aud: 'someone-else' }))],
      ['another issuer', (nonce, sub) => jwt(claimsFor(nonce, sub, { iss: 'https://issuer.example' }))],
      ['another request', (_nonce, sub) => jwt(claimsFor('a-nonce-we-never-asked-for', sub))],
    ];
    for (const [why, make] of cases) {
      const sub = `refused-${randomUUID()}`;
      const { state, nonce } = await teamsStart();
      const res = await teamsLogin(make(nonce, sub), state);
      expect(res.status, why).toBe(401);
      expect(res.body.code, why).toBe(100401);
      expect(await getDb().select().from(users).where(eq(users.account, `teams:${sub}`)), why).toHaveLength(0);
    }
    // The same hand-made token, signed with the provider's key for our audience and request, is accepted: the
    // refusals above are for what each changes, not for being made by hand.
    const sub = `made-${randomUUID()}`;
    const { state, nonce } = await teamsStart();
    expect((await teamsLogin(jwt(claimsFor(nonce, sub)), state)).status).toBe(200);
  });

  it('refuses a state of the social flow, a malformed token and a missing state with 422', async () => {
    const { nonce } = await teamsStart();
    const token = jwt({ iss: issuer, aud: 'matlib-teams', sub: 'x', nonce, iat: 1, exp: 2 });
    expect((await teamsLogin(token, 'wx_login.abcdefghijklmnopqrstuvwxyz')).status).toBe(422);
    expect((await teamsLogin('not a token', 'ms_login.abcdefghijklmnopqrstuvwxyz')).status).toBe(422);
    expect((await call(`${P}/ms-teams/login/6`, { body: { idToken: token } })).status).toBe(422);
  });
});

/** A social sign-in through our own callback; the token of the new session. */
async function socialUser(sub: string): Promise<string> {
  const { page, cookie } = await socialToPage(sub);
  const res = await exchange(page, cookie);
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

describe('the bind step after a social sign-in (sns/bind-mobile, sns/bind-account/{mode})', () => {
  it('tells a bare social account what it can do, binds a mobile with a bind code, and then it is bound', async () => {
    const token = await socialUser(`bind-${randomUUID()}`);
    const status = await call(`${P}/sns/bind-mobile`, { token });
    expect(status.body.data).toEqual({ isBind: false, mobile: null, email: null, providers: ['wechat'], canBindAccount: true });

    const mobile = `+86139${String(Date.now()).slice(-8)}`;
    const ip = '10.61.0.1';
    expect((await call(`${P}/verify/code/send?account=${encodeURIComponent(mobile)}&type=5`, { token, ip, headers: sameSite })).status).toBe(200);
    const code = await latestCode(mobile);
    // An e-mail is not a mobile number, and a wrong code binds nothing.
    const asEmail = await call(`${P}/sns/bind-account/mobile`, { token, ip, body: { account: 'someone@example.com', code } });
    expect(asEmail.status).toBe(422);
    expect(asEmail.body.data.fields[0]).toMatchObject({ field: 'account' });
    const wrong = await call(`${P}/sns/bind-account/mobile`, { token, ip, body: { account: mobile, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(422);
    expect((await call(`${P}/sns/bind-mobile`, { token })).body.data.mobile).toBeNull();

    const bound = await call(`${P}/sns/bind-account/mobile`, { token, ip, body: { account: mobile, code } });
    expect(bound.body.data).toEqual({ email: null, mobile });
    expect((await call(`${P}/sns/bind-mobile`, { token })).body.data).toMatchObject({ isBind: true, mobile, canBindAccount: false });
  });

  it('joins a bare social account to an existing account proved by its password, and retires it', async () => {
    const sub = `join-${randomUUID()}`;
    const token = await socialUser(sub);
    const [social] = await getDb().select().from(users).where(eq(users.account, `wechat:${sub}`));
    const existing = await createUser();
    const ip = '10.61.1.1';

    const wrong = await call(`${P}/sns/bind-account/account`, { token, ip, body: { account: existing.account, password: 'not the password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.fields[0]).toMatchObject({ field: 'password' });
    expect((await getDb().select().from(userIdentities).where(eq(userIdentities.subject, sub)))[0]?.userId).toBe(social!.id);

    const joined = await call(`${P}/sns/bind-account/account`, { token, ip, body: { account: existing.account, password: existing.password } });
    expect(joined.status).toBe(200);
    const me = await call('/api/idealab-material/customer/user/info/current', { token: joined.body.data.token });
    expect(me.body.data.user.id).toBe(existing.id);
    expect((await getDb().select().from(userIdentities).where(eq(userIdentities.subject, sub)))[0]?.userId).toBe(existing.id);
    expect((await getDb().select().from(users).where(eq(users.id, social!.id)))[0]?.status).toBe(2);
    // The social account's session is over, and its sign-in now opens the existing account.
    expect((await call('/api/idealab-material/customer/user/info/current', { token })).status).toBe(401);
    const again = await socialUser(sub);
    expect((await call('/api/idealab-material/customer/user/info/current', { token: again })).body.data.user.id).toBe(existing.id);
  });

  it('refuses to join an account that is more than a social sign-in, changing nothing', async () => {
    const owner = await createUser();
    const other = await createUser();
    const session = (await call(`${P}/login/1`, { body: { account: owner.account, password: owner.password }, ip: '10.61.2.1' })).body.data.token as string;
    const res = await call(`${P}/sns/bind-account/account`, { token: session, ip: '10.61.2.1', body: { account: other.account, password: other.password } });
    expect(res.status).toBe(409);
    expect((await call(`${P}/sns/bind-mobile`, { token: session })).body.data).toMatchObject({ isBind: true, providers: [], canBindAccount: false });
    expect((await call('/api/idealab-material/customer/user/info/current', { token: session })).body.data.user.id).toBe(owner.id);
    expect((await getDb().select().from(users).where(eq(users.id, owner.id)))[0]?.status).toBe(1);
  });
});
