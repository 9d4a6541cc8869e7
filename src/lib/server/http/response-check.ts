/**
 * An optional check of every JSON answer against the route's documented response schema. Off in production (no
 * cost, no dependency); the integration suite installs a strict checker (tests/setup/response-check.ts), so an
 * answer that drifts from `/api/openapi.json` fails the test that provoked it.
 */
import type { MiddlewareHandler } from 'hono';

/** One answer: its JSON body, or `contentType` alone for anything else (an image, a redirect). */
export type Answered = { method: string; path: string; status: number; contentType: string | null; body?: unknown };
/** A problem in words, or null when the answer matches its documentation. */
export type ResponseCheck = (answer: Answered) => Promise<string | null>;

let installed: ResponseCheck | null = null;

export function setResponseCheck(check: ResponseCheck | null): void {
  installed = check;
}

export const checkResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const check = installed;
  if (!check) return;
  const contentType = c.res.headers.get('content-type');
  const body: unknown = contentType?.includes('application/json') ? await c.res.clone().json() : undefined;
  const problem = await check({ method: c.req.method.toLowerCase(), path: c.req.path, status: c.res.status, contentType, body });
  if (problem === null) return;
  // Replaced rather than logged so that the test which made the call fails on it, whatever it asserts.
  c.res = new Response(JSON.stringify({ code: 500, msg: `Answer does not match the documented schema: ${problem}`, data: null }), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });
};
