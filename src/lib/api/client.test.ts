import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionContext } from '../contracts/identity';
import cn from '../i18n/locales/cn.json';
import en from '../i18n/locales/en.json';
import { $session } from '../stores/session';
import { ApiError, createApiClient, type ApiClientOptions } from './client';
import { createDialogBus } from './dialogs';

// A real HTTP server: the client's headers, sharing and error handling are observed on the wire, not on a mock.

interface Hit {
  method: string;
  path: string;
  search: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
}

type Route = (hit: Hit) => Reply | Promise<Reply>;

const routes = new Map<string, Route>();
const hits: Hit[] = [];
let server: Server;
let baseUrl: string;

const SID_PATH = '/api/data-transit/data/snow/id';
const ok = (data: unknown): Reply => ({ json: { code: 200, msg: '', data } });
const fail = (code: number, msg: string, data: unknown = null, status = 200): Reply => ({ status, json: { code, msg, data } });
const hitsOn = (path: string) => hits.filter((h) => h.path === path);

/** A response the test releases by hand, so "in flight" is a fact rather than a race. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Installs a held route; `arrived` settles when the first request reaches the server. */
function heldRoute(path: string, reply: Reply) {
  const release = gate();
  const arrival = gate();
  routes.set(path, async () => {
    arrival.open();
    await release.opened;
    return reply;
  });
  return { release: release.open, arrived: arrival.opened };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const hit: Hit = {
        method: req.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      hits.push(hit);
      const route = routes.get(url.pathname) ?? (() => fail(404, 'no route', null, 404));
      void Promise.resolve(route(hit)).then((reply) => {
        if (reply.text !== undefined) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/html' }).end(reply.text);
        } else {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', 'x-request-id': 'req-1234' }).end(JSON.stringify(reply.json));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits.length = 0;
  routes.clear();
  routes.set(SID_PATH, () => ok('sid-1'));
});

afterEach(() => {
  $session.set(null);
});

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const TEAMS_UA = `${BROWSER_UA} Teams/1.6.00`;

function session(opts: { admin?: boolean; supplier?: boolean } = {}): SessionContext {
  const company = { id: 7, name: 'Acme', logo: null, isCompanyAdmin: opts.admin ?? false, isPersonal: false, corpCerStatus: 0, role: 2 };
  return {
    user: {
      id: 1,
      account: 'a@example.com',
      name: 'A',
      nickName: 'A',
      role: opts.supplier ? 2 : 1,
      status: 1,
      personalCerStatus: 0,
      isPlatformAdmin: false,
      showAliases: false,
    },
    company,
    companies: [company],
    permissions: [],
  };
}

interface Setup extends Partial<ApiClientOptions> {
  page?: string;
  ua?: string;
  token?: string | null;
  lang?: 'cn' | 'en' | null;
}

/** A client wired to the test server, with its own bus, clock, storage and navigation spy. */
function setup(opts: Setup = {}) {
  const { page = 'http://127.0.0.1/main/share?x=1', ua = BROWSER_UA, token = null, lang = 'cn', ...overrides } = opts;
  let now = 0;
  const clock = () => now;
  const bus = createDialogBus({ now: clock });
  const messages = lang === 'en' ? en : cn;
  if (lang) bus.setMessages({ dialog: messages.dialog, errors: messages.errors });
  const stored: { token: string | null; sid: string | null } = { token, sid: null };
  const navigate = vi.fn<(url: string) => void>();
  const log = vi.fn<(error: ApiError, url: string) => void>();
  const client = createApiClient({
    baseUrl,
    bus,
    navigate,
    log,
    now: clock,
    currentUrl: () => new URL(page),
    userAgent: () => ua,
    tokenStore: { get: () => stored.token, set: (t) => (stored.token = t), clear: () => (stored.token = null) },
    sessionIdStore: { get: () => stored.sid, set: (id) => (stored.sid = id) },
    ...overrides,
  });
  return { client, bus, navigate, log, stored, advance: (ms: number) => (now += ms) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request headers', () => {
  it('sends the terminal, app, timezone and session ids; Authorization only with a stored token', async () => {
    routes.set('/api/idealab-material/collect/folder/list', () => ok([]));
    routes.set('/api/idealab-material/passport/login/1', () => ok({ token: 't' }));
    const withToken = setup({ token: 'tok-123' });
    await withToken.client.get('/idealab-material/collect/folder/list');
    const [h] = hitsOn('/api/idealab-material/collect/folder/list');
    expect(h?.headers.authorization).toBe('Bearer tok-123');
    expect(h?.headers['x-terminal-id']).toBe('208');
    expect(h?.headers['x-app-id']).toBe('200');
    expect(h?.headers['x-timezone']).toMatch(/^[+-]\d\d:\d\d$/);
    expect(h?.headers['x-session-id']).toBe('sid-1');

    const guest = setup();
    await guest.client.post('/idealab-material/passport/login/1', { account: 'a', password: 'b' });
    const [login] = hitsOn('/api/idealab-material/passport/login/1');
    expect(login?.headers.authorization).toBeUndefined();
    expect(login?.headers['x-app-id']).toBe('100');
    expect(login?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(login?.body ?? '')).toEqual({ account: 'a', password: 'b' });
  });

  it('uses app id 100 for account-center paths and the host’s terminal id', async () => {
    routes.set('/api/user-center/authcenter/user/info', () => ok(null));
    const { client } = setup({ ua: TEAMS_UA });
    await client.get('/user-center/authcenter/user/info');
    const [h] = hitsOn('/api/user-center/authcenter/user/info');
    expect(h?.headers['x-app-id']).toBe('100');
    expect(h?.headers['x-terminal-id']).toBe('211');
  });

  it('sends the tenant id only on /backend/ paths', async () => {
    routes.set('/api/idealab-material/backend/materials', () => ok([]));
    routes.set('/api/idealab-material/materials', () => ok([]));
    $session.set(session());
    const { client } = setup();
    await client.get('/idealab-material/backend/materials');
    await client.get('/idealab-material/materials');
    expect(hitsOn('/api/idealab-material/backend/materials')[0]?.headers['x-tenant-id']).toBe('7');
    expect(hitsOn('/api/idealab-material/materials')[0]?.headers['x-tenant-id']).toBeUndefined();
  });

  it('fetches the analytics session id once, stores it, and prefers the sessionId query', async () => {
    routes.set('/api/a', () => ok(1));
    const first = setup();
    await first.client.get('/a', { searchParams: { n: 1 } });
    await first.client.get('/a', { searchParams: { n: 2 } });
    expect(hitsOn(SID_PATH)).toHaveLength(1);
    expect(hitsOn(SID_PATH)[0]?.headers['x-session-id']).toBeUndefined();
    expect(first.stored.sid).toBe('sid-1');

    hits.length = 0;
    const fromQuery = setup({ page: 'http://127.0.0.1/home?sessionId=from-url' });
    await fromQuery.client.get('/a');
    expect(hitsOn(SID_PATH)).toHaveLength(0);
    expect(hitsOn('/api/a')[0]?.headers['x-session-id']).toBe('from-url');
  });

  it('sends no session id when fetching one fails, and still makes the call', async () => {
    routes.set(SID_PATH, () => ({ status: 502, text: '<html>bad gateway</html>' }));
    routes.set('/api/a', () => ok('fine'));
    const { client } = setup();
    await expect(client.get('/a')).resolves.toBe('fine');
    expect(hitsOn('/api/a')[0]?.headers['x-session-id']).toBeUndefined();
  });
});

describe('in-flight GET sharing', () => {
  it('two identical GETs in flight make one server hit and get the same data', async () => {
    const held = heldRoute('/api/list', ok({ items: [1, 2] }));
    const { client } = setup();
    const a = client.get('/list', { searchParams: { page: 1 } });
    const b = client.get('/list', { searchParams: { page: 1 } });
    await held.arrived;
    held.release();
    await expect(Promise.all([a, b])).resolves.toEqual([{ items: [1, 2] }, { items: [1, 2] }]);
    expect(hitsOn('/api/list')).toHaveLength(1);
  });

  it('different params, and POSTs, are not shared', async () => {
    routes.set('/api/list', () => ok(1));
    const { client } = setup();
    await Promise.all([client.get('/list', { searchParams: { page: 1 } }), client.get('/list', { searchParams: { page: 2 } })]);
    await Promise.all([client.post('/list', { a: 1 }), client.post('/list', { a: 1 })]);
    expect(hitsOn('/api/list').filter((h) => h.method === 'GET')).toHaveLength(2);
    expect(hitsOn('/api/list').filter((h) => h.method === 'POST')).toHaveLength(2);
  });

  it('one caller aborting does not fail the caller that shares its request', async () => {
    const held = heldRoute('/api/list', ok('data'));
    const { client, bus, log } = setup();
    const controller = new AbortController();
    const aborted = client.get('/list', { signal: controller.signal });
    const other = client.get('/list');
    await held.arrived;
    controller.abort();
    const error = await rejection(aborted);
    expect(error.code).toBe(499);
    held.release();
    await expect(other).resolves.toBe('data');
    expect(bus.$toasts.get()).toEqual([]);
    expect(bus.$dialogs.get()).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('error normalisation', () => {
  it('a network failure is code 408 "network error or timeout"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, bus } = setup({ baseUrl: deadUrl, lang: 'en' });
    const error = await rejection(client.get('/a'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(408);
    expect(error.message).toBe('network error or timeout');
    expect(bus.$toasts.get().map((t) => t.text)).toEqual(['network error or timeout']);
  });

  it('a timeout is code 408 too', async () => {
    const held = heldRoute('/api/slow', ok(1));
    const { client } = setup({ timeout: 50 });
    const error = await rejection(client.get('/slow'));
    held.release();
    expect(error.code).toBe(408);
  });

  it('300034 resolves with undefined and shows nothing', async () => {
    routes.set('/api/x', () => fail(300034, 'ignore me', { a: 1 }));
    const { client, bus, navigate, log } = setup();
    await expect(client.get('/x')).resolves.toBeUndefined();
    expect(bus.$dialogs.get()).toEqual([]);
    expect(bus.$toasts.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('a non-JSON error page becomes 100500 with the generic toast', async () => {
    routes.set('/api/x', () => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const { client, bus } = setup();
    const error = await rejection(client.get('/x'));
    expect(error.code).toBe(100500);
    expect(bus.$toasts.get().map((t) => t.text)).toEqual([cn.dialog.genericError]);
  });

  it('the generic toast carries the server hash outside development only', async () => {
    routes.set('/api/x', () => fail(100500, 'Server error', { hash: 'deadbeef' }, 500));
    const prod = setup({ page: 'https://www.matlib.example/home' });
    await rejection(prod.client.get('/x'));
    expect(prod.bus.$toasts.get().map((t) => t.text)).toEqual([`${cn.dialog.genericError}（编号 deadbeef）`]);
    const dev = setup({ page: 'http://localhost:4321/home' });
    await rejection(dev.client.get('/x'));
    expect(dev.bus.$toasts.get().map((t) => t.text)).toEqual([cn.dialog.genericError]);
  });

  it('uses the translated message when there is one, the server message otherwise', async () => {
    routes.set('/api/conflict', () => fail(100409, 'conflict from server', null, 409));
    routes.set('/api/odd', () => fail(123456, 'Boom from server'));
    const { client, navigate, bus } = setup();
    expect((await rejection(client.get('/conflict', { silent: true }))).message).toBe(cn.errors['100409']);
    expect((await rejection(client.get('/odd', { silent: true }))).message).toBe('Boom from server');
    expect(navigate).not.toHaveBeenCalled();
    expect(bus.$toasts.get()).toEqual([]);
  });

  it('an HTTP 422 envelope keeps its code, fields and request id and is left to the caller', async () => {
    const fields = [{ field: 'password', message: 'The account or password is incorrect' }];
    routes.set('/api/idealab-material/passport/login/1', () => fail(300068, 'The account or password is incorrect', { fields }, 422));
    const { client, bus, navigate, log } = setup();
    const error = await rejection(client.post('/idealab-material/passport/login/1', { account: 'a', password: 'b' }));
    expect(error.code).toBe(300068);
    expect(error.fields).toEqual(fields);
    expect(error.requestId).toBe('req-1234');
    expect(log).not.toHaveBeenCalled();
    expect(bus.$dialogs.get()).toEqual([]);
    expect(bus.$toasts.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an error with the same code and URL is logged once per 2 seconds', async () => {
    routes.set('/api/conflict', () => fail(100409, 'conflict', null, 409));
    const { client, log, advance } = setup();
    await rejection(client.get('/conflict'));
    advance(1000);
    await rejection(client.get('/conflict'));
    expect(log).toHaveBeenCalledTimes(1);
    advance(1000);
    await rejection(client.get('/conflict'));
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[1]).toBe(`${baseUrl}/api/conflict`);
  });
});

describe('behaviour table (docs/product/errors.md)', () => {
  it('100401 clears the session and goes to login with redirect, message and code', async () => {
    routes.set('/api/me', () => fail(100401, 'Please log in', null, 401));
    $session.set(session());
    const { client, navigate, stored, bus } = setup({ token: 'old' });
    const error = await rejection(client.get('/me'));
    expect(error.code).toBe(100401);
    expect(navigate).toHaveBeenCalledTimes(1);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '', 'http://x');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe('/main/share?x=1');
    expect(target.searchParams.get('message')).toBe(cn.errors['100401']);
    expect(target.searchParams.get('code')).toBe('100401');
    expect($session.get()).toBeNull();
    expect(stored.token).toBeNull();
    expect(bus.$dialogs.get()).toEqual([]);
  });

  it('does not redirect to login from the login page itself', async () => {
    routes.set('/api/me', () => fail(401, 'Please log in', null, 401));
    const { client, navigate } = setup({ page: 'http://127.0.0.1/login?redirect=%2Fhome' });
    await rejection(client.get('/me'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 opens one permission dialog for three failures within 2 s, and another after the window', async () => {
    routes.set('/api/secret', () => fail(100403, 'forbidden', null, 403));
    const { client, bus, advance } = setup();
    const results = await Promise.allSettled([
      client.get('/secret', { searchParams: { a: 1 } }),
      client.get('/secret', { searchParams: { a: 2 } }),
      client.post('/secret'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(bus.$dialogs.get()).toHaveLength(1);
    expect(bus.$dialogs.get()[0]).toMatchObject({
      kind: 'permission',
      code: 100403,
      title: cn.dialog.permissionTitle,
      text: cn.dialog.permissionText,
    });
    advance(1999);
    await rejection(client.get('/secret'));
    expect(bus.$dialogs.get()).toHaveLength(1);
    advance(1);
    await rejection(client.get('/secret'));
    expect(bus.$dialogs.get()).toHaveLength(2);
  });

  it('400101 sends a company admin to the application center; others get a notice with only OK', async () => {
    routes.set('/api/quota', () => fail(400101, 'quota', null, 403));
    $session.set(session({ admin: true }));
    const admin = setup();
    await rejection(admin.client.post('/quota'));
    expect(admin.bus.$dialogs.get()).toEqual([
      expect.objectContaining({
        kind: 'quota',
        text: cn.dialog.quotaAdminText,
        confirmHref: '/app-center/main?originType=MATERIAL',
        confirmLabel: cn.dialog.quotaConfirm,
      }),
    ]);

    $session.set(session({ admin: false }));
    const member = setup();
    await rejection(member.client.post('/quota'));
    const [notice] = member.bus.$dialogs.get();
    expect(notice).toMatchObject({ kind: 'quota', text: cn.dialog.quotaMemberText });
    expect(notice?.confirmHref).toBeUndefined();
  });

  it('400007 leads buyers to /buyer/join-us, suppliers to /join-us, and a company gate to the company certification', async () => {
    routes.set('/api/cert', () => fail(400007, 'not certified', null, 403));
    routes.set('/api/cert-company', () => fail(400007, 'not certified', { gate: 'company' }, 403));
    $session.set(session());
    const buyer = setup();
    await rejection(buyer.client.post('/cert'));
    expect(buyer.bus.$dialogs.get()[0]).toMatchObject({ kind: 'certification', confirmHref: '/buyer/join-us', confirmLabel: cn.dialog.certConfirm });

    $session.set(session({ supplier: true }));
    const supplier = setup();
    await rejection(supplier.client.post('/cert'));
    expect(supplier.bus.$dialogs.get()[0]?.confirmHref).toBe('/join-us');

    const gated = setup();
    await rejection(gated.client.post('/cert-company'));
    expect(gated.bus.$dialogs.get()[0]?.confirmHref).toBe('/profile/info?tab=cert-info');
  });

  it('601 sends the user to bind a mobile number', async () => {
    routes.set('/api/x', () => fail(601, 'bind mobile'));
    const { client, navigate } = setup();
    expect((await rejection(client.get('/x'))).code).toBe(601);
    expect(navigate).toHaveBeenCalledWith('/login?action=bind-mobile');
  });

  it('an unknown code goes to the error page /{code} with code and message', async () => {
    routes.set('/api/x', () => fail(123456, 'Boom'));
    const { client, navigate } = setup();
    await rejection(client.get('/x'));
    expect(navigate).toHaveBeenCalledWith('/123456?code=123456&message=Boom');
  });

  it('100404 is an alert with the message; 100101 a toast', async () => {
    routes.set('/api/empty', () => fail(100404, 'nothing', null, 404));
    routes.set('/api/folder', () => fail(100101, 'favourite folder required', null, 422));
    const { client, bus } = setup();
    await rejection(client.get('/empty'));
    await rejection(client.post('/folder'));
    expect(bus.$dialogs.get()).toEqual([expect.objectContaining({ kind: 'alert', title: '', text: cn.errors['100404'] })]);
    expect(bus.$toasts.get()).toEqual([expect.objectContaining({ text: cn.errors['100101'], level: -1 })]);
  });

  it('silent callers get the error but nothing is shown and nobody navigates', async () => {
    routes.set('/api/secret', () => fail(403, 'forbidden', null, 403));
    routes.set('/api/me', () => fail(100401, 'log in', null, 401));
    const { client, bus, navigate } = setup();
    expect((await rejection(client.get('/secret', { silent: true }))).code).toBe(403);
    expect((await rejection(client.get('/me', { silent: true }))).code).toBe(100401);
    expect(bus.$dialogs.get()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a silent caller refused a permission code or certification still gets the dialog that leads on', async () => {
    routes.set('/api/share', () => fail(100403, 'no permission', { permission: 'FUN004' }, 403));
    routes.set('/api/publish', () => fail(400007, 'certify', { gate: 'company' }, 403));
    const { client, bus, navigate } = setup();
    expect((await rejection(client.post('/share', {}, { silent: true }))).code).toBe(100403);
    expect((await rejection(client.post('/publish', {}, { silent: true }))).code).toBe(400007);
    expect(bus.$dialogs.get()).toEqual([
      expect.objectContaining({ kind: 'permission', title: cn.dialog.permissionTitle }),
      expect.objectContaining({ kind: 'certification', confirmHref: '/profile/info?tab=cert-info' }),
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an expected code rejects the call without a dialog or a log line; others still show', async () => {
    routes.set('/api/gone', () => fail(100404, 'gone', null, 404));
    const { client, bus, log } = setup();
    expect((await rejection(client.get('/gone', { expected: [100404] }))).code).toBe(100404);
    expect(log).not.toHaveBeenCalled();
    expect(bus.$dialogs.get()).toEqual([]);
    await rejection(client.get('/gone', { expected: [100409] }));
    expect(log).toHaveBeenCalledTimes(1);
    expect(bus.$dialogs.get()).toHaveLength(1);
  });

  it('a dialog raised before the island registers its messages waits for them', async () => {
    routes.set('/api/secret', () => fail(403, 'forbidden', null, 403));
    const { client, bus } = setup({ lang: null });
    await rejection(client.get('/secret'));
    expect(bus.$dialogs.get()).toEqual([]);
    bus.setMessages({ dialog: en.dialog, errors: en.errors });
    expect(bus.$dialogs.get()).toEqual([expect.objectContaining({ kind: 'permission', title: en.dialog.permissionTitle })]);
  });
});

describe('login helpers', () => {
  it('promptLogin opens the login confirm dialog leading to login and back', () => {
    const { client, bus } = setup({ page: 'http://127.0.0.1/material/detail?id=5' });
    client.promptLogin();
    client.promptLogin();
    expect(bus.$dialogs.get()).toEqual([
      expect.objectContaining({
        kind: 'login',
        title: cn.dialog.loginTitle,
        confirmLabel: cn.dialog.loginConfirm,
        confirmHref: '/login?redirect=%2Fmaterial%2Fdetail%3Fid%3D5',
      }),
    ]);
  });

  it('keepToken stores the token only on embedded hosts', () => {
    const browser = setup();
    browser.client.keepToken('tok');
    expect(browser.stored.token).toBeNull();
    const teams = setup({ ua: TEAMS_UA });
    teams.client.keepToken('tok');
    expect(teams.stored.token).toBe('tok');
  });
});
