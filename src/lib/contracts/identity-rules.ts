/** The identity contract's constants, without zod: islands import them from here (importing the contract would ship zod). */

/** Verification-code purposes (docs/product/identity.md#verification-codes). */
export const CODE_TYPE = {
  quickLogin: 1,
  login: 2,
  register: 3,
  updatePassword: 4,
  bindAccount: 5,
  removeAccount: 6,
  resetEmail: 8,
  certificate: 9,
} as const;
export type CodeType = (typeof CODE_TYPE)[keyof typeof CODE_TYPE];

export const CODE_LENGTH = 6;
export const CODE_TTL_S = 600;
export const CODE_RESEND_S = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Social and team-chat sign-in finished by a page rather than by our callback (docs/product/identity.md#social-sign-in-in-a-page):
 * the state the provider hands back starts with the flow's marker, so the page knows what came back and the server
 * refuses a state of another flow; the provider returns to the flow's page.
 */
export const OIDC_PAGE_FLOWS = {
  /** The social app: an authorization code, returned to the login page and exchanged by `wechat/login-by-code`. */
  wechat: { statePrefix: 'wx_login', returnPath: '/login', answer: 'code' },
  /** The team-chat client: an ID token, returned to its sign-in page and handed to `ms-teams/login/6`. */
  teams: { statePrefix: 'ms_login', returnPath: '/ms-teams/ms-auth', answer: 'idToken' },
} as const;
export type OidcProviderId = keyof typeof OIDC_PAGE_FLOWS;

/** What an account merged by `sns/bind-account/{mode}` can bind (docs/product/identity.md#binding-after-a-social-sign-in). */
export const SNS_BIND_MODES = ['mobile', 'account'] as const;
export type SnsBindMode = (typeof SNS_BIND_MODES)[number];
