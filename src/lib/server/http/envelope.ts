import { z } from 'zod';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { Envelope } from '../../errors';

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;
type ObjectPart<S> = Exclude<S, Leaf | readonly unknown[]>;
type ElementOf<S> = S extends readonly (infer E)[] ? E : never;
/** Keys and property types over every member of a union (a discriminated answer), not only the shared ones. */
type AnyKey<S> = S extends unknown ? keyof S : never;
type PropOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;

/**
 * `D` with every key the shape `S` does not declare turned into `never`, at any depth. TypeScript accepts extra
 * properties on a value that is not a fresh literal (what a domain function returns), so without this a handler
 * could answer a field the documented schema leaves out and still compile.
 */
export type Exact<S, D> = unknown extends D
  ? D
  : D extends Leaf
  ? D
  : D extends readonly unknown[]
    ? { [I in keyof D]: Exact<ElementOf<S>, D[I]> }
    : { [K in keyof D]: K extends AnyKey<ObjectPart<S>> ? Exact<PropOf<ObjectPart<S>, K>, D[K]> : never };

/** The success envelope of one route, checked against its documented `data` schema (see CONTRIBUTING.md). */
export function ok<S extends z.ZodType, D extends z.output<S>>(c: Context, _schema: S, data: D & Exact<z.output<S>, D>): Response & TypedResponse<JSONParsed<{ code: 200; msg: string; data: z.output<S> }>, 200, 'json'> {
  return c.json({ code: 200 as const, msg: '', data } satisfies Envelope, 200) as never;
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
    code: z.number().int().meta({ example: 300068 }),
    msg: z.string(),
    // Everything an error may carry, so that a new kind of detail is documented before a client can rely on it.
    data: z
      .object({
        fields: z.array(z.object({ field: z.string(), message: z.string() })),
        /** The permission code the caller lacks. */
        permission: z.string(),
        /** Codes a grant would hand out that the caller does not hold. */
        permissions: z.array(z.string()),
        /** The API token scope this call needs and the caller's token lacks. */
        scope: z.string(),
        /** Which certification is missing: `company` when the company, not the person, must be certified. */
        gate: z.string(),
        /** Support's handle on an unexpected failure's log line. */
        hash: z.string(),
        /** Seconds until a rate-limited caller may try again (also the Retry-After header). */
        retryAfter: z.number(),
        /** The state a conflicting object is in now. */
        status: z.union([z.string(), z.number()]),
        state: z.string(),
        removed: z.boolean(),
        /** A used-up quota: the resource, its total, what is used and what was asked for. */
        code: z.string(),
        confTotal: z.number(),
        used: z.number(),
        amount: z.number(),
      })
      .partial()
      .nullable(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope' });

/** OpenAPI pieces every route uses: a required JSON body, a success answer in the envelope, an error answer. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
export const answer = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema: envelopeOf(schema) } } });
export const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelopeSchema } } });
