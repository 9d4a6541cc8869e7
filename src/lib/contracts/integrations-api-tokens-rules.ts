/** API token constants without zod, so the browser can read them (docs/product/integrations.md#api-tokens). */

/** Every token starts with it, so a leaked one is easy to recognise (and to search for in code). */
export const API_TOKEN_PREFIX = 'mlt_';

export const API_TOKEN_SCOPES = ['catalogue:read', 'materials:write', 'samples:read', 'samples:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_LIMITS = {
  name: 40,
  /** Live (not revoked) tokens one company may hold. */
  perCompany: 20,
  pageMax: 50,
  /** Calls one token may make in a minute. */
  callsPerMinute: 120,
} as const;

/** The lifetimes, in days, a token may be given when it is created; none chosen, it lasts until revoked. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];
