import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './envelope';

const card = z.object({ id: z.number(), cover: z.object({ src: z.string() }).nullable(), tags: z.array(z.object({ name: z.string() })) });

describe('ok()', () => {
  it('answers the envelope with the data it was given', async () => {
    const app = new Hono().get('/', (c) => ok(c, card, { id: 1, cover: null, tags: [] }));
    expect(await (await app.request('/')).json()).toEqual({ code: 200, msg: '', data: { id: 1, cover: null, tags: [] } });
  });

  it('does not compile when the data holds a field the schema does not declare, at any depth', () => {
    // Values a domain function returns are not fresh literals, so only the Exact check can catch the extras.
    const extraTop = { id: 1, cover: null, tags: [], secret: 'x' };
    const extraNested = { id: 1, cover: { src: 'a', internalPath: '/x' }, tags: [] };
    const extraInArray = { id: 1, cover: null, tags: [{ name: 'a', hidden: true }] };
    const exact = { id: 1, cover: { src: 'a' }, tags: [{ name: 'a' }] };
    const app = new Hono()
      // @ts-expect-error `secret` is not in the schema
      .get('/a', (c) => ok(c, card, extraTop))
      // @ts-expect-error `cover.internalPath` is not in the schema
      .get('/b', (c) => ok(c, card, extraNested))
      // @ts-expect-error `tags[].hidden` is not in the schema
      .get('/c', (c) => ok(c, card, extraInArray))
      // @ts-expect-error `id` must be a number
      .get('/d', (c) => ok(c, card, { ...exact, id: '1' }))
      .get('/e', (c) => ok(c, card, exact));
    expect(app.routes).toHaveLength(5);
  });

  it('checks each member of a union answer by its own fields', () => {
    const content = z.union([z.object({ kind: z.literal('one'), item: card }), z.object({ kind: z.literal('many'), items: z.array(card) })]);
    const one = { kind: 'one' as const, item: { id: 1, cover: null, tags: [] } };
    const many = { kind: 'many' as const, items: [{ id: 1, cover: null, tags: [], secret: 'x' }] };
    const app = new Hono()
      .get('/one', (c) => ok(c, content, one))
      // @ts-expect-error `items[].secret` is not in the schema
      .get('/many', (c) => ok(c, content, many));
    expect(app.routes).toHaveLength(2);
  });
});
