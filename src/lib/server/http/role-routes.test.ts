import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { access } from './access';
import type { ApiEnv } from './context';
import { envelopeOf, ok } from './envelope';
import { openapiForBothRoles } from './role-routes';

/** Who gets through and which userType the handler sees are in tests/integration/supplier-paths.test.ts (real sessions). */
describe('one route definition for both roles', () => {
  const app = new OpenAPIHono<ApiEnv>().basePath('/api');
  openapiForBothRoles(
    app,
    createRoute({
      ...access('session'),
      method: 'post',
      path: '/idealab-material/color/card/book/add',
      tags: ['books'],
      request: { body: { content: { 'application/json': { schema: z.object({ name: z.string().max(20) }) } } } },
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: envelopeOf(z.object({ name: z.string(), userType: z.number() })) } } } },
    }),
    (c) => ok(c, { name: c.req.valid('json').name, userType: c.get('userType') }),
  );
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 't', version: '1' } });

  it('documents both paths: the buyer path with the route’s access, the supplier path for suppliers only', async () => {
    const doc = await (await app.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(['/api/idealab-material/color/card/book/add', '/api/idealab-material/supplier/color/card/book/add']);
    expect(doc.paths['/api/idealab-material/color/card/book/add'].post['x-access']).toBe('session');
    expect(doc.paths['/api/idealab-material/supplier/color/card/book/add'].post['x-access']).toBe('supplier');
    expect(doc.paths['/api/idealab-material/supplier/color/card/book/add'].post.tags).toEqual(['books', 'supplier']);
  });
});
