/**
 * What every API request and answer goes through whatever the route: bodies read within the route's limit and
 * refused when nested too deeply before anything parses them, the security headers pages also carry, and path
 * segments that happen to be names Object.prototype holds.
 */
import { describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { JSON_MAX_DEPTH } from '../../src/lib/json-depth';
import { env } from '../../src/lib/server/env';
import { apiCaller } from '../fixtures/api';

const { app, call, send } = apiCaller('');

const COLLECT = '/api/data-transit/data/collect';
const LOGIN = '/api/idealab-material/passport/login/1';
const EDIT = '/api/idealab-material/v2/material/edit';
const COMPLETE = '/api/metaData/storageService/multipart/complete';

/** A valid batch of one event, from its own session and address so no rate limit is near. */
const batch = (sessionId: string, properties: Record<string, unknown> = {}) => ({ content: [{ event: 'page.view', sessionId, roleCode: 500, properties }] });

/** A body sent as a stream, without Content-Length: only counting what arrives can stop it. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024));
      controller.close();
    },
  });
}

describe('request bodies', () => {
  it('refuses a megabyte of nested brackets with 400 and the invalid-value code, before parsing it', async () => {
    // Upload completion is the one JSON route that takes a whole megabyte; a guest's body is still read first.
    const deep = await call(COMPLETE, { rawBody: '['.repeat(1024 * 1024), lang: 'en', ip: '10.9.0.1' });
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe(ERROR.fieldInvalid);
    expect(deep.body.msg).toBe(`The request is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`);
    // Elsewhere the same megabyte is over the route's limit before its depth is looked at.
    expect((await call(COLLECT, { rawBody: '['.repeat(1024 * 1024), ip: '10.9.0.1' })).status).toBe(413);
  });

  it('counts depth outside strings only, and refuses one level over the maximum whatever the content type', async () => {
    const wrap = (depth: number) => `{"content":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const atMost = await call(COLLECT, { rawBody: wrap(JSON_MAX_DEPTH), ip: '10.9.0.2' });
    expect(atMost.status).toBe(422);
    const over = await call(COLLECT, { rawBody: wrap(JSON_MAX_DEPTH + 1), ip: '10.9.0.2' });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(ERROR.fieldInvalid);
    const plain = await call(COLLECT, { rawBody: wrap(JSON_MAX_DEPTH + 1), ip: '10.9.0.2', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(400);
    const inText = await call(COLLECT, { body: batch('guard-text', { q: '['.repeat(150) }), ip: '10.9.0.2' });
    expect(inText.status).toBe(200);
  });

  it('answers 413 for a body over its route’s limit, declared or streamed', async () => {
    const overDefault = await call(LOGIN, { body: { account: 'x'.repeat(env().API_BODY_LIMIT), password: 'p' }, lang: 'en', ip: '10.9.0.3' });
    expect(overDefault.status).toBe(413);
    expect(overDefault.body.code).toBe(ERROR.payloadTooLarge);
    expect(overDefault.body.msg).toBe('The request is larger than 64.0 KB');
    const res = await app.request(LOGIN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamed(JSON.stringify({ account: 'x'.repeat(env().API_BODY_LIMIT), password: 'p' })), duplex: 'half' } as RequestInit, { clientAddress: '10.9.0.3' });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(ERROR.payloadTooLarge);
  });

  it('keeps the larger limit of a route whose contract needs it, and still takes an ordinary body', async () => {
    // 100 KB is over the default but within the material editor's limit: the guard lets it through to the access check.
    const big = { categoryId: 1, attrs: { PF_NAME_CN: 'x'.repeat(100 * 1024) }, colorCards: [] };
    expect((await call(EDIT, { body: big, ip: '10.9.0.4' })).status).toBe(401);
    expect((await call(EDIT, { body: { ...big, attrs: { PF_NAME_CN: 'x'.repeat(300 * 1024) } }, ip: '10.9.0.4' })).status).toBe(413);
    const ordinary = await call(COLLECT, { body: batch('guard-ordinary'), ip: '10.9.0.4' });
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.data.ids).toHaveLength(1);
    const streamedOk = await app.request(COLLECT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: streamed(JSON.stringify(batch('guard-stream'))), duplex: 'half' } as RequestInit, { clientAddress: '10.9.0.4' });
    expect(streamedOk.status).toBe(200);
  });
});

describe('multipart bodies', () => {
  const IMAGE_SEARCH = '/api/idealab-material/open/v2/material/search/pic';
  /** A multipart body of `parts` empty fields: a few megabytes, within the photo search's limit. */
  const parts = (count: number) => `${'--b\r\ncontent-disposition: form-data; name="f"\r\n\r\n\r\n'.repeat(count)}--b--\r\n`;
  const post = (body: string) => app.request(IMAGE_SEARCH, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b', 'accept-language': 'en' }, body }, { clientAddress: '10.9.0.6' });

  it('refuses more parts than the cap with 413 before any parser sees them, whoever sends them', async () => {
    const cap = env().MULTIPART_MAX_PARTS;
    const many = await post(parts(90_000));
    expect(many.status).toBe(413);
    expect(((await many.json()) as { msg: string }).msg).toBe(`The form has more than ${cap} parts`);
    // At the cap the body goes on to the route, which asks who is calling.
    expect((await post(parts(cap))).status).toBe(401);
  });
});

describe('security headers on every answer', () => {
  const expectSecure = (headers: Headers, csp = "default-src 'none'; frame-ancestors 'none'") => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy')).toBe(csp);
  };

  it('sends them on a success, a 404, an error and a refused body', async () => {
    const ok = await call('/api/health');
    expect(ok.status).toBe(200);
    expectSecure(ok.headers);
    const missing = await call('/api/no/such/route');
    expect(missing.status).toBe(404);
    expectSecure(missing.headers);
    const unauthorised = await call('/api/idealab-material/customer/user/info/current');
    expect(unauthorised.status).toBe(401);
    expectSecure(unauthorised.headers);
    const invalid = await call(COLLECT, { body: { content: [] }, ip: '10.9.0.5' });
    expect(invalid.status).toBe(422);
    expectSecure(invalid.headers);
    const tooLarge = await call(LOGIN, { body: { account: 'x'.repeat(env().API_BODY_LIMIT), password: 'p' }, ip: '10.9.0.5' });
    expect(tooLarge.status).toBe(413);
    expectSecure(tooLarge.headers);
  });

  it('lets the documentation page load its own scripts and styles, and nothing else', async () => {
    const page = await send('/api/docs');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    await page.text();
    const script = await send('/api/docs/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    await script.arrayBuffer();
  });

  it('adds HSTS over HTTPS only', async () => {
    const secure = await app.request('https://matlib.example/api/health', {}, { clientAddress: '10.9.0.6' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    await secure.arrayBuffer();
    const plain = await app.request('http://matlib.example/api/health', {}, { clientAddress: '10.9.0.6' });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    await plain.arrayBuffer();
  });
});

describe('names Object.prototype holds', () => {
  it('are unknown documentation assets: 404, not 500', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      const res = await call(`/api/docs/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.code, name).toBe(ERROR.notFound);
    }
  });
});
