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
