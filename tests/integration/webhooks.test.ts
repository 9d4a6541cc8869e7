/**
 * Webhooks (docs/product/integrations.md#webhooks): a company registers endpoints for events; each event becomes a
 * signed delivery on the job queue, retried with backoff until the receiver answers 2xx, every try in the log. A
 * real HTTP receiver on the loopback stands for the company's ERP.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '../../src/lib/contracts/integrations-webhooks';
import { getDb } from '../../src/lib/server/db/client';
import { addressNodes, colorCards, webhookDeliveries, webhookEndpoints } from '../../src/lib/server/db/schema';
import { resetEnvCache } from '../../src/lib/server/env';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { resetLimiters } from '../../src/lib/server/security/rate-limit';
import { countShareView } from '../../src/lib/server/sharing/count-share-view';
import { isInternalAddress } from '../../src/lib/server/webhooks/check-webhook-url';
import { pruneWebhookDeliveries } from '../../src/lib/server/webhooks/prune-webhook-deliveries';
import { signWebhookBody, verifyWebhookSignature } from '../../src/lib/server/webhooks/sign-webhook-body';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();
const { call: center } = apiCaller('/api/authcenter');
useTempDataDir('webhooks');

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** The company's receiver: records every request; answers the statuses queued for its path, then 200. */
class Receiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, number[]>();
  private server!: Server;
  origin = '';
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = this.plans.get(path)?.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `down (${status})`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  answer(path: string, ...statuses: number[]) {
    this.plans.set(path, statuses);
  }
  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new Receiver();
let workers: JobWorkers;
let tannery: Awaited<ReturnType<typeof createEnterprise>>;
let shoes: Awaited<ReturnType<typeof createEnterprise>>;
let leather: number;
let addressId: number;

function allowPrivate(on: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = on ? 'true' : 'false';
  resetEnvCache();
}

const register = (token: string, body: object) => center('/webhook/create', { token, body });
async function endpoint(token: string, path: string, events: string[]) {
  const made = await register(token, { url: `${receiver.origin}${path}`, events, description: path });
  expect(made.status).toBe(200);
  return made.body.data as { secret: string; record: { id: number } };
}
const deliveries = async (token: string, endpointId: number) => (await center('/webhook/deliveries', { token, body: { endpointId, page: 1, size: 50 } })).body.data.records as {
  id: number;
  event: string;
  eventId: string;
  state: string;
  body: string;
  attempts: { attempt: number; statusCode: number | null; error: string | null; response: string }[];
}[];

/** The buyer company's administrator requests a sample of the tannery's leather, acting for the shoe company. */
async function requestSample() {
  const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, leather)).orderBy(asc(colorCards.sort)).limit(1);
  const bagged = await call('/buyer/sample/bag/add', { token: shoes.adminToken, body: { materialId: leather, colorCardId: card!.id, quantity: 1 } });
  expect(bagged.status).toBe(200);
  const submitted = await call('/buyer/sample/apply/submit', { token: shoes.adminToken, body: { itemIds: [bagged.body.data.id], addressId, note: '' } });
  expect(submitted.status).toBe(200);
  return submitted.body.data.requestIds[0] as number;
}

beforeAll(async () => {
  process.env.WEBHOOK_RETRY_SECONDS = '0.05';
  allowPrivate(true);
  await receiver.start();
  await seedReferenceData();
  tannery = await createEnterprise({ company: { orgName: '回调测试皮革', nameEn: 'Webhook Test Leather' } });
  shoes = await createEnterprise({ company: { orgName: '回调测试鞋业', nameEn: 'Webhook Test Shoes' } });
  leather = (await createMaterial(tannery.companyId, 'twill')).id;
  const node: Record<string, number> = {};
  for (const row of await getDb().select({ id: addressNodes.id, code: addressNodes.code }).from(addressNodes).where(inArray(addressNodes.code, ['CN', 'CN-GD', 'CN-GD-DG', 'CN-GD-DG-HM']))) node[row.code] = row.id;
  const address = await call('/buyer/address/add', {
    token: shoes.adminToken,
    body: { receiver: '林采购', phone: '13800138000', countryId: node.CN, provinceId: node['CN-GD'], cityId: node['CN-GD-DG'], districtId: node['CN-GD-DG-HM'], detail: '厚街镇 8 号', postcode: '523960' },
  });
  addressId = address.body.data.id;
  workers = await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
});
afterAll(async () => {
  await workers?.stop();
  await receiver.stop();
  delete process.env.WEBHOOK_RETRY_SECONDS;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
});
beforeEach(() => {
  allowPrivate(true);
  resetLimiters();
});

describe('registering an endpoint', () => {
  it('shows the signing secret once and never lists it', async () => {
    const { secret, record } = await endpoint(tannery.adminToken, '/register', ['sample_request.accepted', 'material.published']);
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(record).toMatchObject({ events: ['sample_request.accepted', 'material.published'], active: true, lastDelivery: null });
    const listed = await center('/webhook/list', { token: tannery.adminToken, body: { page: 1, size: 50 } });
    expect(listed.body.data.records.find((r: { id: number }) => r.id === record.id)).toMatchObject({ url: `${receiver.origin}/register`, description: '/register' });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('refuses plain HTTP, internal hosts, credentials, a bad address and no events, and registers nothing', async () => {
    allowPrivate(false);
    const before = await getDb().select({ id: webhookEndpoints.id }).from(webhookEndpoints);
    const refused = async (body: object, field: string, message: RegExp) => {
      const answer = await center('/webhook/create', { token: tannery.adminToken, lang: 'en', body: { events: ['share.opened'], ...body } });
      expect(answer.status).toBe(422);
      expect(answer.body.data.fields[0]).toMatchObject({ field });
      expect(answer.body.data.fields[0].message).toMatch(message);
    };
    await refused({ url: 'http://erp.example.com/hooks' }, 'url', /must start with https/);
    await refused({ url: 'https://127.0.0.1/hooks' }, 'url', /internal/);
    await refused({ url: 'https://[::1]/hooks' }, 'url', /internal/);
    await refused({ url: 'https://169.254.169.254/latest' }, 'url', /internal/);
    await refused({ url: 'https://localhost:8443/hooks' }, 'url', /internal/);
    // A trailing dot names the same host.
    await refused({ url: 'https://localhost./hooks' }, 'url', /internal/);
    await refused({ url: 'https://api.localhost../hooks' }, 'url', /internal/);
    await refused({ url: 'https://[::7f00:1]/hooks' }, 'url', /internal/);
    await refused({ url: 'https://me:pw@erp.example.com/hooks' }, 'url', /password/);
    await refused({ url: 'erp.example.com/hooks' }, 'url', /address/);
    await refused({ url: 'https://erp.example.com/hooks', events: [] }, 'events', /event/);
    await refused({ url: 'https://erp.example.com/hooks', events: ['material.sold'] }, 'events[0]', /./);
    expect(await getDb().select({ id: webhookEndpoints.id }).from(webhookEndpoints)).toHaveLength(before.length);
    // A public HTTPS address is fine.
    expect((await register(tannery.adminToken, { url: 'https://erp.example.com/hooks', events: ['share.opened'] })).status).toBe(200);
  });

  it('is for whoever manages the company, holds at most ten endpoints, and hides other companies’ ones', async () => {
    expect((await register(tannery.memberToken, { url: 'https://erp.example.com/x', events: ['share.opened'] })).status).toBe(403);
    const other = await createEnterprise();
    const made = [];
    for (let i = 0; i < WEBHOOK_LIMITS.perCompany; i++) made.push((await register(other.adminToken, { url: `https://erp.example.com/${i}`, events: ['share.opened'] })).status);
    expect(made.every((s) => s === 200)).toBe(true);
    const over = await register(other.adminToken, { url: 'https://erp.example.com/over', events: ['share.opened'] });
    expect(over.status).toBe(409);
    const [theirs] = await getDb().select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, other.companyId)).limit(1);
    for (const path of ['/webhook/delete', '/webhook/test']) expect((await center(path, { token: tannery.adminToken, body: { id: theirs!.id } })).status).toBe(404);
    expect((await center('/webhook/deliveries', { token: tannery.adminToken, body: { endpointId: theirs!.id } })).status).toBe(404);
  });
});

describe('a delivery', () => {
  it('reaches the receiver once, signed, when the supplier accepts a request', async () => {
    const { secret, record } = await endpoint(tannery.adminToken, '/accepted', ['sample_request.accepted']);
    const requestId = await requestSample();
    expect((await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id: requestId } })).status).toBe(200);
    const [got] = await waitUntil('the delivery', async () => receiver.at('/accepted'), (r) => r.length > 0);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ event: 'sample_request.accepted', companyId: tannery.companyId, data: { requestId, state: 'accepted', supplierCompanyId: tannery.companyId, buyerCompanyId: shoes.companyId } });
    expect(got!.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('sample_request.accepted');
    expect(got!.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]).toBe(body.id);
    const signature = String(got!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(verifyWebhookSignature(secret, got!.body, signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', got!.body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, got!.body.replace('accepted', 'rejected'), signature)).toBe(false);
    // Not subscribed: the submission before it sent nothing; and one acceptance is one delivery.
    const log = await waitUntil('delivered', () => deliveries(tannery.adminToken, record.id), (d) => d[0]?.state === 'delivered');
    expect(log).toHaveLength(1);
    expect(log[0]!.attempts).toMatchObject([{ attempt: 1, statusCode: 200, error: null, response: 'ok' }]);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.at('/accepted')).toHaveLength(1);
  });

  it('is tried again after a 500 twice, succeeds the third time, and the log shows all three', async () => {
    const { secret, record } = await endpoint(tannery.adminToken, '/flaky', ['sample_request.accepted']);
    receiver.answer('/flaky', 500, 500);
    const requestId = await requestSample();
    await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id: requestId } });
    const [log] = await waitUntil('delivered on the third try', () => deliveries(tannery.adminToken, record.id), (d) => d[0]?.state === 'delivered');
    expect(log!.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(log!.attempts[0]).toMatchObject({ attempt: 1, error: 'the receiver answered 500', response: 'down (500)' });
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(3);
    // Every try carries the same body and event id, each signed.
    expect(new Set(tries.map((t) => t.body)).size).toBe(1);
    expect(tries.every((t) => verifyWebhookSignature(secret, t.body, String(t.headers[WEBHOOK_HEADERS.signature.toLowerCase()])))).toBe(true);
    // The company sees it on the endpoint too.
    const listed = await center('/webhook/list', { token: tannery.adminToken, body: {} });
    // The newest try's status, not the first one's.
    expect(listed.body.data.records.find((r: { id: number }) => r.id === record.id).lastDelivery).toMatchObject({ state: 'delivered', statusCode: 200 });
  });

  it('fails after the last try; a redelivery tries once more', { timeout: 90_000 }, async () => {
    const { record } = await endpoint(tannery.adminToken, '/down', ['sample_request.accepted']);
    receiver.answer('/down', ...Array.from({ length: WEBHOOK_LIMITS.attempts }, () => 503));
    const requestId = await requestSample();
    await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id: requestId } });
    // The waits grow fourfold (0.05 s, 0.2, 0.8, 3.2, then 12.8): the last one is skipped by making the sixth try here.
    await waitUntil('five tries', () => deliveries(tannery.adminToken, record.id), (d) => d[0]?.attempts.length === 5, { timeoutMs: 60_000 });
    const [pending] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, record.id));
    expect(pending!.state).toBe('pending');
    expect((await center('/webhook/redeliver', { token: tannery.adminToken, body: { id: pending!.id } })).status).toBe(409);
    const { deliverWebhook } = await import('../../src/lib/server/webhooks/deliver-webhook');
    await deliverWebhook(pending!.id, 6);
    const [failed] = await deliveries(tannery.adminToken, record.id);
    expect(failed).toMatchObject({ state: 'failed' });
    expect(failed!.attempts.map((a) => a.statusCode)).toEqual([503, 503, 503, 503, 503, 503]);

    const again = await center('/webhook/redeliver', { token: tannery.adminToken, body: { id: pending!.id } });
    expect(again.status).toBe(200);
    expect(again.body.data.state).toBe('pending');
    const [done] = await waitUntil('delivered on the seventh try', () => deliveries(tannery.adminToken, record.id), (d) => d[0]?.state === 'delivered');
    expect(done!.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await center('/webhook/redeliver', { token: tannery.adminToken, body: { id: pending!.id } })).status).toBe(409);
  });

  it('is refused when its host is internal and the installation does not allow private networks', async () => {
    const { record } = await endpoint(tannery.adminToken, '/internal', ['sample_request.accepted']);
    allowPrivate(false);
    const tested = await center('/webhook/test', { token: tannery.adminToken, body: { id: record.id } });
    expect(tested.status).toBe(200);
    const [log] = await waitUntil('a refused try', () => deliveries(tannery.adminToken, record.id), (d) => (d[0]?.attempts.length ?? 0) > 0);
    expect(log!.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/refused/) });
    expect(receiver.at('/internal')).toHaveLength(0);
    await getDb().delete(webhookEndpoints).where(eq(webhookEndpoints.id, record.id));
  });
});

describe('send test, pause and the events', () => {
  it('sends a signed test to an endpoint, paused or not, at most five a minute', async () => {
    const { secret, record } = await endpoint(tannery.adminToken, '/test', ['share.opened']);
    const paused = await center('/webhook/update', { token: tannery.adminToken, body: { id: record.id, url: `${receiver.origin}/test`, description: 'paused', events: ['share.opened'], active: false } });
    expect(paused.body.data).toMatchObject({ active: false, description: 'paused' });
    const sent = await center('/webhook/test', { token: tannery.adminToken, body: { id: record.id } });
    expect(sent.body.data).toMatchObject({ event: 'webhook.test', state: 'pending' });
    const [got] = await waitUntil('the test', async () => receiver.at('/test'), (r) => r.length > 0);
    expect(JSON.parse(got!.body)).toMatchObject({ event: 'webhook.test', data: { endpointId: record.id } });
    expect(verifyWebhookSignature(secret, got!.body, String(got!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]))).toBe(true);
    for (let i = 0; i < 4; i++) expect((await center('/webhook/test', { token: tannery.adminToken, body: { id: record.id } })).status).toBe(200);
    const limited = await center('/webhook/test', { token: tannery.adminToken, body: { id: record.id } });
    expect(limited.status).toBe(429);
  });

  it('tells each side of a request, a paused endpoint nothing, and subscribers of publishing and shares', async () => {
    const buyerSide = await endpoint(shoes.adminToken, '/buyer', ['sample_request.submitted', 'sample_request.shipped']);
    const pausedOne = await endpoint(shoes.adminToken, '/paused', ['sample_request.submitted']);
    await center('/webhook/update', { token: shoes.adminToken, body: { id: pausedOne.record.id, url: `${receiver.origin}/paused`, events: ['sample_request.submitted'], active: false } });
    const requestId = await requestSample();
    await call('/supplier/sample/apply/accept', { token: tannery.adminToken, body: { id: requestId } });
    await call('/supplier/sample/apply/ship', { token: tannery.adminToken, body: { id: requestId, carrier: '顺丰速运', trackingNo: 'SF1234567890' } });
    const got = await waitUntil('submitted and shipped', async () => receiver.at('/buyer'), (r) => r.length >= 2);
    expect(got.map((r) => JSON.parse(r.body).event).sort()).toEqual(['sample_request.shipped', 'sample_request.submitted']);
    expect(JSON.parse(got.find((r) => r.body.includes('shipped'))!.body).data).toMatchObject({ requestId, carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(receiver.at('/paused')).toHaveLength(0);

    const market = await endpoint(tannery.adminToken, '/market', ['material.published', 'material.unpublished', 'share.opened']);
    expect((await call('/v2/material/off', { token: tannery.adminToken, body: { materialIds: [leather], marketTypes: [1, 2] } })).status).toBe(200);
    expect((await call('/v2/material/on', { token: tannery.adminToken, body: { materialIds: [leather], marketTypes: [1] } })).status).toBe(200);
    // Putting it on a market it is already on changes nothing and tells nobody.
    expect((await call('/v2/material/on', { token: tannery.adminToken, body: { materialIds: [leather], marketTypes: [1] } })).status).toBe(200);
    const share = await call('/share/url', { token: tannery.adminToken, body: { kind: 'material', materialIds: [leather] } });
    await countShareView(share.body.data.shareId, 'x');
    await countShareView(share.body.data.shareId, 'x');
    const events = await waitUntil('market and share events', async () => receiver.at('/market').map((r) => JSON.parse(r.body)), (r) => r.length >= 3);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.at('/market').map((r) => JSON.parse(r.body).event).sort()).toEqual(['material.published', 'material.unpublished', 'share.opened']);
    expect(events.find((e) => e.event === 'material.published').data).toMatchObject({ materialId: leather, markets: ['domestic'], added: ['domestic'] });
    expect(events.find((e) => e.event === 'share.opened').data).toMatchObject({ shareId: share.body.data.shareId, views: 1 });
    await center('/webhook/delete', { token: tannery.adminToken, body: { id: market.record.id } });
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, market.record.id))).toHaveLength(0);
    // The buyer's company sees both in its own log, delivered.
    const buyerLog = await waitUntil('both delivered', () => deliveries(shoes.adminToken, buyerSide.record.id), (d) => d.length === 2 && d.every((x) => x.state === 'delivered'));
    expect(buyerLog.map((d) => d.event).sort()).toEqual(['sample_request.shipped', 'sample_request.submitted']);
  });

  it('forgets deliveries past the log’s retention', async () => {
    const [old] = await getDb().select({ id: webhookDeliveries.id }).from(webhookDeliveries).limit(1);
    await getDb().update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(webhookDeliveries.id, old!.id));
    expect(await pruneWebhookDeliveries(30)).toBe(1);
    expect(await getDb().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, old!.id)))).toHaveLength(0);
  });
});

describe('what a receiver checks', () => {
  it('accepts a fresh signature over the exact body only', () => {
    const at = new Date('2026-12-07T10:00:00Z');
    const header = signWebhookBody('whsec_x', '{"a":1}', at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_x', '{"a":1}', header, 300, new Date(at.getTime() + 60_000))).toBe(true);
    expect(verifyWebhookSignature('whsec_x', '{"a":1}', header, 300, new Date(at.getTime() + 600_000))).toBe(false);
    expect(verifyWebhookSignature('whsec_x', '{"a":2}', header, 300, at)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', '{"a":1}', 'v1=abc', 300, at)).toBe(false);
  });

  it('knows internal addresses in both families', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip', '::127.0.0.1', '::a9fe:a9fe', '2002:7f00:1::1', '2002::', '2001:0:4136:e378:8000:63bf:3fff:fdd2']) expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '203.0.113.9', '2606:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888', '2003::1']) expect(isInternalAddress(ip), ip).toBe(false);
  });
});
