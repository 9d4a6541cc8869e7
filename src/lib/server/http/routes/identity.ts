import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { LOGIN_VERSION } from '../../../constants';
import {
  bindAccountSchema,
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
import { access } from '../access';
import { AppError } from '../../errors';
import { getSession, requireSession } from '../auth';
import { ERROR } from '../../../errors';
import { clientIp } from '../client-ip';
import type { ApiEnv } from '../context';
import { answer, envelopeOf, errorEnvelopeSchema, jsonBody as json, ok } from '../envelope';
import { requestLang } from '../language';
import { publicOrigin } from '../public-origin';
import { sameOriginRequired } from '../middleware';
import { honoCookies, setSessionCookie } from '../cookies';

const P = '/idealab-material/passport';
const failures = {
  422: { description: 'Invalid input, wrong credentials or wrong code (field errors in the caller’s language)', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  429: { description: 'Too many attempts: `data.retryAfter` seconds, also in Retry-After', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};
const version = z.object({ version: z.enum([String(LOGIN_VERSION.default), String(LOGIN_VERSION.special)]) });

export function registerPassportRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(
    createRoute({
      ...access('public'), method: 'get', path: `${P}/auth/effective`, tags: ['passport'], summary: 'Whether the caller’s token is still valid', responses: { 200: answer('true when valid', z.boolean()) } }),
    async (c) => ok(c, (await getSession(c)) !== null),
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${P}/login/{version}`,
      tags: ['passport'],
      summary: 'Log in by account and password; sets the ilt cookie and returns the token for embedded hosts',
      request: { params: version, body: json(loginByPasswordSchema) },
      responses: { 200: answer('Logged in; currentCompanyId null means: choose a company', loginResultSchema), ...failures },
    }),
    async (c) => {
      const { account, password } = c.req.valid('json');
      const result = await loginWithPassword(account, password, clientIp(c));
      setSessionCookie(c, result.token);
      return ok(c, result);
    },
  );

  app.use(`${P}/verify/code/send`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${P}/verify/code/send`,
      tags: ['passport'],
      summary: 'Send a one-time code (10 minutes, single use, one purpose); the same answer whether or not the account exists',
      request: { query: sendCodeSchema },
      responses: { 200: answer('Sent where it can be used', sendCodeResultSchema), ...failures },
    }),
    async (c) => {
      const { account, type } = c.req.valid('query');
      return ok(c, await sendVerificationCode(account, type, { ip: clientIp(c), lang: requestLang(c) }));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${P}/login-by-code/{version}`,
      tags: ['passport'],
      summary: 'Log in with a login code (type 2)',
      request: { params: version, body: json(loginByCodeSchema) },
      responses: { 200: answer('Logged in', loginResultSchema), ...failures },
    }),
    async (c) => {
      const { account, code } = c.req.valid('json');
      const result = await loginWithCode(account, code, clientIp(c));
      setSessionCookie(c, result.token);
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${P}/register/{version}`,
      tags: ['passport'],
      summary: 'Register with a register code (type 3); the new user is signed in',
      request: { params: version, body: json(registerSchema) },
      responses: { 200: answer('Registered and logged in', loginResultSchema), ...failures },
    }),
    async (c) => {
      const result = await registerAccount(c.req.valid('json'), clientIp(c));
      setSessionCookie(c, result.token);
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: '/authcenter/mp/uc/login/reset',
      tags: ['passport'],
      summary: 'Set a new password with a reset code (type 4); every session of the account ends',
      request: { body: json(resetPasswordSchema) },
      responses: { 200: answer('Password reset', z.null()), ...failures },
    }),
    async (c) => {
      const { account, code, password } = c.req.valid('json');
      await resetPassword(account, code, password, clientIp(c));
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: '/authcenter/user/pass/update',
      tags: ['passport'],
      summary: 'Change the password: every session ends and this client gets a new token',
      request: { body: json(changePasswordSchema) },
      responses: { 200: answer('Changed; the new token', loginResultSchema), ...failures },
    }),
    async (c) => {
      const session = await requireSession(c);
      const { oldPassword, newPassword } = c.req.valid('json');
      const result = await changePassword(session.user.id, oldPassword, newPassword, clientIp(c));
      setSessionCookie(c, result.token);
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: '/authcenter/v1.0/user/update/account/current',
      tags: ['passport'],
      summary: 'Bind a new mobile number or e-mail address (bind code, type 5, sent to that address); it signs in from then on',
      request: { body: json(bindAccountSchema) },
      responses: { 200: answer('What is bound now', z.object({ email: z.string().nullable(), mobile: z.string().nullable() })), ...failures },
    }),
    async (c) => {
      const session = await requireSession(c);
      const { account, code } = c.req.valid('json');
      return ok(c, await bindAccount(session.user.id, account, code, clientIp(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'), method: 'get', path: `${P}/company/list`, tags: ['passport'], summary: 'The caller’s companies', responses: { 200: answer('Companies', z.array(sessionCompanySchema)) } }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, (await listCompanies(session.user.id)).map(toSessionCompany));
    },
  );

  app.use(`${P}/select-company`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${P}/select-company`,
      tags: ['passport'],
      summary: 'Switch the session to one of the caller’s companies (100403 with data.removed when no longer a member)',
      request: { query: selectCompanySchema },
      responses: { 200: answer('Switched', z.object({ currentCompanyId: z.number().int() })), 403: { description: 'Not a member', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await selectCompany(c.get('token') ?? '', session.user.id, c.req.valid('query').companyId));
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'get',
      path: `${P}/sso`,
      tags: ['passport'],
      summary: 'A one-time token (60 s) that another context exchanges for its own session',
      responses: { 200: answer('The one-time token', z.string()) },
    }),
    async (c) => {
      const session = await requireSession(c);
      return ok(c, await createHandOffToken(session.user.id, session.company?.id ?? null));
    },
  );

  app.use(`${P}/sso/v1`, sameOriginRequired);
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'get',
      path: `${P}/sso/v1`,
      tags: ['passport'],
      summary: 'Exchange a one-time token for a session (once); tenantId opens that company',
      request: { query: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'validation.invalidValue'), tenantId: z.coerce.number().int().positive().optional() }) },
      responses: { 200: answer('Logged in', loginResultSchema), 401: { description: 'Unknown, used or expired token', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      const { token, tenantId } = c.req.valid('query');
      const result = await exchangeHandOffToken(token, tenantId ?? null);
      if (!result) throw new AppError(ERROR.needLogin);
      setSessionCookie(c, result.token);
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: '/authcenter/mp/uc/remove',
      tags: ['passport'],
      summary: 'Ask for the account to be removed (removal code, type 6); the account is frozen until then',
      request: { body: json(requestRemovalSchema) },
      responses: { 200: answer('Requested', z.null()), ...failures, 409: { description: 'Already pending', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      const session = await requireSession(c);
      const { code, reason } = c.req.valid('json');
      await requestAccountRemoval(session.user.id, session.user.account, code, reason, clientIp(c));
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('session'), method: 'get', path: '/authcenter/mp/uc/removal/info', tags: ['passport'], summary: 'The latest removal request, or null', responses: { 200: answer('The request', removalInfoSchema) } }),
    async (c) => ok(c, await findAccountRemoval((await requireSession(c)).user.id)),
  );

  app.openapi(
    createRoute({
      ...access('session'),
      method: 'post',
      path: '/authcenter/mp/uc/removal/cancel',
      tags: ['passport'],
      summary: 'Withdraw a pending removal request; the account is unfrozen',
      responses: { 200: answer('Withdrawn', z.null()), 409: { description: 'Nothing pending', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
    }),
    async (c) => {
      await cancelAccountRemoval((await requireSession(c)).user.id);
      return ok(c, null);
    },
  );

  const QR = '/authcenter/mp/uc/wx/qrcode';
  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: QR,
      tags: ['passport'],
      summary: 'Start scan-to-log-in: a ticket for the QR code and a poll secret the browser keeps',
      responses: { 200: answer('The ticket and its QR image (SVG)', z.object({ ticket: z.string(), pollSecret: z.string(), expiresIn: z.number().int(), scanPath: z.string(), qrSvg: z.string() })), ...failures },
    }),
    async (c) => {
      await consumeLimit('code.ip', clientIp(c));
      return ok(c, await createQrTicket(publicOrigin(c)));
    },
  );

  app.openapi(
    createRoute({
      ...access('public'),
      method: 'post',
      path: `${QR}/status`,
      tags: ['passport'],
      summary: 'Poll a ticket: created, scanned, confirmed (with the session, once) or expired',
      request: { body: json(qrPollSchema) },
      responses: { 200: answer('The state', z.object({ status: z.enum(['created', 'scanned', 'confirmed', 'expired']), login: loginResultSchema.optional() })), ...failures },
    }),
    async (c) => {
      const { ticket, pollSecret } = c.req.valid('json');
      const result = await pollQrTicket(ticket, pollSecret);
      if (result.login) setSessionCookie(c, result.login.token);
      return ok(c, result);
    },
  );

  for (const step of ['scan', 'confirm'] as const) {
    app.openapi(
      createRoute({
      ...access('session'),
        method: 'post',
        path: `${QR}/${step}`,
        tags: ['passport'],
        summary: step === 'scan' ? 'The signed-in phone user scanned the ticket' : 'The phone user approves the sign-in on the computer',
        request: { body: json(qrTicketSchema) },
        responses: { 200: answer('Done', z.null()), 404: { description: 'Expired', content: { 'application/json': { schema: errorEnvelopeSchema } } }, 409: { description: 'Someone else’s ticket or a skipped step', content: { 'application/json': { schema: errorEnvelopeSchema } } } },
      }),
      async (c) => {
        const session = await requireSession(c);
        await advanceQrTicket(c.req.valid('json').ticket, session.user.id, step);
        return ok(c, null);
      },
    );
  }

  app.openapi(
    createRoute({
      ...access('public'), method: 'post', path: `${P}/logout`, tags: ['passport'], summary: 'Log out: the token is revoked server-side and the cookie cleared', responses: { 200: answer('Logged out', z.null()) } }),
    async (c) => {
      await getSession(c);
      const token = c.get('token');
      if (token) await revokeSession(token);
      clearSessionCookie(honoCookies(c));
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...access('session'), method: 'get', path: '/idealab-material/customer/user/info/current', tags: ['passport'], summary: 'The signed-in user with companies and permissions', responses: { 200: answer('The user context', sessionContextSchema) } }),
    async (c) => ok(c, await requireSession(c)),
  );
}
