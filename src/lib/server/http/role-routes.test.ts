import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from './context';
import { envelopeOf, ok } from './envelope';
import { openapiForBothRoles } from './role-routes';

describe('one route definition for both roles', () => {
  const app = new OpenAPIHono<ApiEnv>().basePath('/api');
  openapiForBothRoles(
    app,
    createRoute({
      method: 'post',
      path: '/idealab-material/color/card/book/add',
      tags: ['books'],
      request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().max(20) }) } } } },
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: envelopeOf(z.object({ name: z.string(), userType: z.number() })) } } } },
    }),
    (c) => ok(c, { name: c.req.valid('json').name, userType: c.get('userType') }),
  );
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 't', version: '1' } });

  const post = (path: string) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Autumn' }) });

  it('serves the buyer path with userType 1 and the supplier path with userType 2', async () => {
    expect(await (await post('/api/idealab-material/color/card/book/add')).json()).toMatchObject({ data: { userType: 1 } });
    expect(await (await post('/api/idealab-material/supplier/color/card/book/add')).json()).toMatchObject({ data: { userType: 2 } });
  });

  it('documents both paths', async () => {
    const doc = await (await app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(['/api/idealab-material/color/card/book/add', '/api/idealab-material/supplier/color/card/book/add']);
  });
});
