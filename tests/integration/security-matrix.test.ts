/**
 * The security matrix: every documented route, called by every persona, answers according to the
 * access it declares (`x-access`). A route that forgets to declare access, or whose check is missing or wrong,
 * fails here — new routes are covered automatically.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, sessions, users } from '../../src/lib/server/db/schema';
import { findSession } from '../../src/lib/server/identity/find-session';
import { BUYER_PERSONAL_CODES } from '../../src/lib/permission-codes';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { sessionSwitchPage } from '../../src/lib/server/pages/session-switch';
import type { CookieJar } from '../../src/lib/server/request/cookies';
import { matchRoute, SESSION_SWITCH_PATH } from '../../src/lib/routes';
import { apiCaller, type CallInit } from '../fixtures/api';
import { API_TOKEN_SCOPES } from '../../src/lib/contracts/integrations-api-tokens';
import { createApiToken } from '../../src/lib/server/integrations/create-api-token';
import { revokeApiToken } from '../../src/lib/server/integrations/revoke-api-token';
import { createSession, createUser, type UserFixture } from '../fixtures/identity';

// The document's paths run from /api on.
const { send } = apiCaller('');
type Persona = 'guest' | 'buyer' | 'member' | 'companyAdmin' | 'platformAdmin' | 'frozen' | 'apiToken' | 'revokedApiToken';
type SessionPersona = Exclude<Persona, 'guest' | 'apiToken' | 'revokedApiToken'>;
type Operation = { 'x-access'?: string; 'x-frozen'?: string; 'x-token-scope'?: string; security?: Record<string, string[]>[] };
/**
 * `frozen`: whether an account waiting for removal may call it (`x-frozen`, absent on public routes); `scope`: the
 * API token scope that opens it (`x-token-scope`).
 */
type Route = { method: string; path: string; access: string; frozen: string | undefined; scope: string | undefined; security: Operation['security'] };

let routes: Route[] = [];
const people = {} as Record<SessionPersona, { user: UserFixture; companyId: number }>;
/** Who makes the API tokens (the enterprise administrator), and one token of theirs that was revoked. */
let tokenOwner: { companyId: number; userId: number; userName: string };
let revokedApiToken: string;

beforeAll(async () => {
  const doc = (await (await send('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, access: op['x-access'] ?? 'MISSING', frozen: op['x-frozen'], scope: op['x-token-scope'], security: op.security })),
  );

  const buyer = await createUser({ role: 1 });
  // A buyer who asked for the account to be removed (status 5).
  const frozen = await createUser({ role: 1, status: 5 });
  const platformAdmin = await createUser({ role: 1 });
  await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, platformAdmin.id));
  const [enterprise] = await getDb().insert(companies).values({ orgName: 'Matrix Co', isPersonal: false, role: 2 }).returning({ id: companies.id });
  const companyAdmin = await createUser({ role: 2 });
  const member = await createUser({ role: 2 });
  await getDb().insert(companyMembers).values([
    { companyId: enterprise!.id, userId: companyAdmin.id, isAdmin: true },
    { companyId: enterprise!.id, userId: member.id, isAdmin: false },
  ]);
  people.buyer = { user: buyer, companyId: buyer.companyId };
  people.frozen = { user: frozen, companyId: frozen.companyId };
  people.platformAdmin = { user: platformAdmin, companyId: platformAdmin.companyId };
  people.companyAdmin = { user: companyAdmin, companyId: enterprise!.id };
  people.member = { user: member, companyId: enterprise!.id };
  tokenOwner = { companyId: enterprise!.id, userId: companyAdmin.id, userName: 'Matrix admin' };
  const revoked = await createApiToken(tokenOwner, { name: 'Revoked', scopes: [...API_TOKEN_SCOPES] });
  await revokeApiToken(enterprise!.id, revoked.record.id);
  revokedApiToken = revoked.token;
});

/** A fresh session per call: some routes (logout, password change) end the session that calls them. */
async function callAs(persona: Persona, route: Route) {
  let token: string | undefined;
  // A token with every scope, fresh for each call: one token would run out of its calls a minute.
  let fresh: Awaited<ReturnType<typeof createApiToken>> | undefined;
  if (persona === 'apiToken') {
    fresh = await createApiToken(tokenOwner, { name: 'All scopes', scopes: [...API_TOKEN_SCOPES] });
    token = fresh.token;
  } else if (persona === 'revokedApiToken') {
    token = revokedApiToken;
  } else if (persona !== 'guest') {
    const { user, companyId } = people[persona];
    token = await createSession(user);
    await getDb().update(sessions).set({ companyId }).where(eq(sessions.tokenHash, hashSessionToken(token)));
  }
  const path = route.path.replace(/\{[^}]+\}/g, '1');
  const method = route.method.toUpperCase() as CallInit['method'];
  const res = await send(path, { method, token, rawBody: route.method === 'get' ? undefined : '{}', ip: `10.9.${persona.length}.1` });
  if (fresh) await revokeApiToken(tokenOwner.companyId, fresh.record.id);
  return res.status;
}

/** A role route's supplier variant (`/api/<service>/supplier/…`), which only a supplier at work may call. */
const SUPPLIER_PATH = /^\/api\/[^/]+\/supplier\//;

/** What each persona may do with each kind of access: 'denied' expects the status, 'allowed' expects neither 401 nor 403. */
function expected(route: Route, persona: Persona): 401 | 403 | 'allowed' | 'any' {
  const { access } = route;
  if (persona === 'revokedApiToken') return 401;
  // A token acts as its creator (the enterprise administrator) where a scope opens the route; a public route
  // answers it as a guest, and every other route refuses it.
  if (persona === 'apiToken') return route.scope ? expected(route, 'companyAdmin') : access === 'public' ? 'any' : 403;
  if (access === 'public') return 'any';
  // A frozen buyer is a buyer who may change nothing the route does not allow it to.
  if (persona === 'frozen') return route.frozen === 'refused' ? 403 : expected(route, 'buyer');
  if (persona === 'guest') return 401;
  if (access === 'session') return 'allowed';
  // Supplier paths: the matrix's member and administrator are supplier accounts in a supplier company; the buyer
  // and the platform administrator are buyer accounts.
  if (access === 'supplier') return persona === 'member' || persona === 'companyAdmin' ? 'allowed' : 403;
  if (access === 'platformAdmin') return persona === 'platformAdmin' ? 'allowed' : 403;
  if (access.startsWith('permission:')) {
    // An enterprise administrator holds every code, a member without roles none; the buyer and the platform
    // administrator (a buyer too) work in their personal company, which grants a buyer's codes only, and are
    // refused a supplier path whatever code it needs. `A|B`: either code opens it.
    if (persona === 'member') return 403;
    if (persona === 'buyer' || persona === 'platformAdmin') {
      if (SUPPLIER_PATH.test(route.path)) return 403;
      return access.slice('permission:'.length).split('|').some((code) => (BUYER_PERSONAL_CODES as readonly string[]).includes(code)) ? 'allowed' : 403;
    }
    return 'allowed';
  }
  throw new Error(`unknown access ${access}`);
}

describe('the security matrix', () => {
  it('has every route declare who may call it', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !/^(public|session|supplier|platformAdmin|permission:FUN\d{3}(\|FUN\d{3})?)$/.test(r.access)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('says for every route whether a frozen account may call it', () => {
    expect(routes.filter((r) => r.access !== 'public' && r.frozen !== 'allowed' && r.frozen !== 'refused').map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Everything but reads is held back.
    expect(routes.filter((r) => r.method === 'get' && r.frozen === 'refused').length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.method !== 'get' && r.access !== 'public' && r.frozen === 'refused').length).toBeGreaterThan(20);
  });

  it('declares each route’s security from the same access, and which API token scope opens it', () => {
    const scopes: readonly string[] = API_TOKEN_SCOPES;
    const wrong = routes.filter((r) => {
      const schemes = (r.security ?? []).map((requirement) => Object.keys(requirement).join(','));
      const token = r.security?.find((requirement) => 'apiToken' in requirement)?.apiToken;
      const signedIn = schemes.includes('sessionCookie') && schemes.includes('bearerSession');
      const anonymous = schemes.includes('');
      return !signedIn || anonymous !== (r.access === 'public') || (r.scope === undefined ? token !== undefined : !scopes.includes(r.scope) || token?.[0] !== r.scope);
    });
    expect(wrong.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Every scope opens something.
    expect(new Set(routes.map((r) => r.scope).filter(Boolean))).toEqual(new Set(API_TOKEN_SCOPES));
  });

  it('keeps inviting to the company’s managers and answering to the signed-in invitee (docs/product/companies.md#invitations)', () => {
    const access = (path: string) => routes.filter((r) => r.path === `/api/authcenter/user/${path}`).map((r) => `${r.method} ${r.access}`);
    for (const path of ['addUserIntoEnterprise', 'getUserInfoByAccount', 'invitations/withdraw']) expect(access(path)).toEqual(['post permission:FUN006']);
    expect(access('invitations')).toEqual(['get permission:FUN006']);
    expect(access('my-invitations')).toEqual(['get session']);
    for (const path of ['my-invitations/accept', 'my-invitations/decline']) expect(access(path)).toEqual(['post session']);
  });

  for (const persona of ['guest', 'buyer', 'member', 'companyAdmin', 'platformAdmin', 'frozen', 'apiToken', 'revokedApiToken'] as const) {
    it(`answers every route as its access says for a ${persona}`, async () => {
      const wrong: string[] = [];
      for (const route of routes) {
        const status = await callAs(persona, route);
        const want = expected(route, persona);
        const ok = status < 500 && (want === 'any' || (want === 'allowed' ? status !== 401 && status !== 403 : status === want));
        if (!ok) wrong.push(`${route.method.toUpperCase()} ${route.path} [${route.access}] → ${status}, expected ${want}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

/**
 * The one page that sets a session from what a request carries: the switch page (docs/product/routes.md#route-guard). Its cross-origin
 * posts are refused by the page guard (tests/process/guard.test.ts); here every persona sees the offer without its
 * session changing, and only a posted yes with a live session changes it.
 */
describe('the session switch page', () => {
  it('is declared open: guests and signed-in users alike are asked', () => {
    expect(matchRoute(SESSION_SWITCH_PATH).access).toBe('open');
  });

  async function open(persona: SessionPersona | 'guest', method: 'GET' | 'POST', offered: string) {
    let session = null;
    if (persona !== 'guest') session = await findSession(await createSession(people[persona].user));
    const url = new URL(`http://matlib.test${SESSION_SWITCH_PATH}?${new URLSearchParams({ ilt: offered, redirect: '/sample-bag' })}`);
    // The form as the middleware hands it to pages: the bytes it read.
    const body = method === 'POST' ? new TextEncoder().encode(new URLSearchParams({ ilt: offered, redirect: '/sample-bag' }).toString()) : undefined;
    const written: string[] = [];
    const jar: CookieJar = { get: () => undefined, set: (name, value) => written.push(`${name}=${value}`), delete: () => {} };
    const page = {
      request: new Request(url, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      url,
      locals: { lang: 'en' as const, session, ...(body ? { body } : {}) },
      response: {} as { status?: number },
      redirect: (to: string, status = 302) => new Response(null, { status, headers: { location: to } }),
    };
    const { response, view } = await sessionSwitchPage(page, jar);
    return { response, view, written };
  }

  for (const persona of ['guest', 'buyer', 'member', 'companyAdmin', 'platformAdmin'] as const) {
    it(`changes a ${persona}'s session only on a posted yes with a live session`, async () => {
      const offered = await createSession(await createUser());
      const shown = await open(persona, 'GET', offered);
      expect(shown.written).toEqual([]);
      expect(shown.view.target?.account).toMatch(/@test\.matlib$/);
      expect(shown.view.current === null).toBe(persona === 'guest');

      const dead = 'x'.repeat(43);
      const refused = await open(persona, 'POST', dead);
      expect(refused.written).toEqual([]);
      expect(refused.view.target).toBeNull();

      const taken = await open(persona, 'POST', offered);
      expect(taken.written).toEqual([`ilt=${offered}`]);
      expect(taken.response?.status).toBe(303);
      expect(taken.response?.headers.get('location')).toBe('/sample-bag');
    });
  }
});
