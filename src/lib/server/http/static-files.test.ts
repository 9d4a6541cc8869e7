import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles, preferredEncoding } from './static-files';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
let base = '';
let server: http.Server;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'matlib-static-'));
  mkdirSync(path.join(root, '_astro'));
  writeFileSync(path.join(root, '_astro', 'app.abc123.js'), script);
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const files = createStaticFiles(root);
  server = http.createServer((req, res) => {
    if (!files.serve(req, res)) res.writeHead(418).end('not a file');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${p}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });

describe('built client files', () => {
  it('serves a listed file with its type and a year of caching for hashed bundles, ignoring the query', async () => {
    const res = await get('/_astro/app.abc123.js?v=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(script);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 304 to a matching ETag and headers alone to HEAD', async () => {
    const first = await get('/_astro/app.abc123.js');
    expect((await get('/_astro/app.abc123.js', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
    const head = await get('/_astro/app.abc123.js', {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(head.body.length).toBe(0);
  });

  it('sends text compressed to a browser that accepts it, brotli first', async () => {
    const br = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    // Too small to gain anything: sent as it is.
    expect((await get('/favicon.svg', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves anything not on the list to the next handler, including paths that climb out', async () => {
    for (const p of ['/main/material-store', '/_astro/missing.js', '/_astro/../favicon.svg.bak', '/%E0%A4%A']) expect((await get(p)).status).toBe(418);
    expect((await get('/_astro/app.abc123.js', {}, 'POST')).status).toBe(418);
  });

  it('picks the encoding a request accepts', () => {
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
