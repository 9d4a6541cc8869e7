import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  bindAccountSchema,
  boundAddressesSchema,
  handOffExchangeSchema,
  loginVersionParamSchema,
  type LoginResult,
  qrPollResultSchema,
  qrTicketIssuedSchema,
  selectedCompanySchema,
  changePasswordSchema,
  loginByCodeSchema,
  loginByPasswordSchema,
  loginResultSchema,
  qrPollSchema,
  qrTicketSchema,
  registerSchema,
  removalInfoSchema,
  requestRemovalSchema,
  resetPasswordSchema,
  selectCompanySchema,
  sendCodeResultSchema,
  sendCodeSchema,
  sessionCompanySchema,
  sessionContextSchema,
} from '../../../contracts/identity';
import { cancelAccountRemoval } from '../../identity/cancel-account-removal';
import { advanceQrTicket } from '../../identity/advance-qr-ticket';
import { bindAccount } from '../../identity/bind-account';
import { changePassword } from '../../identity/change-password';
import { createQrTicket } from '../../identity/create-qr-ticket';
import { pollQrTicket } from '../../identity/poll-qr-ticket';
import { consumeLimit } from '../../security/rate-limit';
import { findAccountRemoval } from '../../identity/find-account-removal';
import { requestAccountRemoval } from '../../identity/request-account-removal';
import { createHandOffToken, exchangeHandOffToken } from '../../identity/hand-off-session';
import { listCompanies, toSessionCompany } from '../../identity/list-companies';
import { loginWithCode } from '../../identity/login-with-code';
import { loginWithPassword } from '../../identity/login-with-password';
import { registerAccount } from '../../identity/register-account';
import { resetPassword } from '../../identity/reset-password';
import { revokeSession } from '../../identity/revoke-session';
import { selectCompany } from '../../identity/select-company';
import { sendVerificationCode } from '../../identity/send-verification-code';
import { clearSessionCookie } from '../../request/cookies';
import { AppError } from '../../errors';
import { getSession, requireSession } from '../auth';
import { ERROR } from '../../../errors';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { defineRoute } from '../define-route';
import { requestLang } from '../language';
import { publicOrigin } from '../public-origin';
import { honoCookies, setSessionCookie } from '../cookies';

const P = '/idealab-material/passport';
const failures = {
  422: 'Invalid input, wrong credentials or wrong code (field errors in the caller’s language)',
  429: 'Too many attempts: `data.retryAfter` seconds, also in Retry-After',
};

/** A sign-in answers the token for embedded hosts and sets it as the session cookie for the browser. */
function signedIn<T extends LoginResult>(c: Context<ApiEnv>, result: T): T {
  setSessionCookie(c, result.token);
  return result;
}

export function registerPassportRoutes(app: OpenAPIHono<ApiEnv>) {
  defineRoute(app, {
    method: 'get', path: `${P}/auth/effective`, access: 'public', tag: 'passport',
    summary: 'Whether the caller’s token is still valid',
    answer: ['true when valid', z.boolean()],
  }, async (c) => (await getSession(c)) !== null);

  defineRoute(app, {
    method: 'post', path: `${P}/login/{version}`, access: 'public', tag: 'passport',
    summary: 'Log in by account and password; sets the ilt cookie and returns the token for embedded hosts',
    params: loginVersionParamSchema, body: loginByPasswordSchema, answer: ['Logged in; currentCompanyId null means: choose a company', loginResultSchema],
    errors: failures,
  }, async (c) => {
    const { account, password } = c.req.valid('json');
    return signedIn(c, await loginWithPassword(account, password, clientIp(c)));
  });

  defineRoute(app, {
    method: 'get', path: `${P}/verify/code/send`, access: 'public', tag: 'passport', sameOrigin: true,
    summary: 'Send a one-time code (10 minutes, single use, one purpose); the same answer whether or not the account exists',
    query: sendCodeSchema, answer: ['Sent where it can be used', sendCodeResultSchema],
    errors: failures,
  }, async (c) => {
    const { account, type } = c.req.valid('query');
    const session = await getSession(c);
    return sendVerificationCode(account, type, { ip: clientIp(c), lang: requestLang(c), userId: session?.user.id ?? null });
  });

  defineRoute(app, {
    method: 'post', path: `${P}/login-by-code/{version}`, access: 'public', tag: 'passport',
    summary: 'Log in with a login code (type 2)',
    params: loginVersionParamSchema, body: loginByCodeSchema, answer: ['Logged in', loginResultSchema],
    errors: failures,
  }, async (c) => {
    const { account, code } = c.req.valid('json');
    return signedIn(c, await loginWithCode(account, code, clientIp(c)));
  });

  defineRoute(app, {
    method: 'post', path: `${P}/register/{version}`, access: 'public', tag: 'passport',
    summary: 'Register with a register code (type 3); the new user is signed in',
    params: loginVersionParamSchema, body: registerSchema, answer: ['Registered and logged in', loginResultSchema],
    errors: failures,
  }, async (c) => signedIn(c, await registerAccount(c.req.valid('json'), clientIp(c))));

  defineRoute(app, {
    method: 'post', path: '/authcenter/mp/uc/login/reset', access: 'public', tag: 'passport',
    summary: 'Set a new password with a reset code (type 4); every session of the account ends',
    body: resetPasswordSchema, answer: ['Password reset', z.null()],
    errors: failures,
  }, async (c) => {
    const { account, code, password } = c.req.valid('json');
    await resetPassword(account, code, password, clientIp(c));
    return null;
  });

  defineRoute(app, {
    method: 'post', path: '/authcenter/user/pass/update', access: 'session', tag: 'passport',
    summary: 'Change the password: every session ends and this client gets a new token',
    body: changePasswordSchema, answer: ['Changed; the new token', loginResultSchema],
    errors: failures,
  }, async (c) => {
    const session = await requireSession(c);
    const { oldPassword, newPassword } = c.req.valid('json');
    return signedIn(c, await changePassword(session.user.id, oldPassword, newPassword, clientIp(c)));
  });

  defineRoute(app, {
    method: 'post', path: '/authcenter/v1.0/user/update/account/current', access: 'session', tag: 'passport',
    summary: 'Bind a new mobile number or e-mail address (bind code, type 5, sent to that address); it signs in from then on',
    body: bindAccountSchema, answer: ['What is bound now', boundAddressesSchema],
    errors: { ...failures, 403: 'An address is bound already and the caller lacks the account-settings permission (FUN005)' },
  }, async (c) => {
    const session = await requireSession(c);
    const { account, code } = c.req.valid('json');
    return bindAccount(session.user.id, account, code, clientIp(c), session.permissions.includes('FUN005'));
  });

  defineRoute(app, {
    method: 'get', path: `${P}/company/list`, access: 'session', tag: 'passport',
    summary: 'The caller’s companies',
    answer: ['Companies', z.array(sessionCompanySchema)],
  }, async (c) => {
    const session = await requireSession(c);
    return (await listCompanies(session.user.id)).map(toSessionCompany);
  });

  defineRoute(app, {
    method: 'get', path: `${P}/select-company`, access: 'session', tag: 'passport', sameOrigin: true, allowFrozen: true,
    summary: 'Switch the session to one of the caller’s companies (100403 with data.removed when no longer a member)',
    query: selectCompanySchema, answer: ['Switched', selectedCompanySchema],
    errors: { 403: 'Not a member' },
  }, async (c) => {
    const session = await requireSession(c);
    return selectCompany(c.get('token') ?? '', session.user.id, c.req.valid('query').companyId);
  });

  defineRoute(app, {
    method: 'get', path: `${P}/sso`, access: 'session', tag: 'passport',
    summary: 'A one-time token (60 s) that another context exchanges for its own session',
    answer: ['The one-time token', z.string()],
  }, async (c) => {
    const session = await requireSession(c);
    return createHandOffToken(session.user.id, session.company?.id ?? null);
  });

  defineRoute(app, {
    method: 'get', path: `${P}/sso/v1`, access: 'public', tag: 'passport', sameOrigin: true,
    summary: 'Exchange a one-time token for a session (once); tenantId opens that company',
    query: handOffExchangeSchema, answer: ['Logged in', loginResultSchema],
    errors: { 401: 'Unknown, used or expired token' },
  }, async (c) => {
    const { token, tenantId } = c.req.valid('query');
    const result = await exchangeHandOffToken(token, tenantId ?? null);
    if (!result) throw new AppError(ERROR.needLogin);
    return signedIn(c, result);
  });

  defineRoute(app, {
    method: 'post', path: '/authcenter/mp/uc/remove', access: 'session', tag: 'passport', allowFrozen: true,
    summary: 'Ask for the account to be removed (removal code, type 6); the account is frozen until then',
    body: requestRemovalSchema, answer: ['Requested', z.null()],
    errors: { ...failures, 409: 'Already pending' },
  }, async (c) => {
    const session = await requireSession(c);
    const { code, reason } = c.req.valid('json');
    await requestAccountRemoval(session.user.id, session.user.account, code, reason, clientIp(c));
    return null;
  });

  defineRoute(app, {
    method: 'get', path: '/authcenter/mp/uc/removal/info', access: 'session', tag: 'passport',
    summary: 'The latest removal request, or null',
    answer: ['The request', removalInfoSchema],
  }, async (c) => findAccountRemoval((await requireSession(c)).user.id));

  defineRoute(app, {
    method: 'post', path: '/authcenter/mp/uc/removal/cancel', access: 'session', tag: 'passport', allowFrozen: true,
    summary: 'Withdraw a pending removal request; the account is unfrozen',
    answer: ['Withdrawn', z.null()],
    errors: { 409: 'Nothing pending' },
  }, async (c) => {
    await cancelAccountRemoval((await requireSession(c)).user.id);
    return null;
  });

  const QR = '/authcenter/mp/uc/wx/qrcode';
  defineRoute(app, {
    method: 'post', path: QR, access: 'public', tag: 'passport',
    summary: 'Start scan-to-log-in: a ticket for the QR code and a poll secret the browser keeps',
    answer: ['The ticket and its QR image (SVG)', qrTicketIssuedSchema],
    errors: failures,
  }, async (c) => {
    await consumeLimit('code.ip', clientIp(c));
    return createQrTicket(publicOrigin(c));
  });

  defineRoute(app, {
    method: 'post', path: `${QR}/status`, access: 'public', tag: 'passport',
    summary: 'Poll a ticket: created, scanned, confirmed (with the session, once) or expired',
    body: qrPollSchema, answer: ['The state', qrPollResultSchema],
    errors: failures,
  }, async (c) => {
    const { ticket, pollSecret } = c.req.valid('json');
    const result = await pollQrTicket(ticket, pollSecret);
    if (result.login) setSessionCookie(c, result.login.token);
    return result;
  });

  for (const step of ['scan', 'confirm'] as const) {
    defineRoute(app, {
    method: 'post', path: `${QR}/${step}`, access: 'session', tag: 'passport', allowFrozen: true,
    summary: step === 'scan' ? 'The signed-in phone user scanned the ticket' : 'The phone user approves the sign-in on the computer',
    body: qrTicketSchema, answer: ['Done', z.null()],
    errors: { 404: 'Expired', 409: 'Someone else’s ticket or a skipped step' },
  }, async (c) => {
      const session = await requireSession(c);
      await advanceQrTicket(c.req.valid('json').ticket, session.user.id, step);
      return null;
    });
  }

  defineRoute(app, {
    method: 'post', path: `${P}/logout`, access: 'public', tag: 'passport',
    summary: 'Log out: the token is revoked server-side and the cookie cleared',
    answer: ['Logged out', z.null()],
  }, async (c) => {
    await getSession(c);
    const token = c.get('token');
    if (token) await revokeSession(token);
    clearSessionCookie(honoCookies(c), new URL(c.req.url));
    return null;
  });

  defineRoute(app, {
    method: 'get', path: '/idealab-material/customer/user/info/current', access: 'session', tag: 'passport',
    summary: 'The signed-in user with companies and permissions',
    answer: ['The user context', sessionContextSchema],
  }, async (c) => requireSession(c));
}
