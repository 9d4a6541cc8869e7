/**
 * A company's API tokens (docs/product/integrations.md#api-tokens): created by whoever manages the company, shown
 * once and stored hashed, acting as their creator only where a scope opens the route, rate limited per token,
 * refused at once when revoked, and showing when they were last used.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_TYPE } from '../../src/lib/contracts/identity';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX } from '../../src/lib/contracts/integrations-api-tokens';
import { getDb } from '../../src/lib/server/db/client';
import { apiTokens, companyMembers, materials } from '../../src/lib/server/db/schema';
import { hashSessionToken } from '../../src/lib/server/identity/session-token';
import { findApiTokenSession } from '../../src/lib/server/integrations/find-api-token-session';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { latestCode } from '../fixtures/outbox';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();
// Token management lives in the account center's service.
const { call: center } = apiCaller('/api/authcenter');
useTempDataDir('api-tokens');

let supplier: Awaited<ReturnType<typeof createEnterprise>>;
let materialId: number;

const create = (token: string, body: unknown) => center('/api-token/create', { token, body });
async function newToken(scopes: string[], name = 'ERP') {
  const { status, body } = await create(supplier.adminToken, { name, scopes });
  expect(status).toBe(200);
  return body.data as { token: string; record: { id: number; name: string; scopes: string[]; hint: string; lastUsedAt: string | null } };
}

beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise({ company: { orgName: '令牌测试皮革', nameEn: 'Token Test Leather' } });
  materialId = (await createMaterial(supplier.companyId, 'twill')).id;
});
beforeEach(() => resetLimiters());

describe('creating a token', () => {
  it('shows the token once, keeps only its hash, and lists it without the token', async () => {
    const { token, record } = await newToken(['samples:read', 'catalogue:read'], '  PLM sync  ');
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThan(40);
    // Scopes come back in their canonical order, the name trimmed.
    expect(record).toMatchObject({ name: 'PLM sync', scopes: ['catalogue:read', 'samples:read'], hint: token.slice(-4), lastUsedAt: null });
    const [row] = await getDb().select().from(apiTokens).where(eq(apiTokens.id, record.id));
    expect(row!.tokenHash).toBe(hashSessionToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const { body } = await center('/api-token/list', { token: supplier.adminToken, body: { page: 1, size: 50 } });
    expect(body.data.records.find((r: { id: number }) => r.id === record.id)).toMatchObject({ name: 'PLM sync', hint: token.slice(-4), revokedAt: null });
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('refuses a missing name, no scope and an unknown scope, and creates nothing', async () => {
    const before = (await getDb().select().from(apiTokens)).length;
    const blank = await create(supplier.adminToken, { name: ' ', scopes: ['samples:read'] });
    expect(blank.status).toBe(422);
    expect(blank.body.data.fields[0].field).toBe('name');
    const none = await create(supplier.adminToken, { name: 'ERP', scopes: [] });
    expect(none.status).toBe(422);
    expect(none.body.data.fields[0]).toMatchObject({ field: 'scopes', message: '至少选择一项权限范围' });
    const unknown = await create(supplier.adminToken, { name: 'ERP', scopes: ['everything'] });
    expect(unknown.status).toBe(422);
    expect((await getDb().select().from(apiTokens)).length).toBe(before);
  });

  it('is for whoever manages the company: a plain member is refused', async () => {
    const { status } = await create(supplier.memberToken, { name: 'Mine', scopes: ['catalogue:read'] });
    expect(status).toBe(403);
  });

  it('stops at the most live tokens a company may hold', async () => {
    const company = await createEnterprise();
    for (let i = 0; i < API_TOKEN_LIMITS.perCompany; i++) expect((await create(company.adminToken, { name: `T${i}`, scopes: ['catalogue:read'] })).status).toBe(200);
    const over = await create(company.adminToken, { name: 'One more', scopes: ['catalogue:read'] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe(100409);
    // Revoking one makes room again.
    const { body } = await center('/api-token/list', { token: company.adminToken, body: { page: 1, size: 1 } });
    await center('/api-token/revoke', { token: company.adminToken, body: { id: body.data.records[0].id } });
    expect((await create(company.adminToken, { name: 'One more', scopes: ['catalogue:read'] })).status).toBe(200);
  });
});

describe('calling with a token', () => {
  it('reads with a read scope but cannot write, and the write changes nothing', async () => {
    const { token } = await newToken(['samples:read', 'catalogue:read']);
    const list = await call('/supplier/sample/apply/list', { token, body: { page: 1, size: 10 } });
    expect(list.status).toBe(200);
    const detail = await call('/open/v2/material/detail', { token, body: { id: materialId, version: -1 } });
    expect(detail.status).toBe(200);

    const accept = await call('/supplier/sample/apply/accept', { token, body: { id: 1 } });
    expect(accept.body).toMatchObject({ code: 100403 });
    expect(accept.status).toBe(403);
    expect(accept.body.data).toEqual({ scope: 'samples:write' });
    const market = () => getDb().select({ domestic: materials.onMarketDomestic }).from(materials).where(eq(materials.id, materialId));
    const before = await market();
    const off = await call('/v2/material/off', { token, body: { materialIds: [materialId], marketTypes: [1] } });
    expect(off.status).toBe(403);
    expect(off.body.data).toEqual({ scope: 'materials:write' });
    expect(await market()).toEqual(before);
  });

  it('cannot call what no scope opens, such as managing tokens, even with every scope', async () => {
    const { token } = await newToken(['catalogue:read', 'materials:write', 'samples:read', 'samples:write']);
    const mint = await create(token, { name: 'Another', scopes: ['samples:write'] });
    expect(mint.status).toBe(403);
    expect((await call('/customer/user/info/current', { token })).status).toBe(403);
    // A public route no scope opens answers the token as it answers a guest.
    expect((await call('/open/sys/language/list', { token })).status).toBe(200);
  });

  it('acts within its creator’s rights: a token of a member who left the company stops working', async () => {
    const { token } = await newToken(['catalogue:read']);
    const company = await createEnterprise();
    const own = await create(company.adminToken, { name: 'Leaver', scopes: ['samples:read'] });
    expect((await call('/supplier/sample/apply/list', { token: own.body.data.token, body: {} })).status).toBe(200);
    await getDb().delete(companyMembers).where(eq(companyMembers.userId, company.admin.id));
    const after = await call('/supplier/sample/apply/list', { token: own.body.data.token, body: {} });
    expect(after.status).toBe(401);
    expect((await call('/open/v2/material/detail', { token, body: { id: materialId, version: -1 } })).status).toBe(200);
  });

  it('is refused at once when revoked, on every route, public ones included', async () => {
    const { token, record } = await newToken(['catalogue:read', 'samples:read']);
    expect((await call('/supplier/sample/apply/list', { token, body: {} })).status).toBe(200);
    const revoked = await center('/api-token/revoke', { token: supplier.adminToken, body: { id: record.id } });
    expect(revoked.status).toBe(200);
    const after = await call('/supplier/sample/apply/list', { token, body: {} });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(100401);
    expect((await call('/open/v2/material/detail', { token, body: { id: materialId, version: -1 } })).status).toBe(401);
    expect((await call('/open/sys/language/list', { token })).status).toBe(401);
    // Revoking again changes nothing; another company's token is not found.
    expect((await center('/api-token/revoke', { token: supplier.adminToken, body: { id: record.id } })).status).toBe(200);
    const other = await createEnterprise();
    expect((await center('/api-token/revoke', { token: other.adminToken, body: { id: record.id } })).status).toBe(404);
  });

  it('shows when it was last used', async () => {
    const { token, record } = await newToken(['catalogue:read']);
    await call('/open/v2/material/detail', { token, body: { id: materialId, version: -1 } });
    const { body } = await center('/api-token/list', { token: supplier.adminToken, body: { page: 1, size: 50 } });
    const listed = body.data.records.find((r: { id: number }) => r.id === record.id);
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  });

  it('is rate limited per token, with the seconds to wait', async () => {
    const { token } = await newToken(['catalogue:read']);
    const { token: other } = await newToken(['catalogue:read']);
    for (let i = 0; i < API_TOKEN_LIMITS.callsPerMinute; i++) expect((await call('/open/sys/language/list', { token })).status).toBe(200);
    const spent = await call('/open/sys/language/list', { token });
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same company has its own budget.
    expect((await call('/open/sys/language/list', { token: other })).status).toBe(200);
  });
});

describe('a token’s end', () => {
  it('lasts the lifetime chosen at creation, then is refused on every route; without one it lasts until revoked', async () => {
    const company = await createEnterprise();
    const refused = await center('/api-token/create', { token: company.adminToken, body: { name: 'ERP', scopes: ['catalogue:read'], expiresInDays: 7 } });
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields[0].field).toBe('expiresInDays');

    const made = await center('/api-token/create', { token: company.adminToken, body: { name: 'ERP', scopes: ['catalogue:read'], expiresInDays: 30 } });
    expect(made.status).toBe(200);
    const { token, record } = made.body.data;
    expect(Date.parse(record.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);
    expect(Date.parse(record.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 24 * 60 * 60 * 1000);
    expect((await call('/open/sys/language/list', { token })).status).toBe(200);
    // The same token, seen from a moment past its end.
    expect(await findApiTokenSession(token, new Date(Date.parse(record.expiresAt) + 1000))).toBeNull();
    expect(await findApiTokenSession(token, new Date(Date.parse(record.expiresAt) - 1000))).not.toBeNull();
    await getDb().update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, record.id));
    const after = await call('/open/v2/material/detail', { token, body: { id: materialId, version: -1 } });
    expect(after.status).toBe(401);
    expect((await call('/open/sys/language/list', { token })).status).toBe(401);
    const { body } = await center('/api-token/list', { token: company.adminToken, body: { page: 1, size: 50 } });
    expect(body.data.records.find((r: { id: number }) => r.id === record.id)).toMatchObject({ revokedAt: null, expiresAt: expect.any(String) });

    const forever = await center('/api-token/create', { token: company.adminToken, body: { name: 'PLM', scopes: ['catalogue:read'] } });
    expect(forever.body.data.record.expiresAt).toBeNull();
    expect(await findApiTokenSession(forever.body.data.token, new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000))).not.toBeNull();
  });

  it('comes with a password reset: every token the user created is revoked, in every company', async () => {
    const company = await createEnterprise();
    const { token } = (await center('/api-token/create', { token: company.adminToken, body: { name: 'ERP', scopes: ['catalogue:read'] } })).body.data;
    const colleague = (await center('/api-token/create', { token: (await createEnterprise()).adminToken, body: { name: 'ERP', scopes: ['catalogue:read'] } })).body.data.token;
    expect((await call('/open/sys/language/list', { token })).status).toBe(200);
    const ip = '10.47.0.1';
    await apiCaller('').call(`/api/idealab-material/passport/verify/code/send?${new URLSearchParams({ account: company.admin.account, type: String(CODE_TYPE.updatePassword) })}`, { ip });
    const reset = await apiCaller('').call('/api/authcenter/mp/uc/login/reset', { ip, body: { account: company.admin.account, code: await latestCode(company.admin.account), password: 'brand new secret' } });
    expect(reset.body.code).toBe(200);
    expect((await call('/open/sys/language/list', { token })).status).toBe(401);
    const [row] = await getDb().select().from(apiTokens).where(eq(apiTokens.tokenHash, hashSessionToken(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    // Another user's token is untouched.
    expect((await call('/open/sys/language/list', { token: colleague })).status).toBe(200);
  });
});
