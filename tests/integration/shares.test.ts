/**
 * Shares (docs/product/sharing.md; docs/product/sharing.md#data Share, docs/product/sharing.md#states share access, docs/product/sharing.md#calls share/url, share/info, share/relates, share/code/check): who may
 * share what, validity expiry on an injected clock, live versus snapshot, codes per share, the brute-force limit,
 * and that a password share shows nothing before its code.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { qrcodeDestination, SHARE_CODE_PATTERN } from '../../src/lib/contracts/sharing-rules';
import { getDb } from '../../src/lib/server/db/client';
import { env, resetEnvCache } from '../../src/lib/server/env';
import { colorCards, materials, shares } from '../../src/lib/server/db/schema';
import { saveMaterial } from '../../src/lib/server/materials/save-material';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { createShare } from '../../src/lib/server/sharing/create-share';
import { listOwnShares } from '../../src/lib/server/sharing/list-own-shares';
import { openShare } from '../../src/lib/server/sharing/open-share';
import { apiCaller, type CallInit } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { useTempDataDir } from '../fixtures/data-dir';
import { categoryId, createMaterial, seedReferenceData } from '../fixtures/materials';

const { app: api, call: request } = apiCaller('/api/idealab-material', { ip: '203.0.113.9' });
const call = (method: 'GET' | 'POST', route: string, init: CallInit = {}) => request(route, { ...init, method });
const share = (token: string, body: object) => call('POST', '/share/url', { token, body });
const info = (id: string, init: CallInit = {}) => call('GET', `/share/info?id=${encodeURIComponent(id)}`, init);
const check = (shareId: string, code: string, init: CallInit = {}) => call('POST', '/share/code/check', { ...init, body: { shareId, code } });
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

useTempDataDir('shares');
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
let published: number;
let draft: number;
let buyer: string;

beforeAll(async () => {
  await seedReferenceData();
  tannery = await createEnterprise({ company: { orgName: '青岚皮革分享测试', nameEn: 'Qinglan Leather Shares' } });
  published = (await createMaterial(tannery.companyId, 'twill', { nameCn: '分享头层牛皮' })).id;
  draft = (await createMaterial(tannery.companyId, 'twill', { nameCn: '未上架样布', marketTypes: [] })).id;
  buyer = await createSession(await createUser({ role: 1 }));
});
beforeEach(() => resetLimiters());

describe('creating shares', () => {
  it('answers a 128-bit id, a link to the kind’s landing, and no code for a public share', async () => {
    const { status, body } = await share(buyer, { kind: 'material', materialIds: [published] });
    expect(status).toBe(200);
    expect(body.data.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(body.data.shareId, 'base64url')).toHaveLength(16);
    expect(body.data.code).toBeNull();
    expect(body.data.url).toMatch(new RegExp(`/buyer/share\\?shareLinkType=singleMaterial&shareId=${body.data.shareId}$`));
    const opened = await info(body.data.shareId);
    expect(opened.body.data.access).toBe('ok');
    expect(opened.body.data.info).toMatchObject({ sharer: expect.any(String), title: '分享头层牛皮' });
  });

  it('puts a production link on a known host, never on the Host the request names (docs/operations.md#configuration)', async () => {
    const elsewhere = apiCaller('http://attacker.example/api/idealab-material', { ip: '203.0.113.9' });
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    resetEnvCache();
    try {
      const { body } = await elsewhere.call('/share/url', { token: buyer, body: { kind: 'material', materialIds: [published] } });
      expect(body.data.url).toBe(`http://localhost:${env().PORT}/buyer/share?shareLinkType=singleMaterial&shareId=${body.data.shareId}`);
    } finally {
      process.env.NODE_ENV = before;
      resetEnvCache();
    }
  });

  it('gives each password share a fresh 4-character code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const { body } = await share(buyer, { kind: 'material', materialIds: [published], type: 2 });
      expect(body.data.code).toMatch(SHARE_CODE_PATTERN);
      codes.add(body.data.code);
    }
    // 31^4 codes: six draws repeating is a one-in-many-thousands event, not a design.
    expect(codes.size).toBeGreaterThan(4);
  });

  it('lets a supplier share its unpublished material, but nobody else', async () => {
    expect((await share(buyer, { kind: 'material', materialIds: [draft] })).status).toBe(404);
    const own = await share(tannery.adminToken, { kind: 'material', materialIds: [draft] });
    expect(own.status).toBe(200);
    expect((await info(own.body.data.shareId)).body.data.info.title).toBe('未上架样布');
  });

  it('refuses live updates for materials on the market, another user’s folder, and bad settings', async () => {
    const live = await share(tannery.adminToken, { kind: 'material', materialIds: [published], isSync: 1 });
    expect(live.status).toBe(422);
    expect(live.body.data.fields[0].field).toBe('isSync');
    expect((await share(buyer, { kind: 'folder', folderId: 999_999 })).status).toBe(404);
    for (const bad of [{ validityType: 5 }, { type: 3 }, { viewRange: 2 }, { introduce: '字'.repeat(201) }]) {
      expect((await share(buyer, { kind: 'material', materialIds: [published], ...bad })).status).toBe(422);
    }
    expect((await call('POST', '/share/url', { body: { kind: 'material', materialIds: [published] } })).status).toBe(401);
  });
});

describe('color-card shares', () => {
  it('share one color card of a material: the supplier landing, the card named in the title', async () => {
    const [card] = await getDb().select({ id: colorCards.id, name: colorCards.name }).from(colorCards).where(eq(colorCards.materialId, published)).orderBy(asc(colorCards.sort)).limit(1);
    if (!card) throw new Error('no card');
    const { status, body } = await call('POST', '/supplier/share/url', { token: tannery.adminToken, body: { kind: 'colorCard', colorCardId: card.id } });
    expect(status).toBe(200);
    expect(body.data.url).toMatch(new RegExp(`/supplier/share\\?shareLinkType=colorCardShare&shareId=${body.data.shareId}$`));
    const opened = (await info(body.data.shareId)).body.data;
    expect(opened.content).toMatchObject({ kind: 'colorCard', colorCardId: card.id, material: { id: published } });
    expect(opened.info.title).toBe(`分享头层牛皮 · ${card.name}`);
    const png = await api.request(`/api/idealab-material/share/image?id=${body.data.shareId}`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('lists the sharer’s own shares with what each shared: the material’s name and cover, or the card’s name and color', async () => {
    const user = await createUser({ role: 2 });
    const token = await createSession(user);
    await share(token, { kind: 'material', materialIds: [published] });
    const [card] = await getDb().select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex }).from(colorCards).where(eq(colorCards.materialId, published)).orderBy(asc(colorCards.sort)).limit(1);
    await call('POST', '/share/url', { token, body: { kind: 'colorCard', colorCardId: card!.id } });
    const { records } = await listOwnShares(user.id, { page: 1, size: 10 }, 'cn');
    expect(records.map((r) => r.subject?.name)).toEqual([`分享头层牛皮 · ${card!.name}`, '分享头层牛皮']);
    expect(records[0]!.subject).toMatchObject({ hex: card!.hex, cover: null });
    expect(records[1]!.subject?.cover?.src).toMatch(/^\/api\/img\/\d+\/tiny\.jpg/);
  });

  it('refuses a color card of a material the sharer may not see', async () => {
    const [hidden] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, draft)).limit(1);
    expect((await share(buyer, { kind: 'colorCard', colorCardId: hidden?.id ?? 0 })).status).toBe(404);
  });
});

describe('validity', () => {
  it('shows a one-day share for a day and then only the expired page', async () => {
    const made = new Date('2026-11-22T08:00:00Z');
    const sharer = (await getDb().select({ id: materials.companyId }).from(materials).where(eq(materials.id, published)))[0]?.id ?? null;
    const { shareId } = await createShare({ userId: tannery.admin.id, companyId: sharer }, { kind: 'material', materialIds: [published], type: 1, validityType: 2, viewRange: 1, isSync: 0, introduce: '' }, null, made);
    const at = (ms: number) => openShare(shareId, { userId: null, grant: undefined }, 'cn', new Date(made.getTime() + ms));
    expect((await at(23 * 3600_000)).access).toBe('ok');
    const expired = await at(24 * 3600_000);
    expect(expired.access).toBe('expired');
    expect(expired.content).toBeNull();
    expect(expired.info?.title).toBeNull();
    const week = await createShare({ userId: tannery.admin.id, companyId: sharer }, { kind: 'material', materialIds: [published], type: 1, validityType: 3, viewRange: 1, isSync: 0, introduce: '' }, null, made);
    expect(new Date(week.expiresAt ?? 0).getTime() - made.getTime()).toBe(7 * 24 * 3600_000);
    const forever = await createShare({ userId: tannery.admin.id, companyId: sharer }, { kind: 'material', materialIds: [published], type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '' }, null, made);
    expect(forever.expiresAt).toBeNull();
    expect((await openShare(forever.shareId, { userId: null, grant: undefined }, 'cn', new Date('2036-01-01'))).access).toBe('ok');
  });

  it('shows a share whose one material was deleted since as gone, not as an error', async () => {
    const doomed = (await createMaterial(tannery.companyId, 'twill', { nameCn: '将删除' })).id;
    const { body } = await share(buyer, { kind: 'material', materialIds: [doomed] });
    await getDb().update(materials).set({ isDelete: 1 }).where(eq(materials.id, doomed));
    expect((await info(body.data.shareId)).body.data.access).toBe('missing');
    expect((await call('GET', `/share/relates?id=${body.data.shareId}`)).status).toBe(404);
  });

  it('lets the sharer end a live share early: its content, then only the expired page; nobody else may end it', async () => {
    const { body } = await share(buyer, { kind: 'material', materialIds: [published] });
    const shareId = body.data.shareId as string;
    const relates = await call('GET', `/share/relates?id=${shareId}`);
    expect(relates.status).toBe(200);
    expect(JSON.stringify(relates.body.data)).toContain(String(published));
    const stranger = await createSession(await createUser({ role: 1 }));
    expect((await call('POST', '/share/end', { token: stranger, body: { shareId } })).status).toBe(404);
    expect((await call('POST', '/share/end', { token: buyer, body: { shareId } })).body).toMatchObject({ code: 200, data: { shareId } });
    expect((await info(shareId)).body.data.access).toBe('expired');
    expect((await call('GET', `/share/relates?id=${shareId}`)).status).toBe(404);
  });

  it('draws the QR code of a live share’s link, and none for an ended one', async () => {
    const { body } = await share(buyer, { kind: 'material', materialIds: [published] });
    const qr = await api.request(`/api/idealab-material/share/qr?id=${body.data.shareId}`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    await call('POST', '/share/end', { token: buyer, body: { shareId: body.data.shareId } });
    expect((await api.request(`/api/idealab-material/share/qr?id=${body.data.shareId}`)).status).toBe(404);
  });

  it('treats a deleted share like one that never was', async () => {
    const { body } = await share(buyer, { kind: 'material', materialIds: [published] });
    await getDb().update(shares).set({ deletedAt: new Date() }).where(eq(shares.id, body.data.shareId));
    expect((await info(body.data.shareId)).body.data).toEqual({ access: 'missing', info: null, content: null, own: false });
    expect((await call('GET', `/share/relates?id=${body.data.shareId}`)).status).toBe(404);
  });
});

describe('live and snapshot shares', () => {
  it('a snapshot keeps the version shared, a live share follows the edit', async () => {
    const material = (await createMaterial(tannery.companyId, 'twill', { nameCn: '改版前', marketTypes: [] })).id;
    const snapshot = (await share(tannery.adminToken, { kind: 'material', materialIds: [material], isSync: 0 })).body.data.shareId;
    const live = (await share(tannery.adminToken, { kind: 'material', materialIds: [material], isSync: 1 })).body.data.shareId;
    const png = async (id: string) => Buffer.from(await (await api.request(`/api/idealab-material/share/image?id=${id}`)).arrayBuffer());
    const liveBefore = await png(live);
    const cards = await getDb().select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex }).from(colorCards).where(eq(colorCards.materialId, material)).orderBy(asc(colorCards.sort));
    await saveMaterial(
      {
        companyId: tannery.companyId,
        creatorId: null,
        categoryId: await categoryId('twill'),
        nameCn: '改版后',
        nameEn: 'Revised',
        serialNo: 'T-REV',
        attrs: { PF_PRICE: 20, PF_CURRENCY: 'CNY', PF_UNIT: 'm', PF_SEASON: '1', PF_PRODUCT: ['sports-shoes'], PF_SHIP_FROM: 'CN-FJ' },
        colorCards: cards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, images: [] })),
        enclosure: [],
        marketTypes: [],
      },
      { materialId: material },
    );
    expect((await info(snapshot)).body.data.info.title).toBe('改版前');
    expect((await info(live)).body.data.info.title).toBe('改版后');
    // The live share's image is drawn again for the new version, not served from the card cache.
    expect((await png(live)).equals(liveBefore)).toBe(false);
  });

  it('a folder snapshot keeps its materials, a live folder share shows what was added later', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const folder = (await call('POST', '/collect/folder/add', { token, body: { name: '分享夹' } })).body.data.id as number;
    const later = (await createMaterial(tannery.companyId, 'twill', { nameCn: '后来收藏的' })).id;
    await call('POST', '/collect/add', { token, body: { materialId: published, collectFolderIds: [folder] } });
    const snapshot = (await share(token, { kind: 'folder', folderId: folder })).body.data.shareId;
    const live = (await share(token, { kind: 'folder', folderId: folder, isSync: 1 })).body.data.shareId;
    await call('POST', '/collect/add', { token, body: { materialId: later, collectFolderIds: [folder] } });
    const names = async (id: string) => ((await info(id)).body.data.content.materials as { name: string }[]).map((m) => m.name).sort();
    expect(await names(snapshot)).toEqual(['分享头层牛皮']);
    expect(await names(live)).toEqual(['分享头层牛皮', '后来收藏的']);
    expect((await info(live)).body.data.info.title).toBe('分享夹');
  });
});

describe('password shares', () => {
  it('shows nothing of the content before the code, then only that share', async () => {
    const first = (await share(buyer, { kind: 'material', materialIds: [published], type: 2, introduce: '秋冬新款面料' })).body.data;
    const second = (await share(buyer, { kind: 'material', materialIds: [published], type: 2 })).body.data;
    const before = await info(first.shareId);
    expect(before.body.data.access).toBe('needCode');
    expect(before.body.data.content).toBeNull();
    expect(JSON.stringify(before.body)).not.toContain('分享头层牛皮');
    expect(JSON.stringify(before.body)).not.toContain('秋冬新款面料');
    expect((await call('GET', `/share/relates?id=${first.shareId}`)).status).toBe(403);

    const wrong = await check(first.shareId, first.code === 'AAAA' ? 'BBBB' : 'AAAA');
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await check(first.shareId, first.code.toLowerCase());
    expect(right.status).toBe(200);
    expect(right.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const cookie = cookieOf(right.headers.get('set-cookie'));
    const after = await info(first.shareId, { cookie });
    expect(after.body.data.access).toBe('ok');
    expect(after.body.data.info.introduction).toBe('秋冬新款面料');
    // The accepted code opens that share only: the other one, sent the same cookie (renamed), stays shut.
    const borrowed = cookie.replace(first.shareId, second.shareId);
    expect((await info(second.shareId, { cookie: borrowed })).body.data.access).toBe('needCode');
    // Its sharer sees it without the code (their dialog shows its image); another signed-in user does not.
    expect((await info(second.shareId, { token: buyer })).body.data.access).toBe('ok');
    const someone = await createSession(await createUser({ role: 1 }));
    expect((await info(second.shareId, { token: someone })).body.data.access).toBe('needCode');
    expect((await call('GET', `/share/image?id=${second.shareId}`, { token: someone })).status).toBe(403);
  });

  const guessesFor = (code: string) => ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K'].flatMap((a) => ['2', '3', '4', '5', '6', '7', '8', '9'].map((b) => `${a}${b}ZZ`)).filter((g) => g !== code);

  it('still opens for the right code from a fresh address after many wrong codes from many addresses', async () => {
    const target = (await share(buyer, { kind: 'material', materialIds: [published], type: 2 })).body.data;
    const guesses = guessesFor(target.code);
    // Thirty wrong codes from ten addresses spend the share's own count.
    for (let i = 0; i < 30; i += 1) expect((await check(target.shareId, guesses[i]!, { ip: `198.51.100.${Math.floor(i / 3)}` })).status).toBe(422);
    const viewer = await check(target.shareId, target.code, { ip: '192.0.2.77' });
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('narrows every address’s tries once the share has seen many wrong codes, so rotating addresses gains little', async () => {
    const target = (await share(buyer, { kind: 'material', materialIds: [published], type: 2 })).body.data;
    const guesses = guessesFor(target.code);
    let checked = 0;
    // Five tries from each of sixteen addresses: eighty guesses offered.
    for (const [i, guess] of guesses.entries()) {
      const res = await check(target.shareId, guess, { ip: `198.51.101.${Math.floor(i / 5)}` });
      expect([422, 429]).toContain(res.status);
      if (res.status === 422) checked += 1;
    }
    // The first thirty, then two from each of the ten addresses that came after them.
    expect(checked).toBe(30 + 2 * 10);
  });

  it('refuses one address, even with the right code, once it has spent its own tries', async () => {
    const target = (await share(buyer, { kind: 'material', materialIds: [published], type: 2 })).body.data;
    const guesses = guessesFor(target.code);
    for (let i = 0; i < 10; i += 1) expect((await check(target.shareId, guesses[i]!, { ip: '198.51.102.1' })).status).toBe(422);
    const refused = await check(target.shareId, target.code, { ip: '198.51.102.1' });
    expect(refused.status).toBe(429);
    expect(refused.body.data.retryAfter).toBeGreaterThan(0);
    // Another address is not held to it.
    expect((await check(target.shareId, target.code, { ip: '198.51.102.2' })).status).toBe(200);
  });

  it('limits one address across shares', async () => {
    let stopped = false;
    for (let i = 0; i < 25 && !stopped; i += 1) {
      const s = (await share(buyer, { kind: 'material', materialIds: [published], type: 2 })).body.data;
      const res = await check(s.shareId, s.code === 'ZZZZ' ? 'YYYY' : 'ZZZZ', { ip: '203.0.113.200' });
      stopped = res.status === 429;
    }
    expect(stopped).toBe(true);
  });
});

describe('view range and the QR landing table', () => {
  it('a view range of 3 needs a signed-in viewer', async () => {
    const { shareId } = (await share(buyer, { kind: 'material', materialIds: [published], viewRange: 3 })).body.data;
    expect((await info(shareId)).body.data.access).toBe('needLogin');
    const someone = await createSession(await createUser({ role: 1 }));
    expect((await info(shareId, { token: someone })).body.data.access).toBe('ok');
  });

  it('routes each qrcodeType as docs/product/routes.md#routes says', () => {
    const to = (query: string) => qrcodeDestination(new URLSearchParams(query));
    expect(to('qrcodeType=home')).toBe('/');
    expect(to('qrcodeType=material&shareId=abc')).toBe('/mobile/share?shareLinkType=singleMaterial&shareId=abc');
    expect(to('qrcodeType=material&materialId=12')).toBe('/mobile/detail?materialId=12');
    expect(to('qrcodeType=materialList&shareId=abc')).toBe('/mobile/share?shareId=abc');
    expect(to('qrcodeType=materialBook&shareId=abc')).toBe('/material-brochure/detail?shareId=abc');
    expect(to('qrcodeType=businessPage&orgId=7')).toBe('/merchant/detail?orgId=7');
    expect(to('qrcodeType=overseaSingleShare&materialId=12')).toBe('/mobile/detail?materialId=12');
    expect(to('qrcodeType=whatever')).toBe('/home');
  });
});
