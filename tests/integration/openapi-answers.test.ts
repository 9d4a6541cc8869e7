/**
 * The API answers what `/api/openapi.json` documents, strictly: an answer holding a field its schema does not
 * declare fails. Every integration test file validates the answers it provokes (tests/setup/response-check.ts);
 * this file proves the check bites, and drives every documented operation to a validated success answer.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, ok } from '../../src/lib/server/http/envelope';
import { checkResponses, setResponseCheck } from '../../src/lib/server/http/response-check';
import { answerValidator } from '../setup/response-check';
import { createAnswerValidator } from '../support/openapi-answers';

/** A tiny API documenting `{ id, cover: { src } | null }` whose handlers can answer more than that. */
function driftingApi() {
  const card = z.object({ id: z.number(), cover: z.object({ src: z.string() }).nullable() }).meta({ id: 'DriftCard' });
  const app = new OpenAPIHono();
  app.use('*', checkResponses);
  const route = (path: string) => createRoute({ method: 'get', path, responses: { 200: answer('A card', card) } });
  app.openapi(route('/exact'), (c) => ok(c, card, { id: 1, cover: { src: 'a.jpg' } }));
  // The deprecated unchecked form is the only way left to answer an undeclared field; the check catches it.
  app.openapi(route('/extra'), (c) => ok(c, { id: 1, cover: null, secret: 'x' }));
  app.openapi(route('/nested-extra'), (c) => ok(c, { id: 1, cover: { src: 'a.jpg', internalPath: '/srv/a.jpg' } }));
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
      expect([...validator.validated]).toEqual(['get /exact']);
      expect(validator.problems).toHaveLength(2);
    } finally {
      setResponseCheck(answerValidator.check);
    }
  });

  it('checks the real API in every integration test file', async () => {
    expect(answerValidator.operations.length).toBeGreaterThan(100);
  });
});

afterAll(() => {
  expect(answerValidator.problems).toEqual([]);
});
