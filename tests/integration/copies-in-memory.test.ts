import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { countQueries, type QueryStats } from '../../src/lib/server/db/query-stats';
import { saveUserProfile } from '../../src/lib/server/identity/save-user-profile';
import { setMaterialMarket } from '../../src/lib/server/materials/set-material-market';
import { listenForChanges, onChange } from '../../src/lib/server/runtime/change-notices';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller('/api');
const current = (token: string) => call('/idealab-material/customer/user/info/current', { token });

async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; stats: QueryStats }> {
  const stats: QueryStats = { count: 0, ms: 0 };
  const result = await countQueries(stats, fn);
  return { result, stats };
}

describe('sessions in memory', () => {
  it('answer a repeated request without asking the database who the caller is', async () => {
    const token = await createSession(await createUser());
    const first = await measured(() => current(token));
    const again = await measured(() => current(token));
    expect(first.result.body.code).toBe(200);
    expect(again.result.body).toEqual(first.result.body);
    expect(first.stats.count).toBeGreaterThan(0);
    expect(again.stats.count).toBe(0);
  });

  it('are forgotten when the session ends, so a logged-out token is refused at once', async () => {
    const token = await createSession(await createUser());
    expect((await current(token)).body.code).toBe(200);
    await call('/idealab-material/passport/logout', { token, method: 'POST' });
    expect((await current(token)).status).toBe(401);
  });

  it('are forgotten when the company, the profile or a membership changes', async () => {
    const user = await createUser();
    const enterprise = await createEnterprise();
    const token = await createSession(user);
    expect((await current(token)).body.data.company.id).toBe(user.companyId);

    await saveUserProfile(user.id, { name: 'Renamed' });
    expect((await current(token)).body.data.user.name).toBe('Renamed');

    // The member is disabled by the company's administrator: the next request no longer works in that company.
    expect((await current(enterprise.memberToken)).body.data.company.id).toBe(enterprise.companyId);
    const forbid = await call('/authcenter/user/updateUserInfoInEnterpriseIsForbid', { token: enterprise.adminToken, body: { userId: enterprise.member.id, forbidden: true } });
    expect(forbid.body.code).toBe(200);
    expect((await current(enterprise.memberToken)).body.data.company).toBeNull();
  });
});

describe('store listings in memory', () => {
  let org: number;
  beforeAll(async () => {
    await seedReferenceData();
    org = (await createEnterprise()).companyId;
  });
  const store = () => call(`/idealab-material/open/v2/material/store?orgId=${org}`);

  it('answer the same page again without a query, and show a change at once', async () => {
    const first = await createMaterial(org, 'twill', { nameCn: '第一' });
    expect((await store()).body.data.records.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const again = await measured(() => store());
    expect(again.stats.count).toBe(0);
    expect(again.result.body.data.total).toBe(1);

    const second = await createMaterial(org, 'twill', { nameCn: '第二' });
    const afterAdd = (await store()).body.data;
    expect(afterAdd.records.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(afterAdd.total).toBe(2);

    await setMaterialMarket(org, [second.id], [1], false);
    const afterWithdraw = (await store()).body.data;
    expect(afterWithdraw.records.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect(afterWithdraw.total).toBe(1);
  });
});

// Only a PostgreSQL server has other processes to hear from: the embedded database serves one (`npm run test:pg`).
describe.skipIf(inject('embeddedDatabase'))('change notices between processes (PostgreSQL)', () => {
  it('drop this process’s copies when another process announces a change, and ignore unknown kinds', async () => {
    const stop = await listenForChanges();
    let dropped = 0;
    onChange('listings', () => (dropped += 1));
    // Another app process, as PostgreSQL delivers its announcement.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("SELECT pg_notify('matlib_changes', 'another-process:listings')");
      await other.query("SELECT pg_notify('matlib_changes', 'another-process:nothing-we-keep')");
      await expect.poll(() => dropped, { timeout: 5_000 }).toBe(1);
    } finally {
      await other.end();
      await stop();
    }
  });
});
