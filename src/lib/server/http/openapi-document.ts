/**
 * The OpenAPI document as client generators and linters expect it (docs/product/integrations.md#the-api-document). Routes declare who may call them
 * once, through `access` (http/access.ts), which both enforces the rule and writes `x-access`; this turns that same
 * declaration into each operation's `security` and the failures it can answer, so the document cannot claim a rule
 * the server does not apply. It also names every operation (`operationId`) after its method and path.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { APP_VERSION } from '../../constants';
import { API_TOKEN_PREFIX } from '../../contracts/integrations-api-tokens';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../identity/session-token';
import type { ApiEnv } from './context';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-access'?: string;
  'x-frozen'?: 'refused' | 'allowed';
  'x-token-scope'?: string;
};

const DESCRIPTION =
  'Every answer is an envelope `{ code, msg, data }`; `code` 200 is success, anything else comes from the error catalogue. ' +
  'Supplier variants of a path insert `/supplier` after the service prefix: the same call, answered as `userType` 2, ' +
  'for a supplier working in a supplier company. Each operation states who may call it in `security` and, in words, in ' +
  '`x-access`; `x-frozen: refused` answers 412403 to an account waiting for removal. A company’s API tokens call the ' +
  `operations whose \`security\` names \`apiToken\` with the scope they hold; a token starts with \`${API_TOKEN_PREFIX}\`.`;

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The session of a signed-in user, set by signing in (\`${SECURE_SESSION_COOKIE}\` when the site is served over HTTPS).`,
  },
  bearerSession: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same session token sent as `Authorization: Bearer …`, as embedded hosts do.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description: `A company’s API token (\`Authorization: Bearer ${API_TOKEN_PREFIX}…\`), for the operations its scopes open.`,
  },
} as const;

/** `post /api/idealab-material/open/v2/material/detail/{id}` → `postOpenV2MaterialDetailById`. */
function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/(idealab-material\/)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment));
  const camel = (text: string) => text.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return camel([method, ...words].join('-'));
}

function securityOf(operation: Operation): Record<string, string[]>[] {
  const scope = operation['x-token-scope'];
  const signedIn: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerSession: [] }, ...(scope ? [{ apiToken: [scope] }] : [])];
  // `{}` first: a public operation is answered without credentials, and differently with them.
  return operation['x-access'] === 'public' ? [{}, ...signedIn] : signedIn;
}

/** The failures every caller can meet, from the same declaration the server enforces. */
function failuresOf(operation: Operation): Record<string, string> {
  const access = operation['x-access'];
  const failures: Record<string, string> = {
    401: access === 'public' ? 'An API token was sent that is unknown or revoked (100401)' : 'Not signed in, or the session or API token is no longer valid (100401)',
  };
  if (access !== 'public' && access !== 'session') failures[403] = 'Signed in, but not allowed to do this (100403)';
  if (operation['x-frozen'] === 'refused') failures[403] = `${failures[403] ? `${failures[403]}; or ` : ''}the account is waiting for removal (412403)`;
  if (operation['x-token-scope']) failures[429] = 'The API token has spent its calls for this minute (100429); `Retry-After` says when to try again';
  if (operation.requestBody) failures[413] = 'The request body is larger than this operation accepts (413)';
  return failures;
}

/** Builds the document once per origin: generating it walks every route's schemas. */
export function createOpenApiDocument(app: OpenAPIHono<ApiEnv>) {
  const cache = new Map<string, unknown>();
  return (origin: string) => {
    const hit = cache.get(origin);
    if (hit) return hit;
    const document = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'MatLib API',
        version: APP_VERSION,
        description: DESCRIPTION,
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
        contact: { name: 'MatLib', url: `${origin}/about-us` },
      },
      servers: [{ url: origin, description: 'This site' }],
    });
    document.components = { ...document.components, securitySchemes: { ...SECURITY_SCHEMES } };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
        const operation = (item as Record<string, Operation | undefined>)[method];
        if (!operation) continue;
        operation.operationId ??= operationIdFor(method, path);
        operation.security ??= securityOf(operation);
        for (const [status, description] of Object.entries(failuresOf(operation))) {
          operation.responses[status] ??= { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
        }
      }
    }
    cache.set(origin, document);
    return document;
  };
}
