import { z } from 'zod';
import { LOGIN_VERSION } from '../constants';
import { CODE_LENGTH, CODE_TYPE, OIDC_PAGE_FLOWS, PASSWORD_MAX, PASSWORD_MIN, type CodeType } from './identity-rules';

/** What a page and an island know about the signed-in user (never the token). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  nickName: z.string(),
  /** User type (docs/product/README.md#users): 0 unknown, 1 buyer, 2 supplier. */
  role: z.number().int(),
  /** 5 means frozen. */
  status: z.number().int(),
  personalCerStatus: z.number().int(),
  isPlatformAdmin: z.boolean(),
  /** Shows industry aliases of categories and fields (docs/product/README.md#users), remembered per user. */
  showAliases: z.boolean(),
});

export const sessionCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  isCompanyAdmin: z.boolean(),
  isPersonal: z.boolean(),
  corpCerStatus: z.number().int(),
  /** The company's role (docs/product/identity.md#data Company.role): 0 none yet, 1 buyer, 2 supplier. */
  role: z.number().int(),
});

export const sessionContextSchema = z.object({
  user: sessionUserSchema,
  company: sessionCompanySchema.nullable(),
  companies: z.array(sessionCompanySchema),
  permissions: z.array(z.string()),
  /** The session's company was removed (or the member disabled) since it was chosen: it has been cleared (docs/product/identity.md#states). */
  companyRemoved: z.boolean().optional(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionCompany = z.infer<typeof sessionCompanySchema>;
export type SessionContext = z.infer<typeof sessionContextSchema>;

/** POST /api/idealab-material/passport/login/{version}: any existing account name, so no format check. */
export const loginByPasswordSchema = z.object({
  account: z.string().trim().min(1, 'validation.accountRequired').max(100, 'validation.tooLong'),
  password: z.string().min(1, 'validation.passwordRequired').max(200, 'validation.tooLong'),
});

export { CODE_LENGTH, CODE_RESEND_S, CODE_TTL_S, CODE_TYPE, OIDC_PAGE_FLOWS, PASSWORD_MAX, PASSWORD_MIN, SNS_BIND_MODES, type CodeType, type SnsBindMode } from './identity-rules';
const codeTypes = Object.values(CODE_TYPE) as [CodeType, ...CodeType[]];

const MOBILE = /^\+?[0-9]{6,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A mobile number or an e-mail address; messages are i18n keys (`validation.*`), translated per request. */
export const accountSchema = z
  .string()
  .trim()
  .min(1, 'validation.accountRequired')
  .max(100, 'validation.tooLong')
  .refine((v) => MOBILE.test(v) || EMAIL.test(v), 'validation.account')
  .transform((v) => (EMAIL.test(v) ? v.toLowerCase() : v));

export const codeSchema = z.string().trim().regex(new RegExp(`^[0-9]{${CODE_LENGTH}}$`), 'validation.code');
export const passwordSchema = z.string().min(PASSWORD_MIN, 'validation.passwordLength').max(PASSWORD_MAX, 'validation.passwordLength');

/** GET /api/idealab-material/passport/verify/code/send?account=&type= */
export const sendCodeSchema = z.object({ account: accountSchema, type: z.coerce.number().pipe(z.literal(codeTypes)) });
/** Answer of code send: the same whether or not the account exists. */
export const sendCodeResultSchema = z.object({ expiresIn: z.number().int(), resendAfter: z.number().int() });

/** POST /api/idealab-material/passport/login-by-code/{version} */
export const loginByCodeSchema = z.object({ account: accountSchema, code: codeSchema });

/** POST /api/idealab-material/passport/register/{version}; the code is of type 3 (register). */
export const registerSchema = z.object({
  account: accountSchema,
  code: codeSchema,
  password: passwordSchema,
  name: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  /** 1 buyer, 2 supplier (docs/product/README.md#users). */
  userType: z.union([z.literal(1), z.literal(2)]).default(1),
});

/** POST /api/authcenter/mp/uc/login/reset; the code is of type 4 (update password). Every session ends. */
export const resetPasswordSchema = z.object({ account: accountSchema, code: codeSchema, password: passwordSchema });

/** POST /api/authcenter/user/pass/update (signed in). Every other session ends; this client gets a new token. */
export const changePasswordSchema = z.object({ oldPassword: z.string().min(1, 'validation.required').max(PASSWORD_MAX), newPassword: passwordSchema });

/** Every login answers this (docs/product/identity.md#data Login result). `currentCompanyId` null: the user must choose a company. */
export const loginResultSchema = z.object({
  token: z.string(),
  currentCompanyId: z.number().int().nullable(),
  isBind: z.boolean(),
  companies: z.array(sessionCompanySchema),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /api/idealab-material/passport/select-company?companyId= */
export const selectCompanySchema = z.object({ companyId: z.coerce.number().int().positive() });

/** Account removal (docs/product/identity.md#data): 1 pending, 2 removed, 3 withdrawn. */
export const REMOVAL_STATUS = { pending: 1, removed: 2, withdrawn: 3 } as const;
/** Days between a removal request and the removal, during which it can be withdrawn. */
export const REMOVAL_GRACE_DAYS = 15;

/** POST /api/authcenter/mp/uc/remove; the code is of type 6 (remove account). */
export const requestRemovalSchema = z.object({ code: codeSchema, reason: z.string().trim().max(200, 'validation.tooLong').optional() });

export const removalInfoSchema = z
  .object({ status: z.number().int(), requestedAt: z.string(), removeAfter: z.string() })
  .nullable();

const ticketSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'validation.invalidValue');
/** POST /api/authcenter/mp/uc/wx/qrcode/status */
export const qrPollSchema = z.object({ ticket: ticketSchema, pollSecret: z.string().regex(/^[A-Za-z0-9_-]{40,64}$/, 'validation.invalidValue') });
/** POST /api/authcenter/mp/uc/wx/qrcode/scan and …/confirm (signed in on the phone) */
export const qrTicketSchema = z.object({ ticket: ticketSchema });

/** POST /api/authcenter/v1.0/user/update/account/current: bind a new mobile or e-mail with a bind code (type 5). */
export const bindAccountSchema = z.object({ account: accountSchema, code: codeSchema });
/** The mobile number and e-mail address an account signs in with after a bind. */
export const boundAddressesSchema = z.object({ email: z.string().nullable(), mobile: z.string().nullable() }).meta({ id: 'BoundAddresses' });
export type BoundAddresses = z.infer<typeof boundAddressesSchema>;

/** The login routes carry the protocol version in the path: `/login/{version}`. */
export const loginVersionParamSchema = z.object({ version: z.enum([String(LOGIN_VERSION.default), String(LOGIN_VERSION.special)]) });

export const selectedCompanySchema = z.object({ currentCompanyId: z.number().int() });

/** GET /api/idealab-material/passport/sso/v1: a one-time token from another context, optionally opening a company. */
export const handOffExchangeSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'validation.invalidValue'),
  tenantId: z.coerce.number().int().positive().optional(),
});

/** The switch page's form (docs/product/routes.md#route-guard): the session offered in a URL, and where to go once it is taken. */
export const sessionSwitchSchema = z.object({
  ilt: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'validation.invalidValue'),
  redirect: z.string().max(2000).optional(),
});

export const qrTicketIssuedSchema = z
  .object({
    ticket: z.string(),
    /** Kept by the browser that shows the code: only it may poll. */
    pollSecret: z.string(),
    expiresIn: z.number().int(),
    scanPath: z.string(),
    /** Markup generated by our own API from the ticket's URL: the only markup an island ever injects. */
    qrSvg: z.string(),
  })
  .meta({ id: 'QrTicket' });
export type QrTicket = z.infer<typeof qrTicketIssuedSchema>;

export const QR_STATUSES = ['created', 'scanned', 'confirmed', 'expired'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];
export const qrPollResultSchema = z
  .object({
    status: z.enum(QR_STATUSES),
    /** Only with `confirmed`, and only once: the server has set the session cookie. */
    login: loginResultSchema.optional(),
  })
  .meta({ id: 'QrPoll' });
export type QrPoll = z.infer<typeof qrPollResultSchema>;

export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type SelectedCompany = z.infer<typeof selectedCompanySchema>;

/** Sign-in through an OpenID Connect provider (social or team chat). */
export const oidcProviderParamSchema = z.object({ provider: z.enum(['wechat', 'teams']) });
/**
 * `mode`: `server` (our callback finishes and redirects), or `page` (the provider returns to the flow's page, which
 * hands what it got to `wechat/login-by-code` or `ms-teams/login/6`; docs/product/identity.md#social-sign-in-in-a-page).
 */
export const oidcStartQuerySchema = z.object({ redirect: z.string().max(500).optional(), mode: z.enum(['server', 'page']).default('server') });
export const oidcCallbackQuerySchema = z.object({ code: z.string().max(2000), state: z.string().max(200) });

/** A state of a page flow: the flow's marker, a dot, and the random part (`randomState`: 43 characters). */
const pageState = (provider: keyof typeof OIDC_PAGE_FLOWS) =>
  z.string().regex(new RegExp(`^${OIDC_PAGE_FLOWS[provider].statePrefix}\\.[A-Za-z0-9_-]{20,100}$`), 'validation.invalidValue');

/** GET /api/idealab-material/passport/wechat/login-by-code/{version}: what the social app handed the login page. */
export const wechatLoginQuerySchema = z.object({
  code: z.string().min(1, 'validation.required').max(2000, 'validation.tooLong'),
  state: pageState('wechat'),
  /** The provider's issuer, when it names itself in the answer (RFC 9207); forwarded as it came. */
  iss: z.string().max(500, 'validation.tooLong').optional(),
});

/** POST /api/idealab-material/passport/ms-teams/login/6: the ID token the team-chat client handed the page, and the state it came with. */
export const teamsLoginSchema = z.object({
  idToken: z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'validation.invalidValue').max(8000, 'validation.tooLong'),
  state: pageState('teams'),
});

/** A sign-in a page finished: the login result, and where the user was going when the sign-in started. */
export const socialLoginResultSchema = loginResultSchema.extend({ redirect: z.string() }).meta({ id: 'SocialLoginResult' });
export type SocialLoginResult = z.infer<typeof socialLoginResultSchema>;

/** GET /api/idealab-material/passport/sns/bind-mobile: what the bind step needs to know about the signed-in account. */
export const snsBindStatusSchema = z.object({
  isBind: z.boolean(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** The social and team-chat providers the account signs in with. */
  providers: z.array(z.string()),
  /** The account is only a social sign-in (no password, mobile or e-mail), so it may be joined to an existing account. */
  canBindAccount: z.boolean(),
});
export type SnsBindStatus = z.infer<typeof snsBindStatusSchema>;

const MOBILE_ONLY = /^\+?[0-9]{6,15}$/;
/** POST /api/idealab-material/passport/sns/bind-account/mobile: a mobile number with a bind code (type 5) sent to it. */
export const snsBindMobileSchema = z.object({
  account: z.string().trim().min(1, 'validation.accountRequired').max(100, 'validation.tooLong').regex(MOBILE_ONLY, 'validation.mobile'),
  code: codeSchema,
});
/** POST /api/idealab-material/passport/sns/bind-account/account: an existing account and its password. */
export const snsBindExistingSchema = loginByPasswordSchema;

/** POST /api/authcenter/mp/uc/register/duplicate */
export const registerDuplicateSchema = z.object({ account: accountSchema });
/** `duplicate` is true only for someone who has already proved the address (docs/product/identity.md#is-an-address-taken). */
export const registerDuplicateResultSchema = z.object({ duplicate: z.boolean() });

/** POST /api/authcenter/v1.0/user/update/account: the sign-in name becomes one of the caller's own bound addresses. */
export const updateAccountNameSchema = z.object({ account: accountSchema });
export const accountNamesSchema = z.object({ account: z.string(), email: z.string().nullable(), mobile: z.string().nullable() });
export type AccountNames = z.infer<typeof accountNamesSchema>;
