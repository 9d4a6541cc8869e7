import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { companies, users } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { createSession, createUser } from '../fixtures/identity';

const { call: request } = apiCaller('');
const call = (path: string, token: string, body?: unknown) => request(path, { token, body });
const R = '/api/idealab-material/real-name';
const application = { contactName: '陈经理', contactPhone: '13800138000', mainProducts: ['头层牛皮', '超纤'] };

describe('joining as a supplier', () => {
  it('is applied for by the company and approved by the platform, which makes the company a supplier', async () => {
    const owner = await createUser({ role: 1 });
    const token = await createSession(owner);
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const adminToken = await createSession(admin);
    const { id } = (await call(`${R}/supplier-enter`, token, application)).body.data;
    expect((await call(`${R}/supplier-enter`, token, application)).status).toBe(409);
    // Only the platform decides.
    expect((await call(`${R}/supplier-enter/review/approve`, token, { id })).status).toBe(403);
    expect((await call(`${R}/supplier-enter/review/approve`, adminToken, { id })).body.code).toBe(200);
    expect((await getDb().select({ role: companies.role }).from(companies).where(eq(companies.id, owner.companyId)))[0]?.role).toBe(2);
    expect((await call(`${R}/supplier-enter/review/reject`, adminToken, { id, reason: 'late' })).status).toBe(409);
    expect((await call(`${R}/supplier-enter/detail`, token)).body.data.status).toBe(2);
  });

  it('records the reason of a rejection, and the company may apply again', async () => {
    const owner = await createUser({ role: 1 });
    const token = await createSession(owner);
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const { id } = (await call(`${R}/supplier-enter`, token, application)).body.data;
    expect((await call(`${R}/supplier-enter/review/reject`, await createSession(admin), { id, reason: '请补充主营产品图片' })).body.code).toBe(200);
    expect((await call(`${R}/supplier-enter/detail`, token)).body.data).toMatchObject({ status: 3, rejectReason: '请补充主营产品图片' });
    expect((await getDb().select({ role: companies.role }).from(companies).where(eq(companies.id, owner.companyId)))[0]?.role).toBe(0);
    expect((await call(`${R}/supplier-enter`, token, application)).body.code).toBe(200);
  });
});
