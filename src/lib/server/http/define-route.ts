/**
 * One API route from one small definition: who may call it, its path, its input and answer schemas from
 * `lib/contracts`, and the failures it documents. The definition builds the OpenAPI route (so the input is validated
 * and `/api/openapi.json` generated from the same schemas), registers it (on the supplier path too for `bothRoles`),
 * and wraps what the handler returns in the success envelope, checked against the answer schema at compile time.
 *
 * Routes whose answer is not the JSON envelope (files, redirects, documents) use `app.openapi` directly.
 */
import { createRoute, type OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { ApiTokenScope } from '../../contracts/integrations-api-tokens';
import { access, type Access, type FrozenRule } from './access';
import { declareBodyLimit, type BodyLimit } from './body-guard';
import type { ApiEnv } from './context';
import { answer, errorAnswer, jsonBody, ok, type Exact } from './envelope';
import { sameOriginRequired } from './middleware';
import { openapiForBothRoles, useForBothRoles } from './role-routes';
import { supplierPath } from '../../supplier-path';

/** What a query or path schema may be: an object, or an object piped through a refinement. */
type InputObject = z.ZodObject | z.ZodPipe;
type FailureStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

export interface RouteSpec {
  access: Access;
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `{id}` for a path parameter. */
  path: string;
  /** The OpenAPI tag (or tags) that group it in the documentation. */
  tag: string | readonly string[];
  summary: string;
  description?: string;
  query?: InputObject;
  params?: InputObject;
  headers?: InputObject;
  body?: z.ZodType;
  /** A multipart form (an upload with its fields). */
  form?: z.ZodType;
  /** A JSON body a client may leave out (its schema then gives the defaults). */
  optionalBody?: z.ZodType;
  /** What the 200 answer's `data` is, in words and as a schema. */
  answer: readonly [string, z.ZodType];
  /** The failures worth documenting beyond invalid input (422 is documented for every route with input). */
  errors?: Partial<Record<FailureStatus, string>>;
  /** A state change reached by GET: it must still come from our own pages. */
  sameOrigin?: boolean;
  /** Registered on the buyer path and the supplier path (docs/api-paths.md); needs `session` or a permission access. */
  bothRoles?: boolean;
  /**
   * The largest body the route takes, in bytes (`API_BODY_LIMIT`, 64 KB by default, when left out), or `streamed` for a
   * route that reads its body itself (http/body-guard.ts). Raise it only for a contract that can need more.
   */
  bodyLimit?: BodyLimit;
  /** The `validation.*` message of a 413, when the route has a better word for it than the generic one. */
  tooLarge?: string;
  /**
   * A frozen account (removal requested) may call it although it is not a GET: a read sent as POST, or what the
   * frozen page and signing in need. Every other state change answers 412403 to a frozen account.
   */
  allowFrozen?: boolean;
  /** The API token scope that opens it to a company's integrations; without one, API tokens cannot call it. */
  tokenScope?: ApiTokenScope;
}

type Part<K extends string, S, V = S> = S extends z.ZodType ? { [P in K]: V } : {};
type JsonBody<S> = { required: boolean; content: { 'application/json': { schema: S } } };
type FormBody<S> = { required: true; content: { 'multipart/form-data': { schema: S } } };
type Envelope<S extends z.ZodType> = z.ZodObject<{ code: z.ZodLiteral<200>; msg: z.ZodString; data: S }>;

/** The OpenAPI route a spec builds, as precise as `createRoute` would type it, so handlers see typed input. */
export type RouteOf<D extends RouteSpec> = {
  method: D['method'];
  path: D['path'];
  middleware: ReturnType<typeof access>['middleware'];
  request: Part<'query', D['query']> & Part<'params', D['params']> & Part<'headers', D['headers']> & Part<'body', D['body'], JsonBody<D['body']>> & Part<'body', D['optionalBody'], JsonBody<D['optionalBody']>> & Part<'body', D['form'], FormBody<D['form']>>;
  responses: { 200: { description: string; content: { 'application/json': { schema: Envelope<D['answer'][1]> } } } };
};

type RouteContext<D extends RouteSpec> = RouteOf<D> extends infer R extends RouteConfig ? Parameters<RouteHandler<R, ApiEnv>>[0] : never;
type Data<D extends RouteSpec> = z.output<D['answer'][1]>;

const INVALID_INPUT = 'Invalid input (field errors in the caller’s language)';

/** Whether a frozen account is held off this route (see `access`). */
const frozenRule = (spec: RouteSpec): FrozenRule => ({ changesState: spec.method !== 'get' || Boolean(spec.sameOrigin), allowFrozen: spec.allowFrozen });

function buildRoute(spec: RouteSpec) {
  const hasInput = Boolean(spec.query ?? spec.params ?? spec.headers ?? spec.body ?? spec.optionalBody ?? spec.form);
  const errors: Partial<Record<FailureStatus, string>> = { ...(hasInput ? { 422: INVALID_INPUT } : {}), ...spec.errors };
  const request = {
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body ? { body: jsonBody(spec.body) } : {}),
    ...(spec.form ? { body: { required: true, content: { 'multipart/form-data': { schema: spec.form } } } } : {}),
    ...(spec.optionalBody ? { body: { required: false, content: { 'application/json': { schema: spec.optionalBody } } } } : {}),
  };
  // Built from a spec whose parts are typed loosely, so checked by `RouteOf` for handlers rather than here.
  return createRoute({
    ...access(spec.access, frozenRule(spec), spec.tokenScope),
    method: spec.method,
    path: spec.path,
    tags: [spec.tag].flat(),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(hasInput ? { request } : {}),
    responses: {
      200: answer(spec.answer[0], spec.answer[1]),
      ...Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, errorAnswer(text)])),
    },
  });
}

export function defineRoute<const D extends RouteSpec, T extends Data<D>>(
  app: OpenAPIHono<ApiEnv>,
  spec: D,
  handler: (c: RouteContext<D>) => Promise<T & Exact<Data<D>, T>> | (T & Exact<Data<D>, T>),
): void {
  const route = buildRoute(spec);
  // The handler's answer was checked against the schema by its type; `ok` only wraps it.
  const run = (async (c: RouteContext<D>) => ok(c, spec.answer[1] as z.ZodType<unknown>, (await handler(c)) as never)) as unknown as RouteHandler<typeof route, ApiEnv>;
  if (spec.bodyLimit !== undefined) {
    for (const path of spec.bothRoles ? [spec.path, supplierPath(spec.path)] : [spec.path]) declareBodyLimit(app, spec.method, path, spec.bodyLimit, spec.tooLarge);
  }
  if (spec.bothRoles) {
    if (spec.sameOrigin) useForBothRoles(app, spec.path, sameOriginRequired);
    openapiForBothRoles(app, route as typeof route & { 'x-access': 'session' | `permission:${string}` }, run as never, frozenRule(spec));
  } else {
    if (spec.sameOrigin) app.use(spec.path.replace(/\{(\w+)\}/g, ':$1'), sameOriginRequired);
    app.openapi(route, run);
  }
}
