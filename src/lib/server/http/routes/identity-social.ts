/**
 * Sign-in finished by a page (the social app's code, the team-chat client's ID token) and the bind step after a
 * social sign-in (docs/product/identity.md#social-sign-in-in-a-page, #binding-after-a-social-sign-in).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteCookie, getCookie } from 'hono/cookie';
import {
  boundAddressesSchema,
  loginResultSchema,
  loginVersionParamSchema,
  snsBindExistingSchema,
  snsBindMobileSchema,
  snsBindStatusSchema,
  socialLoginResultSchema,
  teamsLoginSchema,
  wechatLoginQuerySchema,
} from '../../../contracts/identity';
import { OIDC_PAGE_FLOWS } from '../../../contracts/identity-rules';
import { ERROR } from '../../../errors';
import { bindAccount } from '../../identity/bind-account';
import { findBindStatus } from '../../identity/find-bind-status';
import { finishOidcLogin } from '../../identity/finish-oidc-login';
import { joinSocialAccount } from '../../identity/join-social-account';
import { loginWithTeamChatToken } from '../../identity/login-with-team-chat-token';
import { AppError } from '../../errors';
import { requireSession } from '../auth';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { setSessionCookie } from '../cookies';
import { defineRoute } from '../define-route';
import { publicOrigin } from '../public-origin';
import { STATE_COOKIE, WECHAT_PAGE_FINISH } from './identity-oidc';

const P = '/idealab-material/passport';
const failures = {
  422: 'Invalid input, wrong credentials or wrong code (field errors in the caller’s language)',
  429: 'Too many attempts: `data.retryAfter` seconds, also in Retry-After',
};

export function registerSocialLoginRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${P}/wechat/login-by-code/{version}`, access: 'public', tag: 'passport', sameOrigin: true,
    summary: 'Exchange the code the social app returned to the login page (state wx_login.…, started with oidc/wechat/start?mode=page) for a login; sets the cookie',
    params: loginVersionParamSchema, query: wechatLoginQuerySchema, answer: ['Logged in, and where the user was going', socialLoginResultSchema],
    errors: { 401: 'Not started in this browser, already used, expired, or refused by the provider' },
  }, async (c) => {
    const { code, state, iss } = c.req.valid('query');
    if (getCookie(c, STATE_COOKIE) !== state) throw new AppError(ERROR.needLogin, { message: 'Sign-in was not started in this browser' });
    deleteCookie(c, STATE_COOKIE, { path: `/api${WECHAT_PAGE_FINISH}` });
    const answered = new URL(`${publicOrigin(c)}${OIDC_PAGE_FLOWS.wechat.returnPath}`);
    answered.search = new URLSearchParams({ code, state, ...(iss ? { iss } : {}) }).toString();
    const { login, redirect } = await finishOidcLogin('wechat', answered, new Date(), 'page');
    setSessionCookie(c, login.token);
    return { ...login, redirect };
  });

  defineRoute(app, {
    method: 'post', path: `${P}/ms-teams/login/6`, access: 'public', tag: 'passport',
    summary: 'Team-chat sign-in: the ID token the team-chat client handed the page (asked for with oidc/teams/start?mode=page), checked against the teams provider; sets the cookie',
    body: teamsLoginSchema, answer: ['Logged in, and where the user was going', socialLoginResultSchema],
    errors: { 401: 'A forged, expired, foreign, replayed or unrequested token' },
  }, async (c) => {
    const { idToken, state } = c.req.valid('json');
    const { login, redirect } = await loginWithTeamChatToken(idToken, state, `${publicOrigin(c)}${OIDC_PAGE_FLOWS.teams.returnPath}`);
    setSessionCookie(c, login.token);
    return { ...login, redirect };
  });

  defineRoute(app, {
    method: 'get', path: `${P}/sns/bind-mobile`, access: 'session', tag: 'passport',
    summary: 'The bind step after a social sign-in: what is bound, the providers, and whether the account can still be joined to an existing one',
    answer: ['The account’s bind status', snsBindStatusSchema],
  }, async (c) => findBindStatus((await requireSession(c)).user.id));

  defineRoute(app, {
    method: 'post', path: `${P}/sns/bind-account/mobile`, access: 'session', tag: 'passport',
    summary: 'Bind a mobile number to the signed-in account with a bind code (type 5) sent to it; it signs in from then on',
    body: snsBindMobileSchema, answer: ['What is bound now', boundAddressesSchema],
    errors: { ...failures, 403: 'An address is bound already and the caller lacks the account-settings permission (FUN005)' },
  }, async (c) => {
    const session = await requireSession(c);
    const { account, code } = c.req.valid('json');
    return bindAccount(session.user.id, account, code, clientIp(c), session.permissions.includes('FUN005'));
  });

  defineRoute(app, {
    method: 'post', path: `${P}/sns/bind-account/account`, access: 'session', tag: 'passport',
    summary: 'Join the signed-in social account to an existing account (its account and password): the social sign-ins move there, the social account is retired, and the caller is signed in to the existing account',
    body: snsBindExistingSchema, answer: ['Signed in to the existing account', loginResultSchema],
    errors: { ...failures, 409: 'The signed-in account is more than a social sign-in' },
  }, async (c) => {
    const session = await requireSession(c);
    const { account, password } = c.req.valid('json');
    const login = await joinSocialAccount(session.user.id, account, password, clientIp(c));
    setSessionCookie(c, login.token);
    return login;
  });
}
