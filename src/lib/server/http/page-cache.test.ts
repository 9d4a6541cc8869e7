import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';

let renders = 0;
let server: http.Server;
let base = '';
const pages = createPageCache({ ttlMs: 60_000 });

beforeAll(async () => {
  server = http.createServer((req, res) =>
    pages.handle(req, res, () => {
      renders += 1;
      const url = new URL(req.url ?? '/', 'http://x');
      // Slow enough that concurrent requests overlap.
      setTimeout(() => {
        if (url.searchParams.has('cookie')) res.setHeader('set-cookie', 'a=b');
        // As the Astro adapter does: headers handed to writeHead, not set one by one.
        res.writeHead(url.searchParams.has('missing') ? 404 : 200, { 'Content-Type': 'text/html' });
        res.write(`<p>render ${renders} `);
        res.end(`${req.headers['accept-language'] ?? ''}</p>`);
      }, 30);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.text(), hit: res.headers.get('x-page-cache'), id: res.headers.get('x-request-id') };
};

describe('the guest page micro-cache', () => {
  it('renders a guest page once for concurrent and later guests, with a request id of their own', async () => {
    const before = renders;
    const all = await Promise.all(Array.from({ length: 5 }, () => get('/main/material-store?categoryId=1')));
    expect(renders - before).toBe(1);
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    const later = await get('/main/material-store?categoryId=1');
    expect(later).toMatchObject({ status: 200, hit: 'hit', body: all[0]?.body });
    expect(later.id).not.toBe(all[0]?.id);
    expect(renders - before).toBe(1);
  });

  it('keeps languages, URLs and browsers apart', async () => {
    const cn = await get('/home', { 'accept-language': 'zh-CN' });
    const en = await get('/home', { 'accept-language': 'en' });
    expect(cn.body).not.toBe(en.body);
    expect((await get('/home', { 'accept-language': 'en', 'user-agent': 'Phone' })).hit).toBeNull();
  });

  it('never caches signed-in users, other pages, errors or responses that set cookies', async () => {
    const before = renders;
    await get('/home', { cookie: 'ilt=secret' });
    await get('/home', { cookie: 'ilt=secret' });
    // The session's name over HTTPS.
    await get('/home', { cookie: 'lang=en; __Host-ilt=secret' });
    await get('/home', { cookie: 'lang=en; __Host-ilt=secret' });
    await get('/home', { authorization: 'Bearer x' });
    await get('/profile/info');
    await get('/profile/info');
    await get('/home?missing=1');
    expect((await get('/home?missing=1')).status).toBe(404);
    await get('/home?cookie=1');
    expect((await get('/home?cookie=1')).hit).toBeNull();
    expect(renders - before).toBe(11);
    // The language cookie alone is still a guest.
    await get('/home', { cookie: 'lang=en' });
    expect((await get('/home', { cookie: 'lang=en' })).hit).toBe('hit');
  });

  it('still caches a guest whose browser left its time zone, apart from other zones', async () => {
    const india = { cookie: 'lang=en; tz=%2B05%3A30' };
    await get('/merchant/home', india);
    expect((await get('/merchant/home', india)).hit).toBe('hit');
    expect((await get('/merchant/home', { cookie: 'lang=en; tz=-05%3A00' })).hit).toBeNull();
    expect((await get('/merchant/home', { cookie: 'tz=%2B05%3A30; ilt=secret' })).hit).toBeNull();
  });

  it('drops the pages past their time when told to, so a burst of URLs is not held at rest', async () => {
    const brief = createPageCache({ ttlMs: 20 });
    const once = http.createServer((req, res) => brief.handle(req, res, () => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>'.padEnd(10_000, 'x'))));
    await new Promise<void>((resolve) => once.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(once.address() as AddressInfo).port}`;
    for (let i = 0; i < 3; i++) await (await fetch(`${at}/home?i=${i}`)).text();
    expect(brief.bytes()).toBeGreaterThan(30_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Past their time they are never served, yet still held until dropped.
    expect(brief.bytes()).toBeGreaterThan(30_000);
    brief.purgeStale();
    expect(brief.bytes()).toBe(0);
    await new Promise<void>((resolve) => once.close(() => resolve()));
  });
});
