/**
 * The supplier path segment (docs/api-paths.md): collections and a sharer's share calls answer on the buyer path and
 * on the same path with `/supplier` after the service prefix, from one route definition. The supplier path is for a
 * supplier working in a supplier company and answers as userType 2; a buyer gets 100403 there and nothing changes.
 * The buyer path keeps serving anyone signed in, a supplier included, on their own things.
 */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { collectFolders, companies } from '../../src/lib/server/db/schema';
import { defineRoute } from '../../src/lib/server/http/define-route';
import { supplierPath } from '../../src/lib/supplier-path';
import { createEnterprise, createSession, createUser, grantCodes } from '../fixtures/identity';
import { forgetSessions } from '../../src/lib/server/identity/session-cache';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { app: api, call } = apiCaller('/api/idealab-material', { lang: 'en' });
// A probe on the real app (its error handling, its session lookup) that answers the userType its handler was given.
defineRoute(api, {
  method: 'get', path: '/idealab-material/test/role-probe', access: 'session', tag: 'test', bothRoles: true,
  summary: 'The userType the handler was given',
  answer: ['The userType', z.object({ userType: z.number() })],
}, (c) => ({ userType: c.get('userType') }));


const S = '/supplier';
const folderCount = async (userId: number) => (await getDb().select({ id: collectFolders.id }).from(collectFolders).where(eq(collectFolders.userId, userId))).length;

useTempDataDir('supplier-paths');
let maker: Awaited<ReturnType<typeof createEnterprise>>;
let supplier: Awaited<ReturnType<typeof createEnterprise>>;
let buyer: { id: number; token: string };
const m: number[] = [];
let own: number;

beforeAll(async () => {
  await seedReferenceData();
  maker = await createEnterprise();
  supplier = await createEnterprise();
  // The member shares for the company (FUN004).
  await grantCodes(supplier.companyId, supplier.member.id, ['FUN004']);
  for (let i = 0; i < 3; i += 1) m.push((await createMaterial(maker.companyId, 'twill')).id);
  own = (await createMaterial(supplier.companyId, 'twill')).id;
  const user = await createUser({ role: 1 });
  buyer = { id: user.id, token: await createSession(user) };
});

describe('POST /api/idealab-material/supplier/collect/folder/list', () => {
  it('answers a supplier’s own folders, the same as the GET and as the buyer path', async () => {
    const token = supplier.memberToken;
    const made = await call(`${S}/collect/folder/add`, { token, body: { name: 'Supplier picks' } });
    expect(made.status).toBe(200);
    await call(`${S}/collect/folder/add`, { token, body: { name: 'Competitors' } });

    const posted = await call(`${S}/collect/folder/list`, { token, body: { keyword: 'picks' } });
    expect(posted.status).toBe(200);
    expect(posted.body.code).toBe(200);
    expect(posted.body.data.records.map((f: { name: string }) => f.name)).toEqual(['Supplier picks']);
    expect(posted.body.data.total).toBe(1);

    const all = await call(`${S}/collect/folder/list`, { token, body: {} });
    expect(all.body.data.records.map((f: { name: string }) => f.name)).toEqual(['Competitors', 'Supplier picks']);
    expect((await call(`${S}/collect/folder/list`, { token })).body.data).toEqual(all.body.data);
    expect((await call('/collect/folder/list', { token, method: 'POST', body: {} })).body.data).toEqual(all.body.data);
  });

  it('validates the body like the query: a keyword over 20 characters is a field error', async () => {
    const bad = await call(`${S}/collect/folder/list`, { token: supplier.memberToken, body: { keyword: 'x'.repeat(21) } });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields[0].field).toBe('keyword');
  });

  it('refuses a guest (100401) and a buyer (100403)', async () => {
    const guest = await call(`${S}/collect/folder/list`, { body: {} });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe(100401);
    const asBuyer = await call(`${S}/collect/folder/list`, { token: buyer.token, body: {} });
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.code).toBe(100403);
    expect(asBuyer.body.msg).toBe('This path is for suppliers working in a supplier company');
  });
});

describe('favourites on the supplier path', () => {
  it('runs the whole folder life: add, rename, collect, belong, list, move, take out, remove', async () => {
    const token = supplier.adminToken;
    const a = (await call(`${S}/collect/folder/add`, { token, body: { name: 'Leather' } })).body.data as { id: number };
    const b = (await call(`${S}/collect/folder/add`, { token, body: { name: 'Mesh' } })).body.data as { id: number };
    const renamed = await call(`${S}/collect/folder/rename`, { token, body: { id: a.id, name: 'Leathers' } });
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'Leathers' });

    const collected = await call(`${S}/collect/add`, { token, body: { materialId: m[0], type: 1, collectFolderIds: [a.id], version: 1 } });
    expect(collected.status).toBe(200);
    expect(collected.body.data).toEqual({ collectFolderIds: [a.id] });
    expect((await call(`${S}/collect/belong?materialId=${m[0]}`, { token })).body.data).toEqual({ collectFolderIds: [a.id] });
    expect((await call(`${S}/collect/belong/by-ids`, { token, body: { materialIds: [m[0], m[1]] } })).body.data).toEqual({ materialIds: [m[0]] });
    const listed = await call(`${S}/collect/list`, { token, body: { collectFolderId: a.id } });
    expect(listed.body.data.records.map((r: { id: number }) => r.id)).toEqual([m[0]]);

    expect((await call(`${S}/collect/move`, { token, body: { materialIds: [m[0]], fromFolderId: a.id, toFolderId: b.id } })).body.data).toEqual({ moved: 1 });
    expect((await call(`${S}/collect/belong?materialId=${m[0]}`, { token })).body.data).toEqual({ collectFolderIds: [b.id] });
    expect((await call(`${S}/collect/cancel/folder`, { token, body: { collectFolderId: b.id, materialIds: [m[0]] } })).body.data).toEqual({ removed: 1 });

    // Removing is a GET: from another site it is refused on the supplier path as on the buyer path.
    const crossSite = await call(`${S}/collect/folder/remove?id=${a.id}`, { token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const removed = await call(`${S}/collect/folder/remove?id=${a.id}`, { token, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(removed.body.data).toEqual({ id: a.id });
    expect((await call(`${S}/collect/folder/list`, { token, body: {} })).body.data.records.map((f: { id: number }) => f.id)).toEqual([b.id]);
  });

  it('keeps the favourites rules: a supplier cannot collect its own company’s material', async () => {
    const token = supplier.adminToken;
    const folder = (await call(`${S}/collect/folder/add`, { token, body: { name: 'Own?' } })).body.data as { id: number };
    const refused = await call(`${S}/collect/add`, { token, body: { materialId: own, type: 1, collectFolderIds: [folder.id] } });
    expect(refused.status).toBe(422);
    expect((await call(`${S}/collect/belong?materialId=${own}`, { token })).body.data).toEqual({ collectFolderIds: [] });
  });

  it('changes nothing when a buyer calls a supplier path', async () => {
    const before = await folderCount(buyer.id);
    const refused = await call(`${S}/collect/folder/add`, { token: buyer.token, body: { name: 'Not mine to make' } });
    expect(refused.status).toBe(403);
    expect(await folderCount(buyer.id)).toBe(before);
    // The buyer path is theirs.
    expect((await call('/collect/folder/add', { token: buyer.token, body: { name: 'Mine' } })).status).toBe(200);
    expect(await folderCount(buyer.id)).toBe(before + 1);
  });

  it('serves a supplier on the buyer path too: the same folders, which are the person’s own', async () => {
    const token = supplier.memberToken;
    const bySupplierPath = await call(`${S}/collect/folder/list`, { token });
    const byBuyerPath = await call('/collect/folder/list', { token });
    expect(byBuyerPath.status).toBe(200);
    expect(byBuyerPath.body.data).toEqual(bySupplierPath.body.data);
  });

  it('treats a supplier account whose company is not (yet) a supplier as a buyer', async () => {
    const pending = await createEnterprise({ company: { role: 0 } });
    expect((await call(`${S}/collect/folder/list`, { token: pending.adminToken })).status).toBe(403);
    expect((await call('/collect/folder/list', { token: pending.adminToken })).status).toBe(200);
    // Approval makes the company a supplier (and, as the review does, drops cached sessions): the same session now passes.
    await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, pending.companyId));
    forgetSessions();
    expect((await call(`${S}/collect/folder/list`, { token: pending.adminToken })).status).toBe(200);
  });
});

describe('a sharer’s share calls on the supplier path', () => {
  it('creates and ends a share as a supplier; refuses a buyer', async () => {
    const token = supplier.memberToken;
    const created = await call(`${S}/share/url`, { token, body: { kind: 'material', materialIds: [m[1]] } });
    expect(created.status).toBe(200);
    expect(created.body.data.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const info = await call(`/share/info?id=${created.body.data.shareId}`);
    expect(info.body.data.access).toBe('ok');
    expect((await call(`${S}/share/end`, { token, body: { shareId: created.body.data.shareId } })).status).toBe(200);
    expect((await call(`/share/info?id=${created.body.data.shareId}`)).body.data.access).toBe('expired');

    expect((await call(`${S}/share/url`, { token: buyer.token, body: { kind: 'material', materialIds: [m[1]] } })).status).toBe(403);
    expect((await call('/share/url', { token: buyer.token, body: { kind: 'material', materialIds: [m[1]] } })).status).toBe(200);
  });
});

describe('one route definition for both roles', () => {
  it('hands the handler userType 1 on the buyer path and 2 on the supplier path', async () => {
    expect((await call('/test/role-probe', { token: supplier.memberToken })).body.data).toEqual({ userType: 1 });
    expect((await call(`${S}/test/role-probe`, { token: supplier.memberToken })).body.data).toEqual({ userType: 2 });
    expect((await call('/test/role-probe', { token: buyer.token })).body.data).toEqual({ userType: 1 });
  });

  it('documents every supplier-path route beside its buyer twin, and covers the favourites, sharer and color-card book families', async () => {
    const doc = (await (await api.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ p, method, access: op['x-access'] })));
    const twinOf = (o: (typeof ops)[number]) => ops.find((t) => t.method === o.method && supplierPath(t.p) === o.p && t.p !== o.p);
    const supplierOps = ops.filter((o) => o.access === 'supplier' || (o.access?.startsWith('permission:') && twinOf(o)));
    for (const o of supplierOps) {
      // A code a family needs, it needs on both paths; otherwise the buyer path is anyone's, the supplier path a supplier's.
      expect(twinOf(o), `${o.method} ${o.p}`).toMatchObject({ access: o.access === 'supplier' ? 'session' : o.access });
    }
    const names = supplierOps.map((o) => `${o.method.toUpperCase()} ${o.p.replace('/api/idealab-material/supplier', '')}`).sort();
    expect(names).toEqual(
      [
        'GET /collect/belong',
        'POST /collect/belong/by-ids',
        'GET /collect/folder/list',
        'GET /collect/folder/remove',
        'GET /test/role-probe',
        'POST /collect/add',
        'POST /collect/cancel/folder',
        'POST /collect/folder/add',
        'POST /collect/folder/list',
        'POST /collect/folder/rename',
        'POST /collect/list',
        'POST /collect/move',
        'POST /share/end',
        'POST /share/url',
        'GET /color/card/book/list',
        'GET /color/card/book/delete',
        'GET /color/card/book/export',
        'POST /color/card/book/add',
        'POST /color/card/book/rename',
        'POST /color/card/book/color/list',
        'POST /color/card/book/color/add',
        'POST /color/card/book/color/remove',
        'POST /color/card/book/belong/{userType}',
        'POST /color/card/book/share/url',
        'POST /color/card/book/share-save/{id}',
      ].sort(),
    );
  });
});
