/**
 * Social / team-chat sign-in against a real OpenID Connect provider (the `oidc-provider` package on a local port),
 * driven through its own login and consent pages: nothing about the provider is faked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { userIdentities, users } from '../../src/lib/server/db/schema';
import { resetEnvCache } from '../../src/lib/server/env';
import { resetOidcConfigurations } from '../../src/lib/server/identity/oidc-config';
import { apiCaller } from '../fixtures/api';
import { createUser } from '../fixtures/identity';
import { throughProvider } from '../fixtures/oidc-browser';

const ORIGIN = 'http://matlib.test';
const CALLBACK = `${ORIGIN}/api/idealab-material/passport/oidc/wechat/callback`;
// The provider sends the browser back to a whole path from /api on.
const { call, send } = apiCaller('');
const emails = new Map<string, string>();
let server: http.Server;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'matlib', client_secret: 'a-long-test-client-secret', redirect_uris: [CALLBACK], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, name: `Social ${sub}`, ...(emails.has(sub) ? { email: emails.get(sub), email_verified: true } : {}) }),
    }),
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  process.env.OIDC_PROVIDERS = JSON.stringify([{ id: 'wechat', name: 'WeChat', issuer, clientId: 'matlib', clientSecret: 'a-long-test-client-secret' }]);
  process.env.PUBLIC_ORIGIN = ORIGIN;
  resetEnvCache();
  resetOidcConfigurations();
});

afterAll(() => {
  delete process.env.OIDC_PROVIDERS;
  delete process.env.PUBLIC_ORIGIN;
  resetEnvCache();
  server.close();
});

async function signIn(login: string, redirect = '/sample-bag') {
  const start = await send(`/api/idealab-material/passport/oidc/wechat/start?redirect=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(302);
  const stateCookie = /oidc_state=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const callback = await throughProvider(ORIGIN, start.headers.get('location') ?? '', login);
  return { callback, stateCookie, res: await send(callback.pathname + callback.search, { cookie: stateCookie }) };
}

describe('OpenID Connect sign-in', () => {
  it('creates a user on first sign-in, links the subject, and signs in again as the same user', async () => {
    const sub = `alice-${Date.now()}`;
    emails.set(sub, `${sub}@social.test`);
    const first = await signIn(sub);
    expect(first.res.status).toBe(302);
    expect(first.res.headers.get('location')).toBe('/sample-bag');
    const token = /ilt=([A-Za-z0-9_-]+)/.exec(first.res.headers.get('set-cookie') ?? '')?.[1];
    const me = (await call('/api/idealab-material/customer/user/info/current', { token })).body;
    expect(me.data.user).toMatchObject({ account: `wechat:${sub}`, name: `Social ${sub}`, role: 0 });
    const second = await signIn(sub);
    const token2 = /ilt=([A-Za-z0-9_-]+)/.exec(second.res.headers.get('set-cookie') ?? '')?.[1];
    const me2 = (await call('/api/idealab-material/customer/user/info/current', { token: token2 })).body;
    expect(me2.data.user.id).toBe(me.data.user.id);
    expect(token2).not.toBe(token);
  });

  it('joins an existing account by an e-mail address the provider has verified', async () => {
    const existing = await createUser();
    const sub = `bob-${Date.now()}`;
    emails.set(sub, existing.account);
    const { res } = await signIn(sub, '/home');
    expect(res.headers.get('location')).toBe('/home');
    const [link] = await getDb().select().from(userIdentities).where(eq(userIdentities.subject, sub));
    expect(link?.userId).toBe(existing.id);
  });

  it('sends a user with nothing to bind to the bind-mobile step', async () => {
    const sub = `carol-${Date.now()}`;
    const { res } = await signIn(sub);
    expect(res.headers.get('location')).toBe('/login?action=bind-mobile&redirect=%2Fsample-bag');
    const [user] = await getDb().select().from(users).where(eq(users.account, `wechat:${sub}`));
    expect(user?.email).toBeNull();
  });

  it('refuses a callback in a browser that did not start the sign-in, and a replayed one', async () => {
    const sub = `mallory-${Date.now()}`;
    const { callback, stateCookie, res } = await signIn(sub);
    expect(res.status).toBe(302);
    const replay = await send(callback.pathname + callback.search, { cookie: stateCookie });
    expect(replay.status).toBe(401);
    // Login CSRF: the attacker's finished flow, delivered to a victim's browser without the attacker's state cookie.
    const start = await send('/api/idealab-material/passport/oidc/wechat/start');
    const attackerCallback = await throughProvider(ORIGIN, start.headers.get('location') ?? '', sub);
    const victim = await send(attackerCallback.pathname + attackerCallback.search);
    expect(victim.status).toBe(401);
    expect(victim.headers.get('set-cookie') ?? '').not.toContain('ilt=');
  });

  it('answers an unconfigured provider with 404', async () => {
    process.env.OIDC_PROVIDERS = '[]';
    resetEnvCache();
    try {
      expect((await send('/api/idealab-material/passport/oidc/teams/start')).status).toBe(404);
    } finally {
      process.env.OIDC_PROVIDERS = JSON.stringify([{ id: 'wechat', name: 'WeChat', issuer: 'http://127.0.0.1:1', clientId: 'x', clientSecret: 'y' }]);
    }
  });
});
