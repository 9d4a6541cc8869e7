/**
 * News (docs/product/news.md): who hears of what, written with the event; the list with its groups, unread counts
 * and paging; marking read only one's own; e-mail for the groups a user chose, delivered by the job queue.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, colorCards, companyMembers, companyPackages, companyRoles, memberRoles, newsEmailSettings, notifications, packages, users } from '../../src/lib/server/db/schema';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { grantPackage } from '../../src/lib/server/membership/grant-package';
import { notifyMembershipExpiry } from '../../src/lib/server/notifications/notify-membership-expiry';
import { notifyUsers } from '../../src/lib/server/notifications/notify-users';
import { pruneNews } from '../../src/lib/server/notifications/prune-news';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { countShareView } from '../../src/lib/server/sharing/count-share-view';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser, signInTo, type UserFixture } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { createMaterial, seedReferenceData } from '../fixtures/materials';
import { outboxFor } from '../fixtures/outbox';

const { call } = apiCaller();
const { call: callRoot } = apiCaller('');
const DAY = 24 * 60 * 60 * 1000;

useTempDataDir('news');
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
/** A tannery member whose role holds FUN007 (handles sample requests); the fixture's plain member holds nothing. */
let handler: { user: UserFixture; token: string };
let leather: number;
const node: Record<string, number> = {};
let workers: JobWorkers | null = null;

type NewsItem = { id: number; kind: string; group: string; title: string; text: string; link: string | null; read: boolean; companyName: string | null };
const listOf = async (token: string, query = '') => (await call(`/news/list${query}`, { token })).body.data as { records: NewsItem[]; total: number; unread: number; unreadByGroup: Record<string, number> };
const kindsOf = async (token: string) => (await listOf(token)).records.map((n) => n.kind);
const unreadCount = async (token: string) => (await call('/news/unread-count', { token })).body.data.count as number;

async function newBuyer() {
  const user = await createUser({ role: 1 });
  const token = await createSession(user);
  const address = await call('/buyer/address/add', { token, body: { receiver: '林设计', phone: '13800138000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], detail: '厚街镇 8 号' } });
  expect(address.status).toBe(200);
  return { user, token, addressId: address.body.data.id as number };
}

/** A buyer's request to the tannery for one leather sample, submitted. */
async function submittedRequest() {
  const buyer = await newBuyer();
  const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, leather)).orderBy(asc(colorCards.sort)).limit(1);
  const item = await call('/buyer/sample/bag/add', { token: buyer.token, body: { materialId: leather, colorCardId: card!.id, quantity: 2 } });
  const submitted = await call('/buyer/sample/apply/submit', { token: buyer.token, body: { itemIds: [item.body.data.id], addressId: buyer.addressId, note: '' } });
  expect(submitted.status).toBe(200);
  return { buyer, id: submitted.body.data.requestIds[0] as number };
}

beforeAll(async () => {
  await seedReferenceData();
  for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, ['CN', 'CN-GD', 'CN-GD-DG']))) node[row.code] = row.id;
  tannery = await createEnterprise({ company: { orgName: '青岚皮革消息测试', nameEn: 'Qinglan Leather News' } });
  leather = (await createMaterial(tannery.companyId, 'twill', { nameCn: '消息测试头层牛皮' })).id;
  const user = await createUser({ role: 2 });
  await getDb().insert(companyMembers).values({ companyId: tannery.companyId, userId: user.id });
  const [role] = await getDb().insert(companyRoles).values({ companyId: tannery.companyId, name: '样品专员', permissions: ['FUN007'] }).returning({ id: companyRoles.id });
  await getDb().insert(memberRoles).values({ companyId: tannery.companyId, userId: user.id, roleId: role!.id });
  handler = { user, token: await signInTo(user, tannery.companyId) };
});
beforeEach(() => resetLimiters());
afterAll(() => workers?.stop());

describe('sample request news', () => {
  it('tells the supplier’s administrators and request handlers of a new request, and nobody else', async () => {
    const { id, buyer } = await submittedRequest();
    const expected = { kind: 'sample-submitted', group: 'samples', read: false, link: `/supplier/apply-record?id=${id}`, companyName: '青岚皮革消息测试' };
    for (const token of [tannery.adminToken, handler.token]) {
      const [latest] = (await listOf(token)).records;
      expect(latest).toMatchObject(expected);
      expect(latest?.title).toMatch(/^收到新的样品申请 SR\d{8}-\d{6}$/);
      expect(latest?.text).toBe('Test User 申请了 1 个样品。');
    }
    expect(await kindsOf(tannery.memberToken)).not.toContain('sample-submitted');
    expect(await kindsOf(buyer.token)).toEqual([]);
  });

  it('tells the buyer when the supplier accepts and ships, and the supplier when the buyer receives, each in their language', async () => {
    const { id, buyer } = await submittedRequest();
    expect((await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id } })).status).toBe(200);
    expect((await call('/supplier/sample/apply/ship', { token: handler.token, body: { id, carrier: '顺丰速运', trackingNo: 'SF1234567890' } })).status).toBe(200);
    const news = (await call('/news/list', { token: buyer.token, lang: 'en' })).body.data.records as NewsItem[];
    expect(news.map((n) => n.kind)).toEqual(['sample-shipped', 'sample-accepted']);
    expect(news.every((n) => n.link === `/applyRecordBuyer?id=${id}` && n.companyName === null)).toBe(true);
    expect(news[0]?.text).toBe('青岚皮革消息测试 shipped the samples with 顺丰速运, tracking number SF1234567890.');
    expect(await unreadCount(buyer.token)).toBe(2);

    expect((await call('/buyer/sample/apply/receive', { token: buyer.token, body: { id } })).status).toBe(200);
    expect((await listOf(handler.token)).records[0]).toMatchObject({ kind: 'sample-received', link: `/supplier/apply-record?id=${id}` });
  });

  it('tells the buyer the reason of a rejection, and the supplier of a cancellation', async () => {
    const rejected = await submittedRequest();
    await call('/supplier/sample/apply/reject', { token: tannery.adminToken, body: { id: rejected.id, reason: '该色号已停产' } });
    expect((await listOf(rejected.buyer.token)).records[0]).toMatchObject({ kind: 'sample-rejected', text: '青岚皮革消息测试 拒绝了申请，原因：该色号已停产' });
    const cancelled = await submittedRequest();
    await call('/buyer/sample/apply/cancel', { token: cancelled.buyer.token, body: { id: cancelled.id } });
    expect((await listOf(tannery.adminToken)).records[0]).toMatchObject({ kind: 'sample-cancelled', link: `/supplier/apply-record?id=${cancelled.id}` });
  });

  it('writes nothing when the step itself is refused', async () => {
    const { id, buyer } = await submittedRequest();
    const before = await listOf(buyer.token);
    expect((await call('/supplier/sample/apply/ship', { token: tannery.adminToken, body: { id, carrier: 'SF', trackingNo: 'SF1234567890' } })).status).toBe(409);
    expect(await listOf(buyer.token)).toEqual(before);
  });
});

describe('the news list', () => {
  async function userWithNews() {
    const user = await createUser({ role: 1 });
    const token = await createSession(user);
    const db = getDb();
    await notifyUsers(db, [user.id], { kind: 'share-opened', params: { subject: 'A' } });
    await notifyUsers(db, [user.id], { kind: 'certification-approved', params: { certification: 'personal' } });
    for (let i = 0; i < 3; i++) await notifyUsers(db, [user.id], { kind: 'sample-accepted', params: { requestId: 1000 + i, requestNo: `SR-${i}` } });
    return { user, token };
  }

  it('filters by group and unread, pages, and counts unread per group', async () => {
    const { token } = await userWithNews();
    const all = await listOf(token);
    expect(all.total).toBe(5);
    expect(all.unread).toBe(5);
    expect(all.unreadByGroup).toEqual({ samples: 3, shares: 1, followers: 0, account: 1, membership: 0, renders: 0 });
    expect((await listOf(token, '?group=samples')).records.map((n) => n.kind)).toEqual(['sample-accepted', 'sample-accepted', 'sample-accepted']);
    const second = await listOf(token, '?size=2&page=2');
    expect(second.records.map((n) => n.kind)).toEqual(['sample-accepted', 'certification-approved']);
    expect(second.total).toBe(5);
  });

  it('marks read only the caller’s own news: another user’s ids are passed over', async () => {
    const mine = await userWithNews();
    const theirs = await userWithNews();
    const theirIds = (await listOf(theirs.token)).records.map((n) => n.id);
    const [first] = (await listOf(mine.token)).records;
    const answer = await call('/news/read', { token: mine.token, body: { ids: [first!.id, ...theirIds] } });
    expect(answer.body).toMatchObject({ code: 200, data: { count: 4 } });
    expect((await listOf(mine.token, '?unread=1')).records.map((n) => n.id)).not.toContain(first!.id);
    expect(await unreadCount(theirs.token)).toBe(5);
  });

  it('marks all read, or one group’s', async () => {
    const { token } = await userWithNews();
    expect((await call('/news/read-all', { token, body: { group: 'samples' } })).body.data.count).toBe(2);
    expect((await listOf(token, '?unread=1')).records.map((n) => n.group).sort()).toEqual(['account', 'shares']);
    expect((await call('/news/read-all', { token, body: {} })).body.data.count).toBe(0);
    expect(await unreadCount(token)).toBe(0);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const { token } = await userWithNews();
    const tooMany = await call('/news/read', { token, body: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data.fields[0].field).toBe('ids');
    expect((await call('/news/read', { token, body: { ids: [] } })).status).toBe(422);
    expect((await call('/news/read-all', { token, body: { group: 'everything' } })).status).toBe(422);
    expect((await call('/news/list?group=everything', { token })).status).toBe(422);
    expect((await call('/news/list?size=51', { token })).status).toBe(422);
    expect(await unreadCount(token)).toBe(5);
  });

  it('counts unread up to one past the badge’s cap', async () => {
    const user = await createUser();
    const token = await createSession(user);
    await getDb()
      .insert(notifications)
      .values(Array.from({ length: 130 }, () => ({ userId: user.id, kind: 'share-opened' as const, params: {} })));
    expect(await unreadCount(token)).toBe(100);
  });

  it('is for signed-in users only', async () => {
    expect((await call('/news/list')).status).toBe(401);
    expect((await call('/news/unread-count')).status).toBe(401);
  });
});

describe('who else hears of what', () => {
  it('tells a sharer once a day that a share was opened, however often', async () => {
    const sharer = await newBuyer();
    const made = await call('/share/url', { token: sharer.token, body: { kind: 'material', materialIds: [leather] } });
    const shareId = made.body.data.shareId as string;
    await countShareView(shareId, '消息测试头层牛皮');
    await countShareView(shareId, '消息测试头层牛皮');
    const news = (await listOf(sharer.token)).records;
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ kind: 'share-opened', text: '“消息测试头层牛皮”今天被打开了。', link: '/main/share' });
    await countShareView(shareId, '消息测试头层牛皮', new Date(Date.now() + DAY));
    expect((await listOf(sharer.token)).total).toBe(2);
  });

  it('tells a merchant’s administrators of a new follower once, however often they follow again', async () => {
    const merchant = await createEnterprise({ company: { orgName: `关注消息 ${randomUUID()}` } });
    const fan = await newBuyer();
    await getDb().update(users).set({ nickName: '阿林' }).where(eq(users.id, fan.user.id));
    await call('/follow/add', { token: fan.token, body: { supplierId: merchant.companyId } });
    await call(`/follow/remove?supplierId=${merchant.companyId}`, { token: fan.token, headers: { 'sec-fetch-site': 'same-origin' } });
    await call('/follow/add', { token: fan.token, body: { supplierId: merchant.companyId } });
    const news = (await listOf(merchant.adminToken)).records;
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ kind: 'merchant-followed', text: '阿林 关注了你的企业。', link: `/merchant/detail?orgId=${merchant.companyId}` });
    expect(await kindsOf(merchant.memberToken)).toEqual([]);
  });

  it('tells an applicant of certification and join-us decisions, with the reason of a rejection', async () => {
    const admin = await createUser();
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    const reviewer = await createSession(admin);
    const applicant = await newBuyer();
    const R = '/api/idealab-material/real-name';
    const cert = await callRoot(`${R}/auth`, { token: applicant.token, body: { realName: '林设计', idType: 1, idNumber: '11010519491231002X' } });
    await callRoot(`${R}/review/reject`, { token: reviewer, body: { id: cert.body.data.id, reason: '证件照片不清晰' } });
    const again = await callRoot(`${R}/auth`, { token: applicant.token, body: { realName: '林设计', idType: 1, idNumber: '11010519491231002X' } });
    await callRoot(`${R}/review/approve`, { token: reviewer, body: { id: again.body.data.id } });
    const application = await callRoot(`${R}/supplier-enter`, { token: applicant.token, body: { contactName: '林', contactPhone: '13800138000', mainProducts: ['超纤'] } });
    await callRoot(`${R}/supplier-enter/review/approve`, { token: reviewer, body: { id: application.body.data.id } });
    const news = (await listOf(applicant.token)).records;
    expect(news.map((n) => n.kind)).toEqual(['supplier-approved', 'certification-approved', 'certification-rejected']);
    expect(news[2]).toMatchObject({ title: '个人实名认证未通过', text: '原因：证件照片不清晰。修改资料后可以重新提交。', link: '/profile/info?tab=cert-info' });
  });

  it('tells a company’s administrators of a package ending within a week and once it has ended, once each', async () => {
    const e = await createEnterprise();
    const code = `NEWS_${randomUUID()}`;
    await getDb().insert(packages).values({ code, nameCn: '标准版测试', nameEn: 'Standard test', durationDays: 30, resources: {} });
    const ending = await grantPackage(e.companyId, code, { startedAt: new Date(Date.now() - 27 * DAY) });
    const ended = await grantPackage(e.companyId, code, { startedAt: new Date(Date.now() - 32 * DAY) });
    expect(ended.expireTime < new Date()).toBe(true);
    await notifyMembershipExpiry();
    await notifyMembershipExpiry();
    const news = (await listOf(e.adminToken, '?group=membership')).records;
    // The ended grant was renewed by the later one: only the later one's end is news.
    expect(news.map((n) => n.kind)).toEqual(['membership-expiring']);
    expect(news[0]?.title).toBe('会员套餐“标准版测试”即将到期');
    expect(news[0]?.text).toContain(ending.expireTime.toISOString().slice(0, 10));
    await getDb().delete(companyPackages).where(eq(companyPackages.id, ending.id));
    await notifyMembershipExpiry();
    expect((await listOf(e.adminToken, '?group=membership')).records.map((n) => n.kind)).toEqual(['membership-expired', 'membership-expiring']);
    expect(await kindsOf(e.memberToken)).toEqual([]);
  });

  it('deletes news past its retention', async () => {
    const user = await createUser();
    const db = getDb();
    await db.insert(notifications).values([
      { userId: user.id, kind: 'share-opened', params: {}, createdAt: new Date(Date.now() - 400 * DAY) },
      { userId: user.id, kind: 'share-opened', params: {} },
    ]);
    expect(await pruneNews(365)).toBeGreaterThanOrEqual(1);
    expect(await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });
});

describe('news by e-mail', () => {
  it('keeps the groups a user chose and refuses an unknown one, changing nothing', async () => {
    const { token, user } = await newBuyer();
    expect((await call('/news/settings', { token })).body.data).toEqual({ emailGroups: [], email: user.account });
    const saved = await call('/news/settings', { token, lang: 'en', body: { emailGroups: ['shares', 'samples', 'shares'] } });
    expect(saved.body.data).toEqual({ emailGroups: ['samples', 'shares'], email: user.account });
    expect((await call('/news/settings', { token, body: { emailGroups: ['everything'] } })).status).toBe(422);
    expect((await call('/news/settings', { token })).body.data.emailGroups).toEqual(['samples', 'shares']);
    const [row] = await getDb().select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('en');
  });

  it('sends the groups chosen, in the language chosen, through the job queue; other groups stay on the page', async () => {
    workers ??= await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
    const { id, buyer } = await submittedRequest();
    await call('/news/settings', { token: buyer.token, lang: 'en', body: { emailGroups: ['samples'] } });
    await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id } });
    const [mail] = await waitUntil('the e-mail in the outbox', () => outboxFor(buyer.user.account), (m) => m.length > 0);
    expect(mail?.subject).toMatch(/^MatLib: Sample request SR\d{8}-\d{6} accepted$/);
    expect(mail?.body).toContain(`/applyRecordBuyer?id=${id}`);
    expect(mail?.body).toContain('/news/preferences');
    await waitUntil('emailed_at set', async () => (await getDb().select({ at: notifications.emailedAt }).from(notifications).where(and(eq(notifications.userId, buyer.user.id), eq(notifications.kind, 'sample-accepted'))))[0]?.at, (at) => at !== null && at !== undefined);

    // A group not chosen: on the news page, not in the mailbox.
    const made = await call('/share/url', { token: buyer.token, body: { kind: 'material', materialIds: [leather] } });
    await countShareView(made.body.data.shareId, 'x');
    expect((await listOf(buyer.token)).records[0]?.kind).toBe('share-opened');
    expect(await outboxFor(buyer.user.account)).toHaveLength(1);
    expect(await getDb().select().from(newsEmailSettings).where(eq(newsEmailSettings.userId, buyer.user.id))).toHaveLength(1);
  });
});
