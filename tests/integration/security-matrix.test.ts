/**
 * The security matrix: every documented route, called by every persona, answers according to the
 * access it declares (`x-access`). A route that forgets to declare access, or whose check is missing or wrong,
 * fails here — new routes are covered automatically.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { companies, companyMembers, sessions, users } from '../../src/lib/server/db/schema';
import { BUYER_PERSONAL_CODES } from '../../src/lib/permission-codes';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { apiCaller, type CallInit } from '../fixtures/api';
import { createSession, createUser, type UserFixture } from '../fixtures/identity';

// The document's paths run from /api on.
const { send } = apiCaller('');
type Persona = 'guest' | 'buyer' | 'member' | 'companyAdmin' | 'platformAdmin' | 'frozen';
/** `frozen`: whether an account waiting for removal may call it (`x-frozen`, absent on public routes). */
type Route = { method: string; path: string; access: string; frozen: string | undefined };

let routes: Route[] = [];
const people = {} as Record<Exclude<Persona, 'guest'>, { user: UserFixture; companyId: number }>;

beforeAll(async () => {
  const doc = (await (await send('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access'?: string; 'x-frozen'?: string }>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, access: op['x-access'] ?? 'MISSING', frozen: op['x-frozen'] })));

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
});

/** A fresh session per call: some routes (logout, password change) end the session that calls them. */
async function callAs(persona: Persona, route: Route) {
  let token: string | undefined;
  if (persona !== 'guest') {
    const { user, companyId } = people[persona];
    token = await createSession(user);
    await getDb().update(sessions).set({ companyId }).where(eq(sessions.tokenHash, hashSessionToken(token)));
  }
  const path = route.path.replace(/\{[^}]+\}/g, '1');
  const method = route.method.toUpperCase() as CallInit['method'];
  const res = await send(path, { method, token, rawBody: route.method === 'get' ? undefined : '{}', ip: `10.9.${persona.length}.1` });
  return res.status;
}

/** What each persona may do with each kind of access: 'denied' expects the status, 'allowed' expects neither 401 nor 403. */
function expected(route: Route, persona: Persona): 401 | 403 | 'allowed' | 'any' {
  const { access } = route;
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
    // administrator (a buyer too) work in their personal company, which grants a buyer's codes only.
    if (persona === 'member') return 403;
    if (persona === 'buyer' || persona === 'platformAdmin') return (BUYER_PERSONAL_CODES as readonly string[]).includes(access.slice('permission:'.length)) ? 'allowed' : 403;
    return 'allowed';
  }
  throw new Error(`unknown access ${access}`);
}

describe('the security matrix', () => {
  it('has every route declare who may call it', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => !/^(public|session|supplier|platformAdmin|permission:FUN\d{3})$/.test(r.access)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('says for every route whether a frozen account may call it', () => {
    expect(routes.filter((r) => r.access !== 'public' && r.frozen !== 'allowed' && r.frozen !== 'refused').map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Everything but reads is held back.
    expect(routes.filter((r) => r.method === 'get' && r.frozen === 'refused').length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.method !== 'get' && r.access !== 'public' && r.frozen === 'refused').length).toBeGreaterThan(20);
  });

  for (const persona of ['guest', 'buyer', 'member', 'companyAdmin', 'platformAdmin', 'frozen'] as const) {
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
