/**
 * The enterprise library: a company's shared library of published, rendered materials of any supplier, its rights
 * (FUN013 view, FUN014 push and remove), the calls that say which libraries a caller can use, and pass tokens that
 * open one material for a viewer (docs/product/enterprise-library.md).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { getDb } from '../../src/lib/server/db/client';
import { apps, categories, companyApps, enterpriseLibraryItems, materials } from '../../src/lib/server/db/schema';
import { forgetListings } from '../../src/lib/server/materials/listing-cache';
import { signPassToken } from '../../src/lib/server/materials/sign-pass-token';
import { DEMO_APPS } from '../../src/lib/server/seed/membership';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { categoryId, createMaterial, seedReferenceData, testImage } from '../fixtures/materials';


const { call: request } = apiCaller('', { lang: 'en' });
const call = (path: string, token: string | undefined, body?: unknown, headers?: Record<string, string>) => request(path, { token, body, headers });
const L = '/api/libcenter/library';
const DAY = 86_400_000;

let libraryAppId = 0;

beforeAll(async () => {
  await seedReferenceData();
  const app = DEMO_APPS.find((a) => a.code === 'ENTERPRISE_LIBRARY');
  await getDb().insert(apps).values(app!).onConflictDoNothing({ target: apps.code });
  [{ id: libraryAppId }] = (await getDb().select({ id: apps.id }).from(apps).where(eq(apps.code, 'ENTERPRISE_LIBRARY'))) as [{ id: number }];
});

/** The company's library app: open for a year from `openedAt`, or still waiting for review. */
async function openLibrary(companyId: number, options: { openedAt?: Date; status?: number } = {}) {
  const openedAt = options.openedAt ?? new Date();
  await getDb()
    .insert(companyApps)
    .values({ companyId, appId: libraryAppId, status: options.status ?? 3, requestedAt: openedAt, openedAt, expireTime: new Date(openedAt.getTime() + 365 * DAY) });
}

/** An enterprise with its library open, and a supplier with a rendered, an unrendered and an unpublished material. */
async function scene() {
  const library = await createEnterprise({ userRole: 1, company: { role: 1 } });
  await openLibrary(library.companyId);
  const supplier = await createEnterprise();
  const rendered = await createMaterial(supplier.companyId, 'leather');
  const other = await createMaterial(supplier.companyId, 'leather', { serialNo: 'LIB-SEARCH-1' });
  const unrendered = await createMaterial(supplier.companyId, 'leather', {
    colorCards: [
      { name: 'Done', hex: '#222222', images: [await testImage('#222222', supplier.companyId)] },
      { name: 'Waiting', hex: '#aa3322', images: [await testImage('#aa3322', supplier.companyId)], renderingStatus: 5 },
    ],
  });
  const unpublished = await createMaterial(supplier.companyId, 'leather', { marketTypes: [] });
  return { library, supplier, rendered: rendered.id, other: other.id, unrendered: unrendered.id, unpublished: unpublished.id };
}

const held = async (companyId: number) =>
  (await getDb().select({ materialId: enterpriseLibraryItems.materialId }).from(enterpriseLibraryItems).where(eq(enterpriseLibraryItems.companyId, companyId))).map((r) => r.materialId).sort();

/** A role holding `codes`, given to the enterprise's plain member. */
async function grant(e: Awaited<ReturnType<typeof createEnterprise>>, codes: string[]) {
  const roleId = (await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: `Library ${codes.join(' ')}`, permissions: codes })).body.data.id as number;
  await call('/api/authcenter/user/updateUserInfoInEnterprise', e.adminToken, { userId: e.member.id, authAppRoleIds: [roleId] });
}

describe('pushing, listing and removing (libcenter/library/…)', () => {
  it('pushes published, rendered materials of any supplier once each, and lists them newest first', async () => {
    const s = await scene();
    const first = await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered] });
    expect(first.body.data).toEqual({ pushed: 1, already: 0 });
    expect((await call(`${L}/push`, s.library.adminToken, { materialIds: [s.other, s.rendered] })).body.data).toEqual({ pushed: 1, already: 1 });

    const page = await call(`${L}/list`, s.library.adminToken, {});
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.records.map((r: { material: { id: number } }) => r.material.id)).toEqual([s.other, s.rendered]);
    expect(page.body.data.records[0]).toMatchObject({ material: { id: s.other, supplierInfo: { supplierId: s.supplier.companyId } }, pushedBy: { id: s.library.admin.id, name: 'Test User' } });
    expect((await call(`${L}/list`, s.library.adminToken, { keyword: 'lib-search' })).body.data.records.map((r: { material: { id: number } }) => r.material.id)).toEqual([s.other]);
    expect((await call(`${L}/list`, s.library.adminToken, { supplierId: s.library.companyId })).body.data.total).toBe(0);
    expect((await call(`${L}/list`, s.library.adminToken, { page: 2, size: 1 })).body.data.records[0].material.id).toBe(s.rendered);
    // A category keeps its own materials and those of the categories under it.
    const leather = await categoryId('leather');
    const [parent] = await getDb().select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, leather));
    expect((await call(`${L}/list`, s.library.adminToken, { categoryId: leather })).body.data.total).toBe(2);
    if (parent?.parentId) expect((await call(`${L}/list`, s.library.adminToken, { categoryId: parent.parentId })).body.data.total).toBe(2);
    expect((await call(`${L}/list`, s.library.adminToken, { categoryId: await categoryId('chemical-lace') })).body.data.total).toBe(0);
  });

  it('refuses a material not fully rendered with the cannot-push message on its place, pushing nothing', async () => {
    const s = await scene();
    const res = await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered, s.unrendered] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(ERROR.fieldInvalid);
    expect(res.body.data.fields).toEqual([{ field: 'materialIds.1', message: 'Not every color card of this material is rendered yet, so it cannot be pushed' }]);
    expect(await held(s.library.companyId)).toEqual([]);
  });

  it('answers an unpublished, deleted or unknown material as not found, and bad lists as invalid, pushing nothing', async () => {
    const s = await scene();
    for (const id of [s.unpublished, 999_999_999]) {
      const res = await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered, id] });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ERROR.empty);
    }
    for (const body of [{ materialIds: [] }, { materialIds: [s.rendered, s.rendered] }, { materialIds: Array.from({ length: 51 }, (_, i) => i + 1) }, { materialIds: ['1'] }]) {
      expect((await call(`${L}/push`, s.library.adminToken, body)).status).toBe(422);
    }
    expect((await call(`${L}/list`, s.library.adminToken, { size: 51 })).status).toBe(422);
    expect(await held(s.library.companyId)).toEqual([]);
  });

  it('drops a material from the list while it is off the market, and shows it again once it is back', async () => {
    const s = await scene();
    await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered, s.other] });
    await getDb().update(materials).set({ onMarketDomestic: 0 }).where(eq(materials.id, s.other));
    forgetListings();
    expect((await call(`${L}/list`, s.library.adminToken, {})).body.data.records.map((r: { material: { id: number } }) => r.material.id)).toEqual([s.rendered]);
    await getDb().update(materials).set({ onMarketDomestic: 1 }).where(eq(materials.id, s.other));
    forgetListings();
    expect((await call(`${L}/list`, s.library.adminToken, {})).body.data.total).toBe(2);
  });

  it('removes from the caller’s library only: ids of another company’s library are ignored', async () => {
    const s = await scene();
    const neighbour = await createEnterprise();
    await openLibrary(neighbour.companyId);
    await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered, s.other] });
    await call(`${L}/push`, neighbour.adminToken, { materialIds: [s.rendered] });
    expect((await call(`${L}/remove`, neighbour.adminToken, { materialIds: [s.other] })).body.data).toBe(0);
    expect(await held(s.library.companyId)).toEqual([s.rendered, s.other].sort());
    expect((await call(`${L}/remove`, s.library.adminToken, { materialIds: [s.rendered] })).body.data).toBe(1);
    expect(await held(s.library.companyId)).toEqual([s.other]);
    expect(await held(neighbour.companyId)).toEqual([s.rendered]);
    // Neither company's list shows the other's.
    expect((await call(`${L}/list`, neighbour.adminToken, {})).body.data.records.map((r: { material: { id: number } }) => r.material.id)).toEqual([s.rendered]);
  });
});

describe('who may use a library', () => {
  it('needs FUN013 to look and FUN014 to push or remove, in the current company', async () => {
    const s = await scene();
    const refused = await call(`${L}/list`, s.library.memberToken, {});
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ permission: 'FUN013' });
    await grant(s.library, ['FUN013']);
    expect((await call(`${L}/list`, s.library.memberToken, {})).status).toBe(200);
    const push = await call(`${L}/push`, s.library.memberToken, { materialIds: [s.rendered] });
    expect(push.status).toBe(403);
    expect(push.body.data).toEqual({ permission: 'FUN014' });
    expect(await held(s.library.companyId)).toEqual([]);
    // A buyer's personal company has no library codes.
    expect((await call(`${L}/list`, await createSession(await createUser()), {})).status).toBe(403);
  });

  it('gives a company without the app open, waiting for review or past its term no library', async () => {
    const s = await scene();
    const closed = await createEnterprise();
    const pending = await createEnterprise();
    await openLibrary(pending.companyId, { status: 2 });
    const expired = await createEnterprise();
    await openLibrary(expired.companyId, { openedAt: new Date(Date.now() - 400 * DAY) });
    for (const e of [closed, pending, expired]) {
      for (const [path, body] of [['list', {}], ['push', { materialIds: [s.rendered] }], ['remove', { materialIds: [s.rendered] }], ['pass-token', { materialId: s.rendered }]] as const) {
        const res = await call(`${L}/${path}`, e.adminToken, body);
        expect(res.status, path).toBe(404);
        expect(res.body.msg).toBe('Your company has not opened the enterprise library');
      }
      expect(await held(e.companyId)).toEqual([]);
    }
  });

  it('lists the libraries a caller can use, and answers rights per company id', async () => {
    const s = await scene();
    await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered] });
    const closed = await createEnterprise();
    const related = await call('/api/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', s.library.adminToken);
    expect(related.body.data).toEqual([{ companyId: s.library.companyId, companyName: expect.any(String), logo: null, isCurrent: true, canView: true, canPush: true, itemCount: 1 }]);
    expect((await call('/api/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', s.library.memberToken, undefined, { 'x-app-id': '200' })).body.data).toEqual([]);
    await grant(s.library, ['FUN013']);
    expect((await call('/api/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', s.library.memberToken)).body.data[0]).toMatchObject({ canView: true, canPush: false });
    expect((await call('/api/authcenter/v1.0/account/tenant/relateEnterpriseLibrary', s.library.adminToken, undefined, { 'x-app-id': '300' })).status).toBe(422);

    const rights = await call('/api/authcenter/checkEnterpriseLibraryPermissionsByIds', s.library.memberToken, { companyIds: [closed.companyId, s.library.companyId, s.library.member.companyId] });
    expect(rights.body.data).toEqual([
      { companyId: closed.companyId, canView: false, canPush: false },
      { companyId: s.library.companyId, canView: true, canPush: false },
      { companyId: s.library.member.companyId, canView: false, canPush: false },
    ]);
    for (const body of [{ companyIds: [] }, { companyIds: [1, 1] }, {}]) expect((await call('/api/authcenter/checkEnterpriseLibraryPermissionsByIds', s.library.memberToken, body)).status).toBe(422);
  });

  it('offers the library codes in the role editor, and a role may carry them', async () => {
    const e = await createEnterprise();
    const created = await call('/api/authcenter/createAuthAppRole', e.adminToken, { name: 'Librarian', permissions: ['FUN014', 'FUN013'] });
    expect(created.status).toBe(200);
    const [role] = (await call('/api/authcenter/pageAuthAppRoles', e.adminToken, { keyword: 'Librarian' })).body.data.records;
    expect(role.permissions).toEqual(['FUN013', 'FUN014']);
  });
});

describe('pass tokens (getMaterialByLabPassToken, getMaterialBySourcePassToken)', () => {
  const open = (kind: 'Lab' | 'Source', token: string) => request(`/api/bff-center/showCommon/getMaterialBy${kind}PassToken`, { body: { token } });

  it('opens a library material for a viewer while it stays in the library, and nothing else', async () => {
    const s = await scene();
    await call(`${L}/push`, s.library.adminToken, { materialIds: [s.rendered] });
    const issued = await call(`${L}/pass-token`, s.library.adminToken, { materialId: s.rendered });
    expect(issued.body.data).toMatchObject({ expiresIn: 1800 });
    const token = issued.body.data.token as string;
    const opened = await open('Lab', token);
    expect(opened.body.data).toMatchObject({ id: s.rendered, renderingInfo: { fullyRendered: true }, isOwner: false });
    // Not the other kind's call, not altered, not after it expired.
    expect((await open('Source', token)).status).toBe(403);
    expect((await open('Lab', `${token.slice(0, -2)}xx`)).status).toBe(403);
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), m: s.other })).toString('base64url');
    expect((await open('Lab', `${forged}.${signature}`)).status).toBe(403);
    const old = signPassToken('lab', s.rendered, s.library.companyId, new Date(Date.now() - 3600_000));
    const expired = await open('Lab', old.token);
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('This link is not valid or has expired');
    // A material not in the library gets no token; one taken out stops opening.
    expect((await call(`${L}/pass-token`, s.library.adminToken, { materialId: s.other })).status).toBe(404);
    await call(`${L}/remove`, s.library.adminToken, { materialIds: [s.rendered] });
    expect((await open('Lab', token)).status).toBe(404);
    expect((await open('Lab', '')).status).toBe(422);
  });

  it('opens a company’s own material, published or not, by a source token; another company’s gets none', async () => {
    const s = await scene();
    const issued = await call('/api/idealab-material/v2/material/pass-token', s.supplier.adminToken, { materialId: s.unpublished });
    const opened = await open('Source', issued.body.data.token);
    expect(opened.body.data).toMatchObject({ id: s.unpublished, marketTypes: [] });
    expect((await open('Lab', issued.body.data.token)).status).toBe(403);
    expect((await call('/api/idealab-material/v2/material/pass-token', s.library.adminToken, { materialId: s.unpublished })).status).toBe(404);
    expect((await call('/api/idealab-material/v2/material/pass-token', s.supplier.memberToken, { materialId: s.unpublished })).status).toBe(403);
    await getDb().update(materials).set({ isDelete: 1 }).where(and(eq(materials.id, s.unpublished)));
    forgetListings();
    expect((await open('Source', issued.body.data.token)).status).toBe(404);
  });
});
