import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiEnv } from './context';
import { defineRoute } from './define-route';

/** Who gets through and which userType the handler sees are in tests/integration/supplier-paths.test.ts (real sessions). */
describe('a route from one definition', () => {
  const app = new OpenAPIHono<ApiEnv>().basePath('/api');
  const answer = z.object({ name: z.string(), userType: z.number() });
  defineRoute(app, {
    method: 'post', path: '/idealab-material/color/card/book/add', access: 'session', tag: 'books', bothRoles: true,
    summary: 'Add a book',
    body: z.object({ name: z.string().max(20) }), answer: ['The book', answer],
  }, (c) => ({ name: c.req.valid('json').name, userType: c.get('userType') }));
  defineRoute(app, {
    method: 'get', path: '/idealab-material/open/ping', access: 'public', tag: 'system',
    summary: 'Ping',
    answer: ['Pong', z.literal('pong')],
    errors: { 429: 'Too many pings' },
  }, () => 'pong' as const);
  defineRoute(app, {
    method: 'get', path: '/idealab-material/book/remove', access: 'public', tag: 'books', sameOrigin: true,
    summary: 'A state change on a GET',
    query: z.object({ id: z.coerce.number() }), answer: ['Removed', z.number()],
  }, (c) => c.req.valid('query').id);
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 't', version: '1' } });
  const document = async () => (await app.request('/api/openapi.json')).json();

  it('documents both paths: the buyer path with the route’s access, the supplier path for suppliers only', async () => {
    const doc = await document();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/idealab-material/color/card/book/add', '/api/idealab-material/supplier/color/card/book/add']));
    expect(doc.paths['/api/idealab-material/color/card/book/add'].post['x-access']).toBe('session');
    expect(doc.paths['/api/idealab-material/supplier/color/card/book/add'].post['x-access']).toBe('supplier');
    expect(doc.paths['/api/idealab-material/supplier/color/card/book/add'].post.tags).toEqual(['books', 'supplier']);
  });

  it('documents invalid input for a route with input only, and the failures it names', async () => {
    const doc = await document();
    expect(Object.keys(doc.paths['/api/idealab-material/color/card/book/add'].post.responses).sort()).toEqual(['200', '422']);
    expect(Object.keys(doc.paths['/api/idealab-material/open/ping'].get.responses).sort()).toEqual(['200', '429']);
    expect(doc.paths['/api/idealab-material/open/ping'].get.responses['429'].description).toBe('Too many pings');
  });

  it('answers what the handler returns in the success envelope', async () => {
    const res = await app.request('/api/idealab-material/open/ping');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200, msg: '', data: 'pong' });
  });

  it('refuses a state-changing GET from another site before it runs', async () => {
    const foreign = await app.request('/api/idealab-material/book/remove?id=3', { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const own = await app.request('/api/idealab-material/book/remove?id=3', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(await own.json()).toMatchObject({ data: 3 });
  });
});
