/**
 * Sharing a color-card book (docs/product/sharing.md): only the caller's own book, with the settings of any share;
 * a snapshot pins the colors, a live share follows the book; a deleted book ends its shares; a viewer who may see
 * the share saves a copy into their own books, renamed on a clash; the share image draws the book's colors.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COLOR_BOOK_NAME_MAX } from '../../src/lib/contracts/color-library';
import { SHARE_CODE_PATTERN } from '../../src/lib/contracts/sharing-rules';
import { nameOf, parseCode } from '../../src/lib/server/colors/color-system';
import { getDb } from '../../src/lib/server/db/client';
import { colorBooks, colorCards, materials, shares } from '../../src/lib/server/db/schema';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { listOwnShares } from '../../src/lib/server/sharing/list-own-shares';
import { apiCaller, type CallInit } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser, grantCodes, type UserFixture } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { app: api, call: request } = apiCaller('/api/idealab-material', { ip: '203.0.113.41' });
const call = (method: 'GET' | 'POST', route: string, init: CallInit = {}) => request(route, { ...init, method });
const GREY = '000-50-00';

/** `supplier`: on the supplier path, where the books are the company's. */
const path = (route: string, supplier = false) => (supplier ? `/supplier${route}` : route);
async function newBook(token: string, name: string, supplier = false): Promise<number> {
  const res = await call('POST', path('/color/card/book/add', supplier), { token, body: { name } });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}
async function addColors(token: string, bookId: number, colors: object[], supplier = false) {
  const res = await call('POST', path('/color/card/book/color/add', supplier), { token, body: { bookId, colors } });
  expect(res.status).toBe(200);
}
const shareBook = (token: string, body: object, init: CallInit & { supplier?: boolean } = {}) => call('POST', path('/color/card/book/share/url', init.supplier), { ...init, token, body });
const bookInfo = (shareId: string, init: CallInit = {}) => call('GET', `/color/card/book/share/info?shareId=${encodeURIComponent(shareId)}`, init);
const saveShared = (token: string | undefined, shareId: string, init: CallInit & { supplier?: boolean } = {}) => call('POST', path(`/color/card/book/share-save/${shareId}`, init.supplier), { ...init, token });
const bookColors = async (token: string, bookId: number, supplier = false) =>
  (await call('POST', path('/color/card/book/color/list', supplier), { token, body: { bookId } })).body.data.records as { code: string; name: string; hex: string; source: string }[];
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

useTempDataDir('color-book-shares');
let owner: UserFixture;
let ownerToken: string;
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
/** The owner's book with a system grey and a picked brick red. */
let spring: number;

beforeAll(async () => {
  await seedReferenceData();
  owner = await createUser({ role: 1 });
  ownerToken = await createSession(owner);
  tannery = await createEnterprise({ company: { orgName: '青岚色卡分享测试', nameEn: 'Qinglan Color Book Shares' } });
  // A member who keeps and shares the company's books: the color-card books and shares codes.
  await grantCodes(tannery.companyId, tannery.member.id, ['FUN003', 'FUN004']);
  spring = await newBook(ownerToken, '春季色卡');
  await addColors(ownerToken, spring, [{ source: 'book', type: 'matlib', code: GREY }, { source: 'picked', hex: '#aa3322' }]);
});
beforeEach(() => resetLimiters());

describe('creating a color-card book share', () => {
  it('shares the caller’s own book: the supplier landing, the book marked shared, its colors named in the viewer’s language', async () => {
    const { status, body } = await shareBook(ownerToken, { relateId: spring, introduce: '春季主推色' });
    expect(status).toBe(200);
    expect(body.data.code).toBeNull();
    expect(body.data.expiresAt).toBeNull();
    expect(body.data.url).toMatch(new RegExp(`/supplier/share\\?shareLinkType=colorCardShare&shareId=${body.data.shareId}$`));
    const [row] = await getDb().select().from(shares).where(eq(shares.id, body.data.shareId));
    expect(row).toMatchObject({ kind: 'colorBook', colorBookId: spring, isSync: 0, ownerUserId: owner.id });
    const [book] = await getDb().select({ isShared: colorBooks.isShared }).from(colorBooks).where(eq(colorBooks.id, spring));
    expect(book?.isShared).toBe(1);

    const grey = nameOf(parseCode(GREY)!);
    const opened = (await bookInfo(body.data.shareId)).body.data;
    expect(opened.access).toBe('ok');
    expect(opened.own).toBe(false);
    expect(opened.info).toMatchObject({ kind: 'colorBook', title: '春季色卡', introduction: '春季主推色', isSync: 0 });
    expect(opened.content).toMatchObject({ kind: 'colorBook', book: { name: '春季色卡', count: 2 } });
    expect(opened.content.colors).toEqual([
      { code: GREY, name: grey.cn, hex: expect.stringMatching(/^#[0-9a-f]{6}$/), r: expect.any(Number), g: expect.any(Number), b: expect.any(Number), family: 'grey' },
      expect.objectContaining({ hex: '#aa3322', r: 0xaa, g: 0x33, b: 0x22 }),
    ]);
    const english = (await bookInfo(body.data.shareId, { lang: 'en' })).body.data;
    expect(english.content.colors[0].name).toBe(grey.en);
    // The generic call reads the same share.
    const generic = await call('GET', `/share/info?id=${body.data.shareId}`);
    expect(generic.body.data.content).toEqual(opened.content);
  });

  it('shares a supplier company’s book on the supplier path, and the generic share/url takes a book too', async () => {
    const palette = await newBook(tannery.adminToken, '公司色卡', true);
    await addColors(tannery.adminToken, palette, [{ source: 'picked', hex: '#3355aa' }], true);
    const made = await shareBook(tannery.adminToken, { relateId: palette }, { supplier: true });
    expect(made.status).toBe(200);
    // The same id is not one of the administrator's own books on the buyer path.
    expect((await shareBook(tannery.adminToken, { relateId: palette })).status).toBe(404);
    // Any member at work in the company shares its books.
    expect((await shareBook(tannery.memberToken, { relateId: palette }, { supplier: true })).status).toBe(200);
    const generic = await call('POST', '/supplier/share/url', { token: tannery.adminToken, body: { kind: 'colorBook', colorBookId: palette, isSync: 1 } });
    expect(generic.status).toBe(200);
    expect(generic.body.data.url).toContain('shareLinkType=colorCardShare');
    expect((await bookInfo(generic.body.data.shareId)).body.data.content.colors.map((c: { hex: string }) => c.hex)).toEqual(['#3355aa']);
  });

  it('refuses another user’s book with 404 and writes nothing', async () => {
    const privateBook = await newBook(ownerToken, '私人色卡');
    const stranger = await createSession(await createUser({ role: 1 }));
    const refused = await shareBook(stranger, { relateId: privateBook }, { lang: 'en' });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This color-card book does not exist');
    expect((await call('POST', '/share/url', { token: stranger, body: { kind: 'colorBook', colorBookId: privateBook } })).status).toBe(404);
    expect((await shareBook(tannery.adminToken, { relateId: privateBook }, { supplier: true })).status).toBe(404);
    expect(await getDb().select().from(shares).where(eq(shares.colorBookId, privateBook))).toEqual([]);
    const [book] = await getDb().select({ isShared: colorBooks.isShared }).from(colorBooks).where(eq(colorBooks.id, privateBook));
    expect(book?.isShared).toBe(0);
    expect((await call('POST', '/color/card/book/share/url', { body: { relateId: privateBook } })).status).toBe(401);
    expect((await shareBook(ownerToken, { relateId: privateBook, validityType: 9 })).status).toBe(422);
  });

  it('answers a retry with the same Idempotency-Key with the same share, and refuses the key for other settings', async () => {
    const key = crypto.randomUUID();
    const headers = { 'Idempotency-Key': key };
    const first = await shareBook(ownerToken, { relateId: spring, type: 2 }, { headers });
    const again = await shareBook(ownerToken, { relateId: spring, type: 2 }, { headers });
    expect(again.body.data).toEqual(first.body.data);
    expect(first.body.data.code).toMatch(SHARE_CODE_PATTERN);
    expect((await shareBook(ownerToken, { relateId: spring, type: 1 }, { headers })).status).toBe(409);
  });

  it('lists the share on the sharer’s list with the book’s name, first colors and color count', async () => {
    const user = await createUser({ role: 1 });
    const token = await createSession(user);
    const book = await newBook(token, '清单色卡');
    await addColors(token, book, Array.from({ length: 11 }, (_, i) => ({ source: 'picked', hex: `#${(0x102030 + i * 0x0a0a0a).toString(16)}` })));
    await shareBook(token, { relateId: book });
    const { records } = await listOwnShares(user.id, { page: 1, size: 10 }, 'cn');
    expect(records[0]).toMatchObject({ kind: 'colorBook', materialCount: 0, colorCount: 11, subject: { name: '清单色卡', cover: null, hex: null } });
    expect(records[0]!.subject!.swatches).toHaveLength(9);
    expect(records[0]!.subject!.swatches[0]).toBe('#102030');
  });
});

describe('who sees a color-card book share', () => {
  it('shows a fresh viewer nothing of a password share before the code, then the book', async () => {
    const made = (await shareBook(ownerToken, { relateId: spring, type: 2, introduce: '加密色卡介绍' })).body.data;
    const before = await bookInfo(made.shareId);
    expect(before.body.data.access).toBe('needCode');
    expect(before.body.data.content).toBeNull();
    expect(JSON.stringify(before.body)).not.toContain('春季色卡');
    expect(JSON.stringify(before.body)).not.toContain('加密色卡介绍');
    expect((await call('GET', `/share/image?id=${made.shareId}`)).status).toBe(403);
    // The sharer sees their own share without the code.
    expect((await bookInfo(made.shareId, { token: ownerToken })).body.data).toMatchObject({ access: 'ok', own: true });

    const right = await call('POST', '/share/code/check', { body: { shareId: made.shareId, code: made.code } });
    expect(right.status).toBe(200);
    const cookie = cookieOf(right.headers.get('set-cookie'));
    const after = (await bookInfo(made.shareId, { cookie })).body.data;
    expect(after.access).toBe('ok');
    expect(after.info.introduction).toBe('加密色卡介绍');
    expect(after.content.book).toEqual({ name: '春季色卡', count: 2 });
  });

  it('needs a signed-in viewer for a view range of 3', async () => {
    const { shareId } = (await shareBook(ownerToken, { relateId: spring, viewRange: 3 })).body.data;
    expect((await bookInfo(shareId)).body.data.access).toBe('needLogin');
    const someone = await createSession(await createUser({ role: 1 }));
    expect((await bookInfo(shareId, { token: someone })).body.data.access).toBe('ok');
  });

  it('reads another kind of share as missing on the book call', async () => {
    const folder = (await call('POST', '/collect/folder/add', { token: ownerToken, body: { name: '不是色卡本' } })).body.data.id as number;
    const { shareId } = (await call('POST', '/share/url', { token: ownerToken, body: { kind: 'folder', folderId: folder } })).body.data;
    expect((await bookInfo(shareId)).body.data).toEqual({ access: 'missing', info: null, content: null, own: false });
    expect((await bookInfo('not-a-share-id')).status).toBe(422);
  });
});

describe('snapshot and live', () => {
  it('a snapshot keeps the colors shared, a live share shows a color added later', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const book = await newBook(token, '变化中的色卡');
    await addColors(token, book, [{ source: 'book', type: 'matlib', code: GREY }, { source: 'picked', hex: '#aa3322' }]);
    const snapshot = (await shareBook(token, { relateId: book, isSync: 0 })).body.data.shareId as string;
    const live = (await shareBook(token, { relateId: book, isSync: 1 })).body.data.shareId as string;
    const [stored] = await getDb().select({ snapshot: shares.snapshot }).from(shares).where(eq(shares.id, snapshot));
    expect(stored?.snapshot?.colors?.map((c) => c.code)).toEqual([GREY, expect.any(String)]);
    const png = async (id: string) => Buffer.from(await (await api.request(`/api/idealab-material/share/image?id=${id}`)).arrayBuffer());
    const liveBefore = await png(live);

    await addColors(token, book, [{ source: 'picked', hex: '#3355aa' }]);
    const hexes = async (id: string) => ((await bookInfo(id)).body.data.content.colors as { hex: string }[]).map((c) => c.hex);
    expect(await hexes(snapshot)).toHaveLength(2);
    expect(await hexes(live)).toEqual([expect.any(String), '#aa3322', '#3355aa']);
    expect((await bookInfo(live)).body.data.info.isSync).toBe(1);
    // The live share's image is drawn again for the new colors, not served from the cache.
    expect((await png(live)).equals(liveBefore)).toBe(false);
  });

  it('ends the share when the book is deleted: missing everywhere, nothing to save', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const book = await newBook(token, '将删除的色卡');
    await addColors(token, book, [{ source: 'picked', hex: '#aa3322' }]);
    const { shareId } = (await shareBook(token, { relateId: book })).body.data;
    expect((await bookInfo(shareId)).body.data.access).toBe('ok');
    const removed = await call('GET', `/color/card/book/delete?id=${book}`, { token, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(removed.status).toBe(200);
    const [row] = await getDb().select({ colorBookId: shares.colorBookId }).from(shares).where(eq(shares.id, shareId));
    expect(row?.colorBookId).toBeNull();
    expect((await bookInfo(shareId)).body.data).toEqual({ access: 'missing', info: null, content: null, own: false });
    expect((await call('GET', `/share/info?id=${shareId}`)).body.data.access).toBe('missing');
    expect((await call('GET', `/share/image?id=${shareId}`)).status).toBe(404);
    const viewer = await createSession(await createUser({ role: 1 }));
    expect((await saveShared(viewer, shareId)).status).toBe(404);
  });

  it('shows an ended share as expired and saves nothing from it', async () => {
    const { shareId } = (await shareBook(ownerToken, { relateId: spring })).body.data;
    expect((await call('POST', '/share/end', { token: ownerToken, body: { shareId } })).status).toBe(200);
    const info = (await bookInfo(shareId)).body.data;
    expect(info.access).toBe('expired');
    expect(info.content).toBeNull();
    const viewer = await createSession(await createUser({ role: 1 }));
    const refused = await saveShared(viewer, shareId, { lang: 'en' });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This share has expired or does not exist');
  });
});

describe('saving a shared book', () => {
  it('copies the colors as the share shows them into the viewer’s books, renaming on a clash', async () => {
    const viewerUser = await createUser({ role: 1 });
    const viewer = await createSession(viewerUser);
    await newBook(viewer, '春季色卡');
    const { shareId } = (await shareBook(ownerToken, { relateId: spring })).body.data;

    const saved = await saveShared(viewer, shareId);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ name: '春季色卡 (2)', userType: 1, isShared: 0, count: 2, swatches: [expect.any(String), '#aa3322'] });
    const copied = await bookColors(viewer, saved.body.data.id);
    const original = await bookColors(ownerToken, spring);
    expect(copied.map(({ code, name, hex, source }) => ({ code, name, hex, source }))).toEqual(original.map(({ code, name, hex, source }) => ({ code, name, hex, source })));
    expect((await saveShared(viewer, shareId)).body.data.name).toBe('春季色卡 (3)');
    const mine = await getDb().select({ name: colorBooks.name }).from(colorBooks).where(and(eq(colorBooks.ownerUserId, viewerUser.id), eq(colorBooks.userType, 1)));
    expect(mine.map((b) => b.name).sort()).toEqual(['春季色卡', '春季色卡 (2)', '春季色卡 (3)']);
  });

  it('saves a snapshot as it was shared, keeps a long name within the limit, and saves into a company’s books on the supplier path', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const long = '长'.repeat(COLOR_BOOK_NAME_MAX);
    const book = await newBook(token, long);
    await addColors(token, book, [{ source: 'book', type: 'matlib', code: GREY }]);
    const { shareId } = (await shareBook(token, { relateId: book })).body.data;
    await addColors(token, book, [{ source: 'picked', hex: '#3355aa' }]);

    const first = await saveShared(tannery.adminToken, shareId, { supplier: true });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: long, userType: 2, count: 1 });
    // The pinned system color is a system color again in the copy, named in the reader's language.
    const [grey] = await bookColors(tannery.adminToken, first.body.data.id, true);
    expect(grey).toMatchObject({ code: GREY, source: 'matlib', name: nameOf(parseCode(GREY)!).cn });
    const second = await saveShared(tannery.memberToken, shareId, { supplier: true });
    expect(second.body.data.name).toBe(`${'长'.repeat(COLOR_BOOK_NAME_MAX - 4)} (2)`);
    expect(second.body.data.name).toHaveLength(COLOR_BOOK_NAME_MAX);
  });

  it('keeps a pinned material color card as one, and lets go of the link once the material is deleted', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const book = await newBook(token, '面料色');
    const material = await createMaterial(tannery.companyId, 'twill');
    const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, material.id));
    await addColors(token, book, [{ source: 'card', colorCardId: card!.id }]);
    const { shareId } = (await shareBook(token, { relateId: book })).body.data;

    const viewer = await createSession(await createUser({ role: 1 }));
    const kept = await saveShared(viewer, shareId);
    expect((await call('POST', '/color/card/book/color/list', { token: viewer, body: { bookId: kept.body.data.id } })).body.data.records[0]).toMatchObject({ source: 'card', colorCardId: card!.id, materialId: material.id });

    await getDb().delete(materials).where(eq(materials.id, material.id));
    const after = await saveShared(viewer, shareId);
    expect(after.status).toBe(200);
    expect((await call('POST', '/color/card/book/color/list', { token: viewer, body: { bookId: after.body.data.id } })).body.data.records[0]).toMatchObject({ source: 'card', materialId: null });
  });

  it('needs the code of a password share first, and a session', async () => {
    const made = (await shareBook(ownerToken, { relateId: spring, type: 2 })).body.data;
    const viewer = await createSession(await createUser({ role: 1 }));
    const refused = await saveShared(viewer, made.shareId);
    expect(refused.status).toBe(403);
    expect((await saveShared(undefined, made.shareId)).status).toBe(401);
    const right = await call('POST', '/share/code/check', { body: { shareId: made.shareId, code: made.code } });
    const saved = await saveShared(viewer, made.shareId, { cookie: cookieOf(right.headers.get('set-cookie')) });
    expect(saved.status).toBe(200);
    expect(saved.body.data.name).toBe('春季色卡');
  });

  it('refuses a share that is not of a book, and an unknown share', async () => {
    const viewer = await createSession(await createUser({ role: 1 }));
    const folder = (await call('POST', '/collect/folder/add', { token: ownerToken, body: { name: '另一个收藏夹' } })).body.data.id as number;
    const { shareId } = (await call('POST', '/share/url', { token: ownerToken, body: { kind: 'folder', folderId: folder } })).body.data;
    expect((await saveShared(viewer, shareId)).status).toBe(404);
    expect((await saveShared(viewer, 'A'.repeat(22))).status).toBe(404);
    expect((await saveShared(viewer, 'short')).status).toBe(422);
  });
});

describe('the share image', () => {
  it('draws a PNG for a color-card book share, and for an empty book', async () => {
    const { shareId } = (await shareBook(ownerToken, { relateId: spring, introduce: '色卡分享图' })).body.data;
    const png = await api.request(`/api/idealab-material/share/image?id=${shareId}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.byteLength).toBeGreaterThan(1000);

    const empty = await newBook(ownerToken, '空色卡');
    const emptyShare = (await shareBook(ownerToken, { relateId: empty })).body.data.shareId;
    expect((await api.request(`/api/idealab-material/share/image?id=${emptyShare}`)).status).toBe(200);
    expect((await bookInfo(emptyShare)).body.data.content).toEqual({ kind: 'colorBook', book: { name: '空色卡', count: 0 }, colors: [] });
  });
});
