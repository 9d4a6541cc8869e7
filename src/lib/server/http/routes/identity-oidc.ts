import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { oidcCallbackQuerySchema, oidcProviderParamSchema, oidcStartQuerySchema } from '../../../contracts/identity';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { safeRedirect } from '../../../routes';
import { finishOidcLogin } from '../../identity/finish-oidc-login';
import { startOidcLogin } from '../../identity/start-oidc-login';
import { AppError } from '../../errors';
import { access } from '../access';
import type { ApiEnv } from '../context';
import { errorEnvelopeSchema } from '../envelope';
import { publicOrigin } from '../public-origin';
import { setSessionCookie } from '../cookies';
import { ERROR } from '../../../errors';
import { OIDC_PAGE_FLOWS } from '../../../contracts/identity-rules';

const BASE = '/idealab-material/passport/oidc';
/** Binds an authorization request to the browser that started it (against login CSRF). */
export const STATE_COOKIE = 'oidc_state';
/** Where the social page flow's code is exchanged (routes/identity-social.ts). */
export const WECHAT_PAGE_FINISH = '/idealab-material/passport/wechat';

export function registerOidcRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${BASE}/{provider}/start`,
      tags: ['passport'],
      summary: 'Social / team-chat sign-in: redirects to the configured OpenID Connect provider; mode=page has the provider answer the flow’s page (wechat: a code to /login; teams: an ID token to /ms-teams/ms-auth)',
      request: { params: oidcProviderParamSchema, query: oidcStartQuerySchema },
      responses: { 302: { description: 'To the provider' }, 404: { description: 'Not configured', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      const origin = publicOrigin(c);
      const { provider: id } = c.req.valid('param');
      const { redirect, mode } = c.req.valid('query');
      const returnUrl = mode === 'page' ? `${origin}${OIDC_PAGE_FLOWS[id].returnPath}` : `${origin}/api${BASE}/${id}/callback`;
      const target = await startOidcLogin(id, returnUrl, safeRedirect(redirect), new Date(), mode);
      // The cookie goes where a code is exchanged: our callback, or the social page flow's call. The team-chat page
      // flow hands over an ID token from a popup that may not share this browser's cookies: its token is bound to the
      // request's nonce instead, and only a same-site script can post it.
      if (mode === 'server' || id === 'wechat') {
        const cookiePath = mode === 'page' ? `/api${WECHAT_PAGE_FINISH}` : `/api${BASE}`;
        setCookie(c, STATE_COOKIE, target.searchParams.get('state') ?? '', { path: cookiePath, httpOnly: true, sameSite: 'Lax', secure: origin.startsWith('https:'), maxAge: 600 });
      }
      return c.redirect(target.href, 302);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${BASE}/{provider}/callback`,
      tags: ['passport'],
      summary: 'Where the provider sends the browser back: signs in and continues (bind mobile or choose company when needed)',
      request: { params: oidcProviderParamSchema, query: oidcCallbackQuerySchema },
      responses: { 302: { description: 'Signed in: on to the page the user was going to' }, 401: { description: 'Sign-in did not complete', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      const { provider: id } = c.req.valid('param');
      if (getCookie(c, STATE_COOKIE) !== c.req.valid('query').state) throw new AppError(ERROR.needLogin, { message: 'Sign-in was not started in this browser' });
      deleteCookie(c, STATE_COOKIE, { path: `/api${BASE}` });
      const here = new URL(c.req.url);
      const callback = new URL(`${publicOrigin(c)}${here.pathname}${here.search}`);
      const { login, redirect } = await finishOidcLogin(id, callback);
      setSessionCookie(c, login.token);
      const back = new URLSearchParams({ redirect });
      if (!login.isBind) return c.redirect(`/login?action=bind-mobile&${back}`, 302);
      if (login.currentCompanyId === null) return c.redirect(`/login?step=choose-company&${back}`, 302);
      return c.redirect(redirect, 302);
    },
  );
}
