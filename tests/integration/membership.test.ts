import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APP_STATUS, UNLIMITED } from '../../src/lib/contracts/membership';
import { ERROR } from '../../src/lib/errors';
import { getDb } from '../../src/lib/server/db/client';
import { apps, companies, companyApps, companyMembers, companyPackages, packages, resourceQuotas, sessions, users } from '../../src/lib/server/db/schema';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../src/lib/server/seed/demo-accounts';
import { seedMembership } from '../../src/lib/server/seed/membership';
import { apiCaller } from '../fixtures/api';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { consumeQuota } from '../../src/lib/server/membership/consume-quota';
import { grantPackage } from '../../src/lib/server/membership/grant-package';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';

const { call: request } = apiCaller('', { lang: 'en' });
const call = (method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) => request(path, { method, token: token ?? undefined, body });
const V = '/api/idealab-material/vip';
const DAY = 86_400_000;

const get = (path: string, token: string | null) => call('GET', path, token);
const post = (path: string, token: string | null, body?: unknown) => call('POST', path, token, body ?? {});

async function signInTo(user: { id: number; account: string; password: string; companyId: number }, companyId: number | null) {
  const token = await createSession(user);
  await getDb().update(sessions).set({ companyId }).where(eq(sessions.tokenHash, hashSessionToken(token)));
  return token;
}

const enterprise = () => createEnterprise();

/** A package of our own, so the totals under test are exactly the ones written here. */
async function makePackage(resources: Record<string, number>, options: { sort?: number; perms?: string[]; durationDays?: number } = {}) {
  const code = `TEST_${randomUUID()}`;
  await getDb()
    .insert(packages)
    .values({ code, nameCn: `测试 ${code}`, nameEn: `Test ${code}`, durationDays: options.durationDays ?? 365, resources, perms: options.perms ?? [], sort: options.sort ?? 0 });
  return code;
}

async function makeApp(requiresReview: boolean) {
  const code = `APP_${randomUUID()}`;
  const [row] = await getDb().insert(apps).values({ code, nameCn: `应用 ${code}`, nameEn: `App ${code}`, requiresReview }).returning({ id: apps.id });
  return row!.id;
}

const quota = async (token: string, code: string) => ((await get(`${V}/pkg/resources`, token)).body.data as Array<{ code: string; confTotal: number; used: number }>).find((q) => q.code === code);
const usedInDb = async (companyId: number, code: string) =>
  (await getDb().select({ used: resourceQuotas.used }).from(resourceQuotas).where(and(eq(resourceQuotas.companyId, companyId), eq(resourceQuotas.code, code))))[0]?.used ?? 0;

describe('membership: packages and quotas (docs/product/companies.md#data)', () => {
  it('shows a company without a package as not VIP, with nothing to consume', async () => {
    const e = await enterprise();
    const vip = await get(`${V}/pkgs`, e.adminToken);
    expect(vip.body).toMatchObject({ code: 200, data: { isVIP: false, packageName: null, expireTime: null, packages: [], perms: [] } });
    const resources = (await get(`${V}/pkg/resources`, e.adminToken)).body.data;
    expect(resources.map((r: { code: string }) => r.code)).toEqual(['MATERIAL_UPLOAD', 'SHARE_CREATE', 'COLOR_BOOK', 'MATERIAL_BOOK', 'EXPORT']);
    expect(resources.every((r: { confTotal: number; used: number }) => r.confTotal === 0 && r.used === 0)).toBe(true);
  });

  it('sums the quotas of unexpired packages, lets -1 win, and ignores expired packages', async () => {
    const e = await enterprise();
    const small = await makePackage({ MATERIAL_UPLOAD: 30, SHARE_CREATE: 5 }, { sort: 1, perms: ['FUN003'] });
    const big = await makePackage({ MATERIAL_UPLOAD: 70, EXPORT: UNLIMITED, SHARE_CREATE: 2 }, { sort: 2, perms: ['FUN009', 'FUN003'] });
    const old = await makePackage({ MATERIAL_UPLOAD: 1000, COLOR_BOOK: UNLIMITED }, { sort: 9, perms: ['FUN012'], durationDays: 30 });
    const bigGrant = await grantPackage(e.companyId, big);
    await grantPackage(e.companyId, small);
    await grantPackage(e.companyId, old, { startedAt: new Date(Date.now() - 31 * DAY) });

    const resources = (await get(`${V}/pkg/resources`, e.adminToken)).body.data;
    expect(resources).toEqual([
      { code: 'MATERIAL_UPLOAD', confTotal: 100, used: 0 },
      { code: 'SHARE_CREATE', confTotal: 7, used: 0 },
      { code: 'COLOR_BOOK', confTotal: 0, used: 0 },
      { code: 'MATERIAL_BOOK', confTotal: 0, used: 0 },
      { code: 'EXPORT', confTotal: UNLIMITED, used: 0 },
    ]);
    const vip = (await get(`${V}/pkgs`, e.adminToken)).body.data;
    // The highest tier still valid names the membership; the expired, higher one does not.
    expect(vip).toMatchObject({ isVIP: true, packageName: `Test ${big}`, expireTime: bigGrant.expireTime.toISOString(), perms: ['FUN003', 'FUN009'] });
    expect(vip.packages.map((p: { code: string; expired: boolean }) => [p.code, p.expired])).toEqual(
      expect.arrayContaining([
        [small, false],
        [big, false],
        [old, true],
      ]),
    );
    expect(vip.resources).toEqual(resources);
  });

  it('is not VIP when every package has expired', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ MATERIAL_UPLOAD: 10 }, { durationDays: 30 }), { startedAt: new Date(Date.now() - 40 * DAY) });
    const vip = (await get(`${V}/pkgs`, e.memberToken)).body.data;
    expect(vip).toMatchObject({ isVIP: false, packageName: null, expireTime: null });
    expect(vip.packages).toHaveLength(1);
    expect(await quota(e.memberToken, 'MATERIAL_UPLOAD')).toEqual({ code: 'MATERIAL_UPLOAD', confTotal: 0, used: 0 });
  });

  it('lists the package catalogue to anyone, lowest tier first, in the caller’s language', async () => {
    await seedMembership(getDb());
    const list = (await get('/api/idealab-material/open/vip/pkg/list', null)).body.data as Array<{ code: string; name: string; resources: Record<string, number> }>;
    const demo = list.filter((p) => ['FREE_TRIAL', 'STANDARD', 'PROFESSIONAL'].includes(p.code));
    expect(demo.map((p) => [p.code, p.name])).toEqual([
      ['FREE_TRIAL', 'Free trial'],
      ['STANDARD', 'Standard'],
      ['PROFESSIONAL', 'Professional'],
    ]);
    expect(demo[2]!.resources.MATERIAL_UPLOAD).toBe(UNLIMITED);
  });
});

describe('membership: consuming quota', () => {
  it('consumes while used + amount fits the total, then answers 400101 and consumes nothing', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ SHARE_CREATE: 5 }));
    const first = await post(`${V}/resource/consume`, e.memberToken, { code: 'SHARE_CREATE', amount: 3 });
    expect(first.body).toEqual({ code: 200, msg: '', data: { code: 'SHARE_CREATE', confTotal: 5, used: 3 } });

    const tooMuch = await post(`${V}/resource/consume`, e.memberToken, { code: 'SHARE_CREATE', amount: 3 });
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body).toMatchObject({ code: ERROR.noQuota, data: { code: 'SHARE_CREATE', confTotal: 5, used: 3, amount: 3 } });
    expect(await quota(e.memberToken, 'SHARE_CREATE')).toEqual({ code: 'SHARE_CREATE', confTotal: 5, used: 3 });

    // Exactly up to the total is allowed; the default amount is 1.
    expect((await post(`${V}/resource/consume`, e.memberToken, { code: 'SHARE_CREATE', amount: 2 })).body.data.used).toBe(5);
    expect((await post(`${V}/resource/consume`, e.memberToken, { code: 'SHARE_CREATE' })).body.code).toBe(ERROR.noQuota);
    expect(await usedInDb(e.companyId, 'SHARE_CREATE')).toBe(5);
  });

  it('never runs out of an unlimited resource', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ EXPORT: 1 }));
    await grantPackage(e.companyId, await makePackage({ EXPORT: UNLIMITED }));
    for (let i = 0; i < 3; i += 1) expect((await post(`${V}/resource/consume`, e.adminToken, { code: 'EXPORT', amount: 1000 })).body.code).toBe(200);
    expect(await quota(e.adminToken, 'EXPORT')).toEqual({ code: 'EXPORT', confTotal: UNLIMITED, used: 3000 });
  });

  it('refuses a company without a package, and one whose package expired after it consumed', async () => {
    const e = await enterprise();
    expect((await post(`${V}/resource/consume`, e.adminToken, { code: 'COLOR_BOOK' })).body.code).toBe(ERROR.noQuota);
    expect(await usedInDb(e.companyId, 'COLOR_BOOK')).toBe(0);

    const grant = await grantPackage(e.companyId, await makePackage({ COLOR_BOOK: 10 }));
    expect((await post(`${V}/resource/consume`, e.adminToken, { code: 'COLOR_BOOK' })).body.data).toEqual({ code: 'COLOR_BOOK', confTotal: 10, used: 1 });
    // The usage row still says 10; the package, not the row, decides.
    await getDb().update(companyPackages).set({ expireTime: new Date(Date.now() - 1000) }).where(eq(companyPackages.id, grant.id));
    expect((await post(`${V}/resource/consume`, e.adminToken, { code: 'COLOR_BOOK' })).body.code).toBe(ERROR.noQuota);
    expect(await quota(e.adminToken, 'COLOR_BOOK')).toEqual({ code: 'COLOR_BOOK', confTotal: 0, used: 1 });
  });

  it('lets exactly the total through when 20 consumers race for 5 (domain function)', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ MATERIAL_UPLOAD: 5 }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consumeQuota(e.companyId, 'MATERIAL_UPLOAD')));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost.every((r) => (r.reason as { code?: number }).code === ERROR.noQuota)).toBe(true);
    // Every success saw a different usage: no two consumers shared a unit.
    expect(won.map((r) => (r as PromiseFulfilledResult<{ used: number }>).value.used).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await usedInDb(e.companyId, 'MATERIAL_UPLOAD')).toBe(5);
  });

  it('lets exactly the total through when 20 requests race for 5 (API, two members at once)', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ MATERIAL_BOOK: 5 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(`${V}/resource/consume`, i % 2 === 0 ? e.adminToken : e.memberToken, { code: 'MATERIAL_BOOK', amount: 1 })),
    );
    const granted = answers.filter((a) => a.body.code === 200);
    expect(granted).toHaveLength(5);
    expect(answers.filter((a) => a.body.code !== 200).map((a) => a.body.code)).toEqual(Array(15).fill(ERROR.noQuota));
    expect(granted.map((a) => a.body.data.used as number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await usedInDb(e.companyId, 'MATERIAL_BOOK')).toBe(5);
  });

  it('can consume inside a caller’s transaction and gives the units back when it rolls back', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ SHARE_CREATE: 2 }));
    await expect(
      getDb().transaction(async (tx) => {
        await consumeQuota(e.companyId, 'SHARE_CREATE', 2, { db: tx });
        throw new Error('the share could not be created');
      }),
    ).rejects.toThrow('the share could not be created');
    expect(await usedInDb(e.companyId, 'SHARE_CREATE')).toBe(0);
  });
});

describe('membership: apps (docs/product/companies.md#data open status)', () => {
  const appOf = async (token: string, id: number) => ((await get(`${V}/apps`, token)).body.data as Array<{ id: number; status: number }>).find((a) => a.id === id);

  it('opens an app without review at once, for a year, and refuses to open it twice', async () => {
    const e = await enterprise();
    const id = await makeApp(false);
    expect(await appOf(e.adminToken, id)).toMatchObject({ status: APP_STATUS.notOpened, openedAt: null, expireTime: null, requiresReview: false });

    const before = Date.now();
    const opened = await post(`${V}/open/app?id=${id}`, e.adminToken);
    expect(opened.body).toMatchObject({ code: 200, data: { id, status: APP_STATUS.opened, name: expect.stringMatching(/^App /) } });
    const expires = new Date(opened.body.data.expireTime).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(365 * DAY - 1000);
    expect(expires - before).toBeLessThan(366 * DAY);
    expect((await get(`${V}/app-info/${id}`, e.memberToken)).body.data).toMatchObject({ id, status: APP_STATUS.opened });

    const again = await post(`${V}/open/app?id=${id}`, e.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERROR.conflict);
  });

  it('puts an app that needs review in pending until a platform administrator approves it', async () => {
    const e = await enterprise();
    const id = await makeApp(true);
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const platformToken = await signInTo(admin, admin.companyId);

    expect((await post(`${V}/open/app?id=${id}`, e.adminToken)).body.data).toMatchObject({ status: APP_STATUS.pending, openedAt: null, expireTime: null });
    expect((await post(`${V}/open/app?id=${id}`, e.adminToken)).body.code).toBe(ERROR.conflict);

    const queue = (await get('/api/idealab-material/admin/vip/app/pending', platformToken)).body.data;
    expect(queue).toEqual(expect.arrayContaining([expect.objectContaining({ companyId: e.companyId, appId: id })]));
    // Neither the company's own administrator nor a stranger may approve it.
    const self = await post('/api/idealab-material/admin/vip/app/approve', e.adminToken, { companyId: e.companyId, appId: id });
    expect(self.status).toBe(403);
    expect((await get('/api/idealab-material/admin/vip/app/pending', e.adminToken)).status).toBe(403);
    expect((await appOf(e.adminToken, id))?.status).toBe(APP_STATUS.pending);

    const approved = await post('/api/idealab-material/admin/vip/app/approve', platformToken, { companyId: e.companyId, appId: id });
    expect(approved.body.data).toMatchObject({ id, status: APP_STATUS.opened });
    expect((await appOf(e.memberToken, id))?.status).toBe(APP_STATUS.opened);
    expect((await post('/api/idealab-material/admin/vip/app/approve', platformToken, { companyId: e.companyId, appId: id })).body.code).toBe(ERROR.conflict);
    const other = await enterprise();
    expect((await post('/api/idealab-material/admin/vip/app/approve', platformToken, { companyId: other.companyId, appId: id })).body.code).toBe(ERROR.empty);
  });

  it('shows an opened app whose term has ended as expired, and lets the administrator open it again', async () => {
    const e = await enterprise();
    const id = await makeApp(false);
    await post(`${V}/open/app?id=${id}`, e.adminToken);
    await getDb()
      .update(companyApps)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(and(eq(companyApps.companyId, e.companyId), eq(companyApps.appId, id)));
    expect((await get(`${V}/app-info/${id}`, e.adminToken)).body.data.status).toBe(APP_STATUS.expired);
    const reopened = await post(`${V}/open/app?id=${id}`, e.adminToken);
    expect(reopened.body.data.status).toBe(APP_STATUS.opened);
    expect(new Date(reopened.body.data.expireTime).getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
  });

  it('refuses a member without the administration permission, and changes nothing', async () => {
    const e = await enterprise();
    const id = await makeApp(false);
    const res = await post(`${V}/open/app?id=${id}`, e.memberToken);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERROR.authError);
    expect(await appOf(e.adminToken, id)).toMatchObject({ status: APP_STATUS.notOpened });
    const rows = await getDb().select({ n: sql<number>`count(*)::int` }).from(companyApps).where(eq(companyApps.companyId, e.companyId));
    expect(rows[0]?.n).toBe(0);
  });

  it('answers 100404 for an app that does not exist', async () => {
    const e = await enterprise();
    expect((await get(`${V}/app-info/999999999`, e.adminToken)).body.code).toBe(ERROR.empty);
    expect((await post(`${V}/open/app?id=999999999`, e.adminToken)).body.code).toBe(ERROR.empty);
  });
});

describe('membership: scope and input', () => {
  it('keeps each company’s apps and usage to itself, whatever ids the request carries', async () => {
    const a = await enterprise();
    const b = await enterprise();
    const id = await makeApp(false);
    await grantPackage(a.companyId, await makePackage({ EXPORT: 10 }));
    await grantPackage(b.companyId, await makePackage({ EXPORT: 1 }));
    await post(`${V}/open/app?id=${id}`, a.adminToken);
    await post(`${V}/resource/consume`, a.adminToken, { code: 'EXPORT', amount: 4 });

    expect((await get(`${V}/app-info/${id}`, b.adminToken)).body.data.status).toBe(APP_STATUS.notOpened);
    expect(await quota(b.adminToken, 'EXPORT')).toEqual({ code: 'EXPORT', confTotal: 1, used: 0 });
    // A company id in the body is not part of the contract: B consumes its own quota, never A's.
    const smuggled = await post(`${V}/resource/consume`, b.adminToken, { code: 'EXPORT', amount: 1, companyId: a.companyId });
    expect(smuggled.body.data).toEqual({ code: 'EXPORT', confTotal: 1, used: 1 });
    expect(await usedInDb(a.companyId, 'EXPORT')).toBe(4);
    expect((await get(`${V}/pkgs`, b.adminToken)).body.data.packages).toHaveLength(1);
  });

  it('refuses a guest (100401) and a session that has not chosen a company (100403)', async () => {
    const user = await createUser({ role: 2 });
    const noCompany = await signInTo(user, null);
    for (const [method, path] of [
      ['GET', `${V}/pkg/resources`],
      ['GET', `${V}/pkgs`],
      ['GET', `${V}/apps`],
      ['GET', `${V}/app-info/1`],
    ] as const) {
      expect((await call(method, path, null)).body.code).toBe(ERROR.needLogin);
      const res = await call(method, path, noCompany);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERROR.authError);
    }
    expect((await post(`${V}/resource/consume`, noCompany, { code: 'EXPORT' })).body.code).toBe(ERROR.authError);
    expect((await post(`${V}/open/app?id=1`, noCompany)).body.code).toBe(ERROR.authError);
  });

  it('answers bad input with 422 field errors and consumes nothing', async () => {
    const e = await enterprise();
    await grantPackage(e.companyId, await makePackage({ EXPORT: 10 }));
    const bad = await post(`${V}/resource/consume`, e.adminToken, { code: 'GOLD', amount: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['amount', 'code']);
    expect(bad.body.data.fields.find((f: { field: string }) => f.field === 'code').message).toBe('Invalid value');
    const fraction = await post(`${V}/resource/consume`, e.adminToken, { code: 'EXPORT', amount: 1.5 });
    expect(fraction.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    const huge = await post(`${V}/resource/consume`, e.adminToken, { code: 'EXPORT', amount: 1001 });
    expect(huge.body.code).toBe(ERROR.fieldTooLong);
    expect(await usedInDb(e.companyId, 'EXPORT')).toBe(0);

    expect((await post(`${V}/open/pkg?id=1`, e.adminToken)).body.data.fields).toEqual([{ field: 'x', message: 'Invalid value' }]);
    expect((await post(`${V}/open/app`, e.adminToken)).body.data.fields.map((f: { field: string }) => f.field)).toEqual(['id']);
    expect((await post(`${V}/open/app?id=-3`, e.adminToken)).status).toBe(422);
    expect((await get(`${V}/app-info/abc`, e.adminToken)).body.data.fields.map((f: { field: string }) => f.field)).toEqual(['id']);
    expect((await post('/api/idealab-material/admin/vip/app/approve', e.adminToken, {})).status).toBe(403);
  });
});

describe('membership: demo data', () => {
  it('gives the demo supplier’s companies the standard package and apps, leaves the buyer without, and seeds once', async () => {
    const db = getDb();
    await seedDemoAccounts(db);
    await seedMembership(db);
    expect(await seedMembership(db)).toBe(0);

    const memberships = await db
      .select({ account: users.account, companyId: companies.id, isPersonal: companies.isPersonal })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId));
    const supplierCompanies = memberships.filter((m) => m.account === DEMO_ACCOUNTS.supplier && !m.isPersonal).map((m) => m.companyId);
    const buyerCompany = memberships.find((m) => m.account === DEMO_ACCOUNTS.buyer)!.companyId;
    expect(supplierCompanies).toHaveLength(2);

    const held = await db
      .select({ companyId: companyPackages.companyId, code: packages.code, expireTime: companyPackages.expireTime })
      .from(companyPackages)
      .innerJoin(packages, eq(packages.id, companyPackages.packageId));
    for (const companyId of supplierCompanies) {
      expect(held.filter((h) => h.companyId === companyId).map((h) => h.code)).toEqual(['STANDARD']);
      const opened = await db.select().from(companyApps).where(and(eq(companyApps.companyId, companyId), eq(companyApps.status, APP_STATUS.opened)));
      expect(opened.length).toBeGreaterThanOrEqual(2);
    }
    expect(held.filter((h) => h.companyId === buyerCompany)).toEqual([]);
  });
});
