/**
 * Sharing a material book (docs/product/sharing.md): only the sharer's company's own book, and only while it is on
 * the market; a snapshot pins the book's materials at their versions, a live share follows the book; taken off the
 * market the share reads as ended to everyone outside the company, deleted it is gone; the landing searches inside
 * the book and opens only materials the share holds; the share image draws the book.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARE_CODE_PATTERN } from '../../src/lib/contracts/sharing-rules';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, shares } from '../../src/lib/server/db/schema';
import { saveMaterial } from '../../src/lib/server/materials/save-material';
import { resolveShareLanding } from '../../src/lib/server/pages/share';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { listOwnShares } from '../../src/lib/server/sharing/list-own-shares';
import { apiCaller, type CallInit } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser, grantCodes } from '../fixtures/identity';
import { categoryId, createMaterial, seedReferenceData } from '../fixtures/materials';

const { app: api, call: request, send } = apiCaller('/api/idealab-material', { ip: '203.0.113.52' });
const call = (method: 'GET' | 'POST', route: string, init: CallInit = {}) => request(route, { ...init, method });
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

type Company = Awaited<ReturnType<typeof createEnterprise>>;

async function newBook(company: Company, name: string, materialIds: number[], options: { introduction?: string; coverMaterialId?: number; onMarket?: boolean } = {}): Promise<number> {
  const added = await call('POST', '/material/book/add', { token: company.adminToken, body: { name } });
  expect(added.status).toBe(200);
  const id = added.body.data.id as number;
  const edited = await call('POST', '/material/book/edit', { token: company.adminToken, body: { id, introduction: options.introduction ?? '', coverMaterialId: options.coverMaterialId ?? null, materialIds } });
  expect(edited.status).toBe(200);
  if (options.onMarket !== false) await setOnMarket(company, id, true);
  return id;
}
async function setOnMarket(company: Company, id: number, on: boolean) {
  const res = await call('POST', on ? '/open/market/v1.4/materalbook/batch/on' : '/open/market/materalbook/batch/of', { token: company.adminToken, body: { ids: [id] } });
  expect(res.status).toBe(200);
}
const shareBook = (token: string, body: object, init: CallInit = {}) => call('POST', '/material/book/share/url', { ...init, token, body });
const bookInfo = (shareId: string, init: CallInit & { query?: string } = {}) => call('GET', `/material/book/share/info?shareId=${encodeURIComponent(shareId)}${init.query ?? ''}`, init);
const names = (content: { materials: { name: string }[] }) => content.materials.map((m) => m.name);

/** The landing page's answer for a viewer, as /buyer/material-brochure/detail works it out. */
function landing(shareId: string, options: { query?: string; userId?: number | null; companyId?: number | null; cookie?: string; lang?: 'cn' | 'en' } = {}) {
  const grant = options.cookie?.split('=')[1];
  return resolveShareLanding({
    url: new URL(`http://x/buyer/material-brochure/detail?appType=shareMaterialBook&shareId=${shareId}${options.query ?? ''}`),
    lang: options.lang ?? 'cn',
    viewer: { userId: options.userId ?? null, companyId: options.companyId ?? null },
    grantOf: (id) => (options.cookie?.startsWith(`sg_${id}=`) ? grant : undefined),
    validationPath: '/share-validation',
  });
}
async function shown(shareId: string, options: Parameters<typeof landing>[1] = {}) {
  const page = await landing(shareId, options);
  if (page.kind !== 'show') throw new Error(`expected the share, got ${JSON.stringify(page)}`);
  if (page.opened.content.kind !== 'materialBook') throw new Error('expected a material book');
  return { ...page, content: page.opened.content };
}

useTempDataDir('material-book-shares');
let tannery: Company;
let rival: Company;
let leather: number;
let canvas: number;
let mesh: number;
let draft: number;
/** Tannery's book on the market: leather, canvas, mesh and an unpublished draft. */
let spring: number;

beforeAll(async () => {
  await seedReferenceData();
  // Certified: it puts more books on the market than an uncertified company may (docs/product/markets.md#uncertified-companies).
  tannery = await createEnterprise({ company: { orgName: '材料册分享测试', nameEn: 'Material Book Shares', corpCerStatus: 2 } });
  // A member who shares the company's books (FUN004).
  await grantCodes(tannery.companyId, tannery.member.id, ['FUN004']);
  rival = await createEnterprise({ company: { orgName: '另一家材料公司' } });
  leather = (await createMaterial(tannery.companyId, 'twill', { nameCn: '册内头层牛皮', nameEn: 'Book full-grain leather' })).id;
  canvas = (await createMaterial(tannery.companyId, 'twill', { nameCn: '册内帆布' })).id;
  mesh = (await createMaterial(tannery.companyId, 'twill', { nameCn: '册内网布', serialNo: 'MB-NET-01' })).id;
  draft = (await createMaterial(tannery.companyId, 'twill', { nameCn: '未上架材料', marketTypes: [] })).id;
  spring = await newBook(tannery, '春季材料册', [leather, canvas, mesh, draft], { introduction: '春季主推面料' });
});
beforeEach(() => resetLimiters());

describe('creating a material book share', () => {
  it('shares the company’s own book on the market: the book landing, its published materials pinned', async () => {
    const { status, body } = await shareBook(tannery.adminToken, { collectionId: spring, introduce: '请查看春季新品' });
    expect(status).toBe(200);
    expect(body.data.code).toBeNull();
    expect(body.data.url).toMatch(new RegExp(`/buyer/material-brochure/detail\\?appType=shareMaterialBook&shareId=${body.data.shareId}$`));
    const [row] = await getDb().select().from(shares).where(eq(shares.id, body.data.shareId));
    expect(row).toMatchObject({ kind: 'materialBook', materialBookId: spring, isSync: 0, ownerUserId: tannery.admin.id, ownerCompanyId: tannery.companyId });
    // The unpublished draft is the company's alone: the share does not take it.
    expect(row?.snapshot?.materials.map((m) => m.id)).toEqual([leather, canvas, mesh]);

    const opened = (await bookInfo(body.data.shareId)).body.data;
    expect(opened).toMatchObject({ access: 'ok', own: false });
    expect(opened.info).toMatchObject({ kind: 'materialBook', title: '春季材料册', introduction: '请查看春季新品', isSync: 0 });
    expect(opened.info.sharer).toBe('材料册分享测试');
    expect(opened.content).toMatchObject({ kind: 'materialBook', book: { name: '春季材料册', introduction: '春季主推面料', count: 3, onMarket: 1 }, total: 3, page: 1, keywords: '' });
    expect(opened.content.book.cover).not.toBeNull();
    expect(names(opened.content)).toEqual(['册内头层牛皮', '册内帆布', '册内网布']);
    expect((await bookInfo(body.data.shareId, { lang: 'en' })).body.data.info.sharer).toBe('Material Book Shares');
    // The older path and the generic call read the same share.
    expect((await call('GET', `/collection/share/info?shareId=${body.data.shareId}`)).body.data).toEqual(opened);
    expect((await call('GET', `/share/info?id=${body.data.shareId}`)).body.data.content).toEqual(opened.content);
  });

  it('takes the same body on the collection path and on share/url, and any member at work may share', async () => {
    const aliased = await call('POST', '/collection/share', { token: tannery.memberToken, body: { collectionId: spring, type: 2, validityType: 3 } });
    expect(aliased.status).toBe(200);
    expect(aliased.body.data.code).toMatch(SHARE_CODE_PATTERN);
    expect(aliased.body.data.expiresAt).not.toBeNull();
    expect(aliased.body.data.url).toContain('appType=shareMaterialBook');
    const generic = await call('POST', '/share/url', { token: tannery.adminToken, body: { kind: 'materialBook', materialBookId: spring, isSync: 1 } });
    expect(generic.status).toBe(200);
    expect(generic.body.data.url).toContain('/buyer/material-brochure/detail?');
    // Live is offered although the book's materials are on the market: the share follows the book, not one material.
    const [row] = await getDb().select({ isSync: shares.isSync, snapshot: shares.snapshot }).from(shares).where(eq(shares.id, generic.body.data.shareId));
    expect(row).toEqual({ isSync: 1, snapshot: null });
  });

  it('refuses another company’s book with 404 and writes nothing', async () => {
    const theirs = await newBook(rival, '别家材料册', []);
    const refused = await shareBook(tannery.adminToken, { collectionId: theirs }, { lang: 'en' });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This material book does not exist or is off the market');
    expect((await call('POST', '/collection/share', { token: tannery.memberToken, body: { collectionId: theirs } })).status).toBe(404);
    expect((await call('POST', '/share/url', { token: tannery.adminToken, body: { kind: 'materialBook', materialBookId: theirs } })).status).toBe(404);
    // A buyer works in a personal company, which has no books.
    const buyer = await createSession(await createUser({ role: 1 }));
    expect((await shareBook(buyer, { collectionId: spring })).status).toBe(404);
    expect(await getDb().select().from(shares).where(eq(shares.materialBookId, theirs))).toEqual([]);
    expect((await call('POST', '/material/book/share/url', { body: { collectionId: spring } })).status).toBe(401);
    expect((await shareBook(tannery.adminToken, { collectionId: spring, viewRange: 2 })).status).toBe(422);
  });

  it('refuses a book off the market with 422 and writes nothing', async () => {
    const quiet = await newBook(tannery, '未上架材料册', [leather], { onMarket: false });
    const refused = await shareBook(tannery.adminToken, { collectionId: quiet }, { lang: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('This material book is off the market and cannot be shared');
    expect((await shareBook(tannery.adminToken, { collectionId: quiet })).body.msg).toBe('材料册未上架，不能分享');
    expect(await getDb().select().from(shares).where(eq(shares.materialBookId, quiet))).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the same share, on either path, and refuses it for other settings', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await shareBook(tannery.adminToken, { collectionId: spring, type: 2 }, { headers });
    const again = await call('POST', '/collection/share', { token: tannery.adminToken, body: { collectionId: spring, type: 2 }, headers });
    expect(again.body.data).toEqual(first.body.data);
    const generic = await call('POST', '/share/url', { token: tannery.adminToken, body: { kind: 'materialBook', materialBookId: spring, type: 2 }, headers });
    expect(generic.body.data).toEqual(first.body.data);
    expect((await shareBook(tannery.adminToken, { collectionId: spring, type: 1 }, { headers })).status).toBe(409);
  });

  it('lists the share on the sharer’s list with the book’s name, cover and count', async () => {
    const user = await createEnterprise();
    const material = (await createMaterial(user.companyId, 'twill', { nameCn: '清单材料' })).id;
    const book = await newBook(user, '清单材料册', [material]);
    await shareBook(user.adminToken, { collectionId: book });
    await shareBook(user.adminToken, { collectionId: book, isSync: 1 });
    const { records } = await listOwnShares(user.admin.id, { page: 1, size: 10 }, 'cn');
    expect(records.map((r) => [r.kind, r.isSync, r.materialCount])).toEqual([
      ['materialBook', 1, 1],
      ['materialBook', 0, 1],
    ]);
    expect(records[0]!.subject).toMatchObject({ name: '清单材料册', hex: null, swatches: [] });
    expect(records[0]!.subject!.cover).not.toBeNull();
  });
});

describe('who sees a material book share', () => {
  it('shows a fresh viewer nothing of a password share before the code, then the book', async () => {
    const made = (await shareBook(tannery.adminToken, { collectionId: spring, type: 2, introduce: '加密材料册介绍' })).body.data;
    const before = await bookInfo(made.shareId);
    expect(before.body.data.access).toBe('needCode');
    expect(before.body.data.content).toBeNull();
    expect(JSON.stringify(before.body)).not.toContain('春季材料册');
    expect(JSON.stringify(before.body)).not.toContain('加密材料册介绍');
    expect((await call('GET', `/share/image?id=${made.shareId}`)).status).toBe(403);
    // The landing sends the viewer to the code page first, and back to where they were going.
    const redirect = await landing(made.shareId, { query: '&keywords=%E7%BD%91' });
    expect(redirect).toEqual({ kind: 'redirect', to: `/share-validation?${new URLSearchParams({ shareId: made.shareId, redirect: `/buyer/material-brochure/detail?appType=shareMaterialBook&shareId=${made.shareId}&keywords=%E7%BD%91` })}` });
    // The sharer sees their own share without the code.
    expect((await bookInfo(made.shareId, { token: tannery.adminToken })).body.data).toMatchObject({ access: 'ok', own: true });

    const right = await call('POST', '/share/code/check', { body: { shareId: made.shareId, code: made.code } });
    expect(right.status).toBe(200);
    const cookie = cookieOf(right.headers.get('set-cookie'));
    const after = (await bookInfo(made.shareId, { cookie })).body.data;
    expect(after.access).toBe('ok');
    expect(after.info.introduction).toBe('加密材料册介绍');
    expect(after.content.book.count).toBe(3);
    const page = await shown(made.shareId, { cookie });
    expect(names(page.content)).toEqual(['册内头层牛皮', '册内帆布', '册内网布']);
  });

  it('needs a signed-in viewer for a view range of 3', async () => {
    const { shareId } = (await shareBook(tannery.adminToken, { collectionId: spring, viewRange: 3 })).body.data;
    expect((await bookInfo(shareId)).body.data.access).toBe('needLogin');
    expect(await landing(shareId)).toMatchObject({ kind: 'redirect', to: expect.stringMatching(/^\/login\?redirect=/) });
    const someone = await createSession(await createUser({ role: 1 }));
    expect((await bookInfo(shareId, { token: someone })).body.data.access).toBe('ok');
  });

  it('reads another kind of share as missing on the book calls', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const folder = (await call('POST', '/collect/folder/add', { token, body: { name: '不是材料册' } })).body.data.id as number;
    const { shareId } = (await call('POST', '/share/url', { token, body: { kind: 'folder', folderId: folder } })).body.data;
    const missing = { access: 'missing', info: null, content: null, own: false };
    expect((await bookInfo(shareId)).body.data).toEqual(missing);
    expect((await call('GET', `/collection/share/info?shareId=${shareId}`)).body.data).toEqual(missing);
    expect((await bookInfo('not-a-share-id')).status).toBe(422);
    expect((await bookInfo(shareId, { query: `&keywords=${'长'.repeat(51)}` })).status).toBe(422);
  });
});

describe('the book leaving the market, or going', () => {
  it('ends the share for everyone outside the company while the book is off the market, and opens it again once back', async () => {
    const company = await createEnterprise({ company: { orgName: '下架测试公司' } });
    const material = (await createMaterial(company.companyId, 'twill', { nameCn: '下架册材料' })).id;
    const book = await newBook(company, '将下架的材料册', [material]);
    const { shareId } = (await shareBook(company.adminToken, { collectionId: book })).body.data;
    const viewer = await createUser({ role: 1 });
    const viewerToken = await createSession(viewer);
    expect((await bookInfo(shareId, { token: viewerToken })).body.data.access).toBe('ok');

    await setOnMarket(company, book, false);
    const ended = (await bookInfo(shareId, { token: viewerToken })).body.data;
    expect(ended.access).toBe('expired');
    expect(ended.content).toBeNull();
    expect(ended.info).toMatchObject({ kind: 'materialBook', title: null, introduction: null });
    expect((await bookInfo(shareId)).body.data.access).toBe('expired');
    expect((await call('GET', `/share/info?id=${shareId}`)).body.data.access).toBe('expired');
    expect((await send(`/share/image?id=${shareId}`, { token: viewerToken })).status).toBe(404);
    expect((await call('GET', `/share/relates?id=${shareId}`)).status).toBe(404);
    // The landing answers the expired block, 410, to a guest and to a signed-in stranger alike.
    expect(await landing(shareId)).toEqual({ kind: 'gone', status: 410 });
    expect(await landing(shareId, { userId: viewer.id, companyId: viewer.companyId })).toEqual({ kind: 'gone', status: 410 });

    // The sharer and their colleagues still see it, told that others do not.
    const own = (await bookInfo(shareId, { token: company.adminToken })).body.data;
    expect(own).toMatchObject({ access: 'ok', own: true });
    expect(own.content.book.onMarket).toBe(0);
    expect((await bookInfo(shareId, { token: company.memberToken })).body.data).toMatchObject({ access: 'ok', own: false });
    expect((await shown(shareId, { userId: company.admin.id, companyId: company.companyId })).content.book.onMarket).toBe(0);
    expect((await send(`/share/image?id=${shareId}`, { token: company.adminToken })).status).toBe(200);
    // Off the market it cannot be shared again.
    expect((await shareBook(company.adminToken, { collectionId: book })).status).toBe(422);

    await setOnMarket(company, book, true);
    expect((await bookInfo(shareId, { token: viewerToken })).body.data.access).toBe('ok');
    expect((await landing(shareId)).kind).toBe('show');
  });

  it('makes the share missing when the book is deleted', async () => {
    const company = await createEnterprise();
    const book = await newBook(company, '将删除的材料册', [(await createMaterial(company.companyId, 'twill')).id]);
    const { shareId } = (await shareBook(company.adminToken, { collectionId: book })).body.data;
    expect((await bookInfo(shareId)).body.data.access).toBe('ok');
    expect((await call('POST', '/material/book/delete', { token: company.adminToken, body: { id: book } })).status).toBe(200);
    const [row] = await getDb().select({ materialBookId: shares.materialBookId }).from(shares).where(eq(shares.id, shareId));
    expect(row?.materialBookId).toBeNull();
    const missing = { access: 'missing', info: null, content: null, own: false };
    expect((await bookInfo(shareId)).body.data).toEqual(missing);
    // Gone for its sharer too.
    expect((await bookInfo(shareId, { token: company.adminToken })).body.data).toEqual(missing);
    expect((await call('GET', `/share/info?id=${shareId}`)).body.data.access).toBe('missing');
    expect((await call('GET', `/share/image?id=${shareId}`)).status).toBe(404);
    expect(await landing(shareId)).toEqual({ kind: 'gone', status: 404 });
  });
});

describe('snapshot and live', () => {
  it('a snapshot keeps the materials and versions shared, a live share follows the book and the latest versions', async () => {
    const company = await createEnterprise();
    const first = (await createMaterial(company.companyId, 'twill', { nameCn: '改版前的料' })).id;
    const later = (await createMaterial(company.companyId, 'twill', { nameCn: '后加入的料', hexes: ['#2a7ab0'] })).id;
    const book = await newBook(company, '变化中的材料册', [first]);
    const snapshot = (await shareBook(company.adminToken, { collectionId: book, isSync: 0 })).body.data.shareId as string;
    const live = (await shareBook(company.adminToken, { collectionId: book, isSync: 1 })).body.data.shareId as string;
    const png = async (id: string) => Buffer.from(await (await api.request(`/api/idealab-material/share/image?id=${id}`)).arrayBuffer());
    const liveBefore = await png(live);

    const cards = await getDb().select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex }).from(colorCards).where(eq(colorCards.materialId, first)).orderBy(asc(colorCards.sort));
    await saveMaterial(
      {
        companyId: company.companyId,
        creatorId: null,
        categoryId: await categoryId('twill'),
        nameCn: '改版后的料',
        nameEn: 'Revised',
        serialNo: 'T-BOOK-REV',
        attrs: { PF_PRICE: 20, PF_CURRENCY: 'CNY', PF_UNIT: 'm', PF_SEASON: '1', PF_PRODUCT: ['sports-shoes'], PF_SHIP_FROM: 'CN-FJ' },
        colorCards: cards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, images: [] })),
        enclosure: [],
        marketTypes: [1],
      },
      { materialId: first },
    );
    await call('POST', '/material/book/edit', { token: company.adminToken, body: { id: book, introduction: '', coverMaterialId: null, materialIds: [first, later] } });

    const read = async (id: string) => (await bookInfo(id)).body.data.content;
    expect(names(await read(snapshot))).toEqual(['改版前的料']);
    expect(names(await read(live))).toEqual(['改版后的料', '后加入的料']);
    expect((await read(live)).book.count).toBe(2);
    // Searching a snapshot looks at the names as shared.
    expect((await read(snapshot)).total).toBe(1);
    expect((await bookInfo(snapshot, { query: '&keywords=%E6%94%B9%E7%89%88%E5%89%8D' })).body.data.content.total).toBe(1);
    expect((await bookInfo(snapshot, { query: '&keywords=%E6%94%B9%E7%89%88%E5%90%8E' })).body.data.content.total).toBe(0);
    // The live share's image is drawn again for the new versions, not served from the card cache.
    expect((await png(live)).equals(liveBefore)).toBe(false);

    // A material taken out of the book leaves the live share; the snapshot keeps it while it is on the market.
    await call('POST', '/material/book/edit', { token: company.adminToken, body: { id: book, introduction: '', coverMaterialId: null, materialIds: [later] } });
    expect(names(await read(live))).toEqual(['后加入的料']);
    expect(names(await read(snapshot))).toEqual(['改版前的料']);
  });
});

describe('the landing', () => {
  it('searches inside the book by name or serial number, and pages it', async () => {
    const { shareId } = (await shareBook(tannery.adminToken, { collectionId: spring })).body.data;
    const mesh1 = await shown(shareId, { query: '&keywords=%E7%BD%91%E5%B8%83' });
    expect(names(mesh1.content)).toEqual(['册内网布']);
    expect(mesh1.content).toMatchObject({ total: 1, keywords: '网布', book: { count: 3 } });
    expect(names((await shown(shareId, { query: '&keywords=mb-net' })).content)).toEqual(['册内网布']);
    expect(names((await shown(shareId, { query: '&keywords=full-grain', lang: 'en' })).content)).toEqual(['Book full-grain leather']);
    expect((await shown(shareId, { query: '&keywords=%25' })).content.total).toBe(0);
    const none = await shown(shareId, { query: '&keywords=%E4%B8%8D%E5%AD%98%E5%9C%A8' });
    expect(none.content).toMatchObject({ total: 0, materials: [] });
    // Words too long, or a page that is not a number, read as the whole book's first page rather than failing.
    expect((await shown(shareId, { query: `&keywords=${'长'.repeat(60)}&page=abc` })).content).toMatchObject({ total: 3, page: 1, keywords: '' });
    expect((await shown(shareId, { query: '&page=2' })).content).toMatchObject({ total: 3, page: 2, materials: [] });
    // The API searches the same way.
    expect((await bookInfo(shareId, { query: '&keywords=MB-NET' })).body.data.content.materials.map((m: { id: number }) => m.id)).toEqual([mesh]);
  });

  it('opens a material the share holds inside it, and nothing else', async () => {
    const { shareId } = (await shareBook(tannery.adminToken, { collectionId: spring })).body.data;
    const opened = await shown(shareId, { query: `&keywords=x&materialId=${canvas}` });
    expect(opened.detail?.name).toBe('册内帆布');
    expect((await shown(shareId, { query: `&materialId=${draft}` })).detail).toBeNull();
    const elsewhere = (await createMaterial(rival.companyId, 'twill')).id;
    expect((await shown(shareId, { query: `&materialId=${elsewhere}` })).detail).toBeNull();
    expect((await shown(shareId, { query: '&materialId=abc' })).detail).toBeNull();
  });

  it('answers 404 for an unknown share', async () => {
    expect(await landing('A'.repeat(22))).toEqual({ kind: 'gone', status: 404 });
    expect(await landing('short')).toEqual({ kind: 'gone', status: 404 });
  });
});

describe('the share image', () => {
  it('draws a PNG for a book with a chosen cover, one without, and an empty one', async () => {
    const covered = await newBook(tannery, '有封面的材料册', [leather, canvas, mesh], { coverMaterialId: canvas, introduction: '封面是帆布' });
    const empty = await newBook(tannery, '空材料册', []);
    for (const book of [covered, spring, empty]) {
      const { shareId } = (await shareBook(tannery.adminToken, { collectionId: book, introduce: '分享图' })).body.data;
      const png = await api.request(`/api/idealab-material/share/image?id=${shareId}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.byteLength).toBeGreaterThan(1000);
    }
    const { shareId } = (await shareBook(tannery.adminToken, { collectionId: empty })).body.data;
    expect((await bookInfo(shareId)).body.data.content).toMatchObject({ book: { name: '空材料册', count: 0, cover: null }, materials: [], total: 0 });
  });
});
