import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../../errors';

export function ok<T>(c: Context, data: T) {
  return c.json({ code: 200 as const, msg: '', data } satisfies Envelope<T>, 200);
}

export function failure(c: Context, status: number, code: number, msg: string, data: unknown = null) {
  return c.json({ code, msg, data, requestId: c.get('requestId') as string | undefined } satisfies Envelope, status as ContentfulStatusCode);
}

/** The documented shape of every answer; `data` is the route's own schema. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), msg: z.string(), data });
}

export const errorEnvelopeSchema = z
  .object({
    code: z.number().int().openapi({ example: 300068 }),
    msg: z.string(),
    data: z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) }).partial().nullable(),
    requestId: z.string().optional(),
  })
  .openapi('ErrorEnvelope');

/** OpenAPI pieces every route uses: a required JSON body, a success answer in the envelope, an error answer. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
export const answer = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema: envelopeOf(schema) } } });
export const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelopeSchema } } });
