/**
 * Collection folders (collecting rules, collect/folder/list, folder/add, folder/remove, folder/rename,
 * collect/belong, collect/add, collect/cancel/folder, collect/list; docs/product/errors.md 100101) and our collect/move: a buyer's own
 * folders only.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { collectItems, materials } from '../../src/lib/server/db/schema';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();

const addFolder = (token: string, name: string, lang?: string) => call('/collect/folder/add', { token, body: { name }, lang });
const rename = (token: string, id: number, name: string, lang?: string) => call('/collect/folder/rename', { token, body: { id, name }, lang });
const folders = (token: string, keyword?: string) => call(`/collect/folder/list${keyword === undefined ? '' : `?keyword=${encodeURIComponent(keyword)}`}`, { token });
const collect = (token: string, materialId: number, collectFolderIds: number[], lang?: string) => call('/collect/add', { token, body: { materialId, type: 1, collectFolderIds, version: 1 }, lang });
const belong = (token: string, materialId: number) => call(`/collect/belong?materialId=${materialId}`, { token });
const cancel = (token: string, collectFolderId: number, materialIds: number[]) => call('/collect/cancel/folder', { token, body: { collectFolderId, materialIds } });
const move = (token: string, materialIds: number[], fromFolderId: number, toFolderId: number, lang?: string) => call('/collect/move', { token, body: { materialIds, fromFolderId, toFolderId }, lang });
const list = (token: string, collectFolderId: number, page = 1, size = 24) => call('/collect/list', { token, body: { collectFolderId, page, size } });
const remove = (token: string, id: number, site = 'same-origin') => call(`/collect/folder/remove?id=${id}`, { token, headers: { 'sec-fetch-site': site } });
type Folder = { id: number; name: string; count: number; bgColor: string; cover: { src: string } | null };

/** So that emptying or removing `b` can be seen to leave `a` alone: the first material in both, the second in `b` only. */
async function overlappingFolders(aName: string, bName: string) {
  const token = await createSession(await createUser());
  const a = (await addFolder(token, aName)).body.data as Folder;
  const b = (await addFolder(token, bName)).body.data as Folder;
  await collect(token, m[0]!, [a.id, b.id]);
  await collect(token, m[1]!, [b.id]);
  return { token, a, b };
}

useTempDataDir('favourites');
let supplier: Awaited<ReturnType<typeof createEnterprise>>;
let buyer: string;
let other: string;
const m: number[] = [];
let unpublished: number;
let deleted: number;

beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise();
  for (let i = 0; i < 3; i += 1) m.push((await createMaterial(supplier.companyId, 'twill')).id);
  unpublished = (await createMaterial(supplier.companyId, 'twill', { marketTypes: [] })).id;
  deleted = (await createMaterial(supplier.companyId, 'twill')).id;
  await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, deleted));
  buyer = await createSession(await createUser({ role: 1 }));
  other = await createSession(await createUser({ role: 1 }));
});

describe('folders (docs/product/collections.md#calls folder/add, rename, list)', () => {
  it('adds a folder with a trimmed name, no items and a palette color', async () => {
    const token = await createSession(await createUser());
    const { status, body } = await addFolder(token, '  春季面料  ');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: '春季面料', count: 0, cover: null });
    expect(body.data.bgColor).toMatch(/^#[0-9A-F]{6}$/);
    const second = await addFolder(token, '夏季');
    expect(second.body.data.bgColor).not.toBe(body.data.bgColor);
  });

  it('accepts 20 characters, refuses 21 and a blank name (field errors in the caller’s language)', async () => {
    const token = await createSession(await createUser());
    expect((await addFolder(token, '字'.repeat(20))).status).toBe(200);
    const long = await addFolder(token, 'x'.repeat(21), 'en');
    expect(long.status).toBe(422);
    expect(long.body.code).toBe(300070);
    expect(long.body.data.fields).toEqual([{ field: 'name', message: 'At most 20 characters' }]);
    const blank = await addFolder(token, '   ', 'en');
    expect(blank.status).toBe(422);
    expect(blank.body.code).toBe(300069);
    expect(blank.body.data.fields[0].field).toBe('name');
    expect((await rename(token, 1, 'y'.repeat(21))).status).toBe(422);
  });

  it('refuses a duplicate name for the same user, with a clear message, but not for another user', async () => {
    const token = await createSession(await createUser());
    expect((await addFolder(token, 'Boots')).status).toBe(200);
    const again = await addFolder(token, ' Boots ', 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('You already have a folder with this name');
    expect((await addFolder(token, 'Boots', 'zh-CN')).body.msg).toBe('已有同名收藏夹');
    expect((await addFolder(await createSession(await createUser()), 'Boots')).status).toBe(200);
  });

  it('renames a folder, refuses a name already taken, keeps the name when unchanged', async () => {
    const token = await createSession(await createUser());
    const a = (await addFolder(token, 'A')).body.data as Folder;
    await addFolder(token, 'B');
    const renamed = await rename(token, a.id, ' A2 ');
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'A2', bgColor: a.bgColor, count: 0 });
    expect((await rename(token, a.id, 'B')).status).toBe(409);
    expect((await rename(token, a.id, 'A2')).status).toBe(200);
  });

  it('lists the caller’s folders only, newest first, filtered by keyword (wildcards are text)', async () => {
    const token = await createSession(await createUser());
    await addFolder(token, '皮革 one');
    await addFolder(token, '皮革 two');
    await addFolder(token, 'Mesh 100%');
    await addFolder(other, '皮革 other');
    const all = (await folders(token)).body.data;
    expect(all.total).toBe(3);
    expect(all.records.map((f: Folder) => f.name)).toEqual(['Mesh 100%', '皮革 two', '皮革 one']);
    expect((await folders(token, '皮革')).body.data.records.map((f: Folder) => f.name)).toEqual(['皮革 two', '皮革 one']);
    expect((await folders(token, 'mesh')).body.data.total).toBe(1);
    expect((await folders(token, '%')).body.data.records.map((f: Folder) => f.name)).toEqual(['Mesh 100%']);
    expect((await folders(token, '_')).body.data.total).toBe(0);
    expect((await folders(token, 'x'.repeat(21))).status).toBe(422);
  });

  it('refuses another user’s folder as not found', async () => {
    const mine = (await addFolder(buyer, 'Private')).body.data as Folder;
    expect((await rename(other, mine.id, 'Taken over')).status).toBe(404);
    expect((await list(other, mine.id)).status).toBe(404);
    expect((await cancel(other, mine.id, [m[0]!])).status).toBe(404);
    expect((await remove(other, mine.id)).status).toBe(404);
    const into = await collect(other, m[0]!, [mine.id], 'en');
    expect(into.status).toBe(404);
    expect(into.body.msg).toBe('This favourites folder does not exist');
    expect((await belong(buyer, m[0]!)).body.data.collectFolderIds).toEqual([]);
    expect((await folders(buyer, 'Private')).body.data.records[0].name).toBe('Private');
  });

  it('needs a session', async () => {
    expect((await call('/collect/folder/list')).status).toBe(401);
    expect((await call('/collect/add', { body: { materialId: m[0], collectFolderIds: [1] } })).status).toBe(401);
  });
});

describe('collecting (docs/product/collections.md#rules, docs/product/collections.md#calls collect/add, belong, cancel, list)', () => {
  it('refuses a collect without a target folder: 100101 favourite folder required', async () => {
    const res = await collect(buyer, m[0]!, [], 'en');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(100101);
    expect(res.body.msg).toBe('favourite folder required');
    expect((await collect(buyer, m[0]!, [], 'zh-CN')).body.msg).toBe('请选择收藏夹');
    const missing = await call('/collect/add', { token: buyer, body: { materialId: m[0] } });
    expect(missing.body.code).toBe(100101);
  });

  it('refuses the caller’s own company’s material, with a clear message', async () => {
    const f = (await addFolder(supplier.memberToken, 'Own')).body.data as Folder;
    const res = await collect(supplier.memberToken, m[0]!, [f.id], 'en');
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('You cannot collect your own company\'s material');
    expect((await list(supplier.memberToken, f.id)).body.data.total).toBe(0);
  });

  it('refuses a material that does not exist, is not published or is deleted', async () => {
    const f = (await addFolder(buyer, 'Nothing')).body.data as Folder;
    for (const id of [unpublished, deleted, 999_999_999]) {
      const res = await collect(buyer, id, [f.id], 'en');
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('This material does not exist or has been deleted');
    }
    expect((await call('/collect/add', { token: buyer, body: { materialId: m[0], type: 2, collectFolderIds: [f.id] } })).status).toBe(422);
  });

  it('collects into several folders at the current version, idempotently, and belong says where', async () => {
    const a = (await addFolder(buyer, 'Collect A')).body.data as Folder;
    const b = (await addFolder(buyer, 'Collect B')).body.data as Folder;
    const res = await collect(buyer, m[0]!, [a.id, b.id, a.id]);
    expect(res.status).toBe(200);
    expect(res.body.data.collectFolderIds).toEqual([a.id, b.id]);
    expect((await collect(buyer, m[0]!, [a.id])).status).toBe(200);
    expect((await belong(buyer, m[0]!)).body.data.collectFolderIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect((await belong(other, m[0]!)).body.data.collectFolderIds).toEqual([]);
    // The grid's bulk form: which of a page of materials are collected at all, in the order asked.
    expect((await call('/collect/belong/by-ids', { token: buyer, body: { materialIds: [m[1]!, m[0]!] } })).body.data).toEqual({ materialIds: [m[0]!] });
    expect((await call('/collect/belong/by-ids', { token: other, body: { materialIds: [m[0]!] } })).body.data).toEqual({ materialIds: [] });
    expect((await call('/collect/belong/by-ids', { token: buyer, body: { materialIds: Array.from({ length: 61 }, (_, i) => i + 1) } })).body.code).toBe(300070);
    const [stored] = await getDb().select({ version: collectItems.version }).from(collectItems).where(eq(collectItems.folderId, a.id));
    const [material] = await getDb().select({ version: materials.version }).from(materials).where(eq(materials.id, m[0]!));
    expect(stored?.version).toBe(material?.version);
    expect((await list(buyer, a.id)).body.data.total).toBe(1);
  });

  it('counts items and shows the newest material’s cover; lists materials newest first as tiles, paged', async () => {
    const token = await createSession(await createUser());
    const f = (await addFolder(token, 'Counted')).body.data as Folder;
    for (const id of m) expect((await collect(token, id, [f.id])).status).toBe(200);
    const [folder] = (await folders(token)).body.data.records as Folder[];
    expect(folder?.count).toBe(3);
    const page = (await list(token, f.id, 1, 2)).body.data;
    expect(page.total).toBe(3);
    expect(page.folder).toMatchObject({ id: f.id, name: 'Counted' });
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([m[2], m[1]]);
    expect(page.records[0].supplierInfo.supplierId).toBe(supplier.companyId);
    expect(folder?.cover?.src).toBe(page.records[0].cover.src);
    expect((await list(token, f.id, 2, 2)).body.data.records.map((r: { id: number }) => r.id)).toEqual([m[0]]);
    // A material deleted after collecting leaves the count, the cover and the list.
    const gone = (await createMaterial(supplier.companyId, 'twill')).id;
    await collect(token, gone, [f.id]);
    expect(((await folders(token)).body.data.records[0] as Folder).count).toBe(4);
    await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, gone));
    const after = (await folders(token)).body.data.records[0] as Folder;
    expect(after.count).toBe(3);
    expect(after.cover?.src).toBe(page.records[0].cover.src);
  });

  it('cancels from one folder only, idempotently', async () => {
    const { token, a, b } = await overlappingFolders('Keep', 'Drop');
    const res = await cancel(token, b.id, [m[0]!]);
    expect(res.status).toBe(200);
    expect(res.body.data.removed).toBe(1);
    expect((await cancel(token, b.id, [m[0]!])).body.data.removed).toBe(0);
    expect((await belong(token, m[0]!)).body.data.collectFolderIds).toEqual([a.id]);
    expect((await list(token, b.id)).body.data.records.map((r: { id: number }) => r.id)).toEqual([m[1]]);
    expect((await cancel(token, b.id, [])).status).toBe(422);
  });

  it('removes a folder with its items (same-origin only), leaving the other folders', async () => {
    const { token, a, b } = await overlappingFolders('Stays', 'Goes');
    expect((await remove(token, b.id, 'cross-site')).status).toBe(403);
    const res = await remove(token, b.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: b.id });
    expect((await getDb().select().from(collectItems).where(eq(collectItems.folderId, b.id))).length).toBe(0);
    expect((await belong(token, m[0]!)).body.data.collectFolderIds).toEqual([a.id]);
    expect((await folders(token)).body.data.records.map((f: Folder) => f.name)).toEqual(['Stays']);
    expect((await remove(token, b.id)).status).toBe(404);
    // The name is free again.
    expect((await addFolder(token, 'Goes')).status).toBe(200);
  });
});

describe('moving (collect/move)', () => {
  const ids = async (token: string, folderId: number) => ((await list(token, folderId)).body.data.records as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const countOf = async (token: string, folderId: number) => ((await folders(token)).body.data.records as Folder[]).find((f) => f.id === folderId)?.count;

  it('moves materials to another folder, ignores those not in the source, and the counts follow', async () => {
    const token = await createSession(await createUser());
    const from = (await addFolder(token, 'From')).body.data as Folder;
    const to = (await addFolder(token, 'To')).body.data as Folder;
    await collect(token, m[0]!, [from.id]);
    await collect(token, m[1]!, [from.id]);
    await collect(token, m[2]!, [from.id]);
    const res = await move(token, [m[0]!, m[1]!, 999_999_999], from.id, to.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ moved: 2 });
    expect(await ids(token, from.id)).toEqual([m[2]]);
    expect(await ids(token, to.id)).toEqual([m[0]!, m[1]!].sort((a, b) => a - b));
    expect(await countOf(token, from.id)).toBe(1);
    expect(await countOf(token, to.id)).toBe(2);
    expect((await belong(token, m[0]!)).body.data.collectFolderIds).toEqual([to.id]);
    // Moving again finds nothing left in the source.
    expect((await move(token, [m[0]!], from.id, to.id)).body.data).toEqual({ moved: 0 });
  });

  it('takes a material already in the target out of the source without a second copy', async () => {
    const token = await createSession(await createUser());
    const from = (await addFolder(token, 'Both A')).body.data as Folder;
    const to = (await addFolder(token, 'Both B')).body.data as Folder;
    await collect(token, m[0]!, [from.id, to.id]);
    const res = await move(token, [m[0]!], from.id, to.id);
    expect(res.body.data).toEqual({ moved: 1 });
    expect(await ids(token, from.id)).toEqual([]);
    expect((await getDb().select().from(collectItems).where(eq(collectItems.materialId, m[0]!))).filter((r) => r.folderId === to.id)).toHaveLength(1);
    expect(await countOf(token, to.id)).toBe(1);
  });

  it('refuses another user’s folder, as source or target, and changes nothing', async () => {
    const token = await createSession(await createUser());
    const mine = (await addFolder(token, 'Mine')).body.data as Folder;
    const theirs = (await addFolder(other, `Theirs ${mine.id}`)).body.data as Folder;
    await collect(token, m[0]!, [mine.id]);
    await collect(other, m[1]!, [theirs.id]);
    const out = await move(token, [m[0]!], mine.id, theirs.id, 'en');
    expect(out.status).toBe(404);
    expect(out.body.code).toBe(100404);
    expect(out.body.msg).toBe('This favourites folder does not exist');
    expect((await move(token, [m[1]!], theirs.id, mine.id)).status).toBe(404);
    expect(await ids(token, mine.id)).toEqual([m[0]]);
    expect(await ids(other, theirs.id)).toEqual([m[1]]);
  });

  it('refuses the same folder as source and target with a field error', async () => {
    const token = await createSession(await createUser());
    const f = (await addFolder(token, 'Same')).body.data as Folder;
    await collect(token, m[0]!, [f.id]);
    const res = await move(token, [m[0]!], f.id, f.id, 'en');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(300068);
    expect(res.body.data.fields).toEqual([{ field: 'toFolderId', message: 'Choose a different folder' }]);
    expect(res.body.msg).toBe('Choose a different folder');
    expect(await ids(token, f.id)).toEqual([m[0]]);
  });

  it('refuses an empty or oversized list and needs a session', async () => {
    const token = await createSession(await createUser());
    const a = (await addFolder(token, 'List A')).body.data as Folder;
    const b = (await addFolder(token, 'List B')).body.data as Folder;
    expect((await move(token, [], a.id, b.id)).status).toBe(422);
    expect((await move(token, Array.from({ length: 101 }, (_, i) => i + 1), a.id, b.id)).status).toBe(422);
    expect((await call('/collect/move', { body: { materialIds: [m[0]], fromFolderId: a.id, toFolderId: b.id } })).status).toBe(401);
  });
});
