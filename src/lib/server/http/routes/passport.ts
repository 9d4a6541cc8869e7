import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { setCookie, deleteCookie } from 'hono/cookie';
import { loginByPasswordSchema, sessionContextSchema } from '../../../contracts/identity';
import { LOGIN_VERSION } from '../../../constants';
import { loginWithPassword } from '../../identity/login-with-password';
import { revokeSession } from '../../identity/revoke-session';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../identity/session-token';
import { getSession, requireSession } from '../auth';
import type { ApiEnv } from '../context';
import { envelopeOf, errorEnvelopeSchema, ok } from '../envelope';

const P = '/idealab-material/passport';
const invalid = { 422: { description: 'Invalid input or wrong credentials', content: { 'application/json': { schema: errorEnvelopeSchema } } } };

export function registerPassportRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      method: 'get',
      path: `${P}/auth/effective`,
      tags: ['passport'],
      summary: 'Whether the caller’s token is still valid',
      responses: { 200: { description: 'true when valid', content: { 'application/json': { schema: envelopeOf(z.boolean()) } } } },
    }),
    async (c) => ok(c, (await getSession(c)) !== null),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${P}/login/{version}`,
      tags: ['passport'],
      summary: 'Log in by account and password; sets the ilt cookie and returns the token for embedded hosts',
      request: {
        params: z.object({ version: z.enum([String(LOGIN_VERSION.default), String(LOGIN_VERSION.special)]) }),
        body: { required: true, content: { 'application/json': { schema: loginByPasswordSchema } } },
      },
      responses: {
        200: {
          description: 'Logged in',
          content: { 'application/json': { schema: envelopeOf(z.object({ token: z.string(), currentCompanyId: z.number().int().nullable(), isBind: z.boolean() })) } },
        },
        ...invalid,
      },
    }),
    async (c) => {
      const { account, password } = c.req.valid('json');
      const result = await loginWithPassword(account, password);
      setCookie(c, SESSION_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
      });
      return ok(c, { token: result.token, currentCompanyId: result.currentCompanyId, isBind: result.isBind });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${P}/logout`,
      tags: ['passport'],
      summary: 'Log out: the token is revoked server-side and the cookie cleared',
      responses: { 200: { description: 'Logged out', content: { 'application/json': { schema: envelopeOf(z.null()) } } } },
    }),
    async (c) => {
      await getSession(c);
      const token = c.get('token');
      if (token) await revokeSession(token);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/idealab-material/customer/user/info/current',
      tags: ['passport'],
      summary: 'The signed-in user with companies and permissions',
      responses: { 200: { description: 'The user context', content: { 'application/json': { schema: envelopeOf(sessionContextSchema) } } } },
    }),
    async (c) => ok(c, await requireSession(c)),
  );
}
