/**
 * The API answers what `/api/openapi.json` documents, strictly: an answer holding a field its schema does not
 * declare fails. Every integration test file validates the answers it provokes (tests/setup/response-check.ts),
 * and after the run every documented operation must have been driven to a validated success answer
 * (tests/setup/api-coverage.ts). This file proves that both checks bite.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, ok } from '../../src/lib/server/http/envelope';
import { checkResponses, setResponseCheck } from '../../src/lib/server/http/response-check';
import { uncoveredOperations } from '../setup/api-coverage';
import { answerValidator } from '../setup/response-check';
import { createAnswerValidator } from '../support/openapi-answers';

/** A tiny API documenting `{ id, cover: { src } | null }` whose handlers can answer more than that. */
function driftingApi() {
  const card = z.object({ id: z.number(), cover: z.object({ src: z.string() }).nullable() }).meta({ id: 'DriftCard' });
  const app = new OpenAPIHono();
  app.use('*', checkResponses);
  const route = (path: string) => createRoute({ method: 'get', path, responses: { 200: answer('A card', card) } });
  app.openapi(route('/exact'), (c) => ok(c, card, { id: 1, cover: { src: 'a.jpg' } }));
  // `ok` rejects an undeclared field at compile time; a handler that writes its JSON itself is what the check is for.
  const raw = (data: unknown) => (c: Context) => c.json({ code: 200, msg: '', data }, 200) as never;
  app.openapi(route('/extra'), raw({ id: 1, cover: null, secret: 'x' }));
  app.openapi(route('/nested-extra'), raw({ id: 1, cover: { src: 'a.jpg', internalPath: '/srv/a.jpg' } }));
  const picture = (path: string) => createRoute({ method: 'get', path, responses: { 200: { description: 'A PNG', content: { 'image/png': { schema: z.string() } } } } });
  app.openapi(picture('/png'), (c) => c.body(new Uint8Array([137, 80, 78, 71]), 200, { 'content-type': 'image/png' }) as never);
  app.openapi(picture('/not-png'), (c) => c.body('<svg/>', 200, { 'content-type': 'image/svg+xml' }) as never);
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'drift', version: '1' } });
  return app;
}

describe('the answer check', () => {
  it('fails an answer with a field its documented schema does not declare, at any depth', async () => {
    const app = driftingApi();
    const validator = createAnswerValidator(await (await app.request('/openapi.json')).json());
    setResponseCheck(validator.check);
    try {
      const exact = await app.request('/exact');
      expect(exact.status).toBe(200);
      for (const [path, field] of [['/extra', 'secret'], ['/nested-extra', 'internalPath']] as const) {
        const res = await app.request(path);
        expect(res.status).toBe(500);
        expect(((await res.json()) as { msg: string }).msg).toContain(`must NOT have additional properties '${field}'`);
      }
      expect((await app.request('/png')).status).toBe(200);
      expect((await app.request('/not-png')).status).toBe(500);
      expect([...validator.validated].sort()).toEqual(['get /exact', 'get /png']);
      expect(validator.problems).toHaveLength(3);
      expect(validator.problems[2]).toBe('get /not-png 200: image/svg+xml is not documented');
    } finally {
      setResponseCheck(answerValidator.check);
    }
  });

  it('names every documented operation no test file drove to a success, and every stale exclusion', () => {
    const files = [
      { file: 'a.test.ts', operations: ['get /a', 'post /b', 'get /c', 'get /d'], validated: ['get /a'] },
      { file: 'b.test.ts', operations: ['get /a', 'post /b', 'get /c', 'get /d'], validated: ['post /b', 'get /d'] },
    ];
    expect(uncoveredOperations(files, {})).toEqual(['get /c: no test drives it to a success answer']);
    expect(uncoveredOperations(files, { 'get /c': 'a file download' })).toEqual([]);
    expect(uncoveredOperations(files, { 'get /c': 'why', 'get /d': 'why', 'get /gone': 'why' })).toEqual([
      'get /d: excluded but a test covers it now',
      'get /gone: excluded but not documented',
    ]);
  });

  it('documents a picture that may be missing as ImageRef or null, and ImageRef itself as never null', async () => {
    const { createApiApp } = await import('../../src/lib/server/http/app');
    const doc = (await (await createApiApp().request('/api/openapi.json')).json()) as { components: { schemas: Record<string, { type?: unknown }> }; paths: Record<string, unknown> };
    expect(doc.components.schemas.ImageRef?.type).toBe('object');
    const text = JSON.stringify(doc.components.schemas.Merchant);
    expect(text).toMatch(/"anyOf":\[\{"\$ref":"#\/components\/schemas\/ImageRef"\},\{"type":"null"\}\]/);
  });

  it('checks the real API in every integration test file', async () => {
    expect(answerValidator.operations.length).toBeGreaterThan(100);
  });
});

afterAll(() => {
  expect(answerValidator.problems).toEqual([]);
});
