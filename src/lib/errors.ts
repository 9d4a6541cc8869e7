/**
 * The error catalogue (docs/product/errors.md), shared by the server (which answers with these codes) and the client (which
 * decides what the user sees). Messages are translated through i18n keys `errors.<code>`; `message` is the
 * English fallback used when a translation is missing.
 */

export type ErrorLevel = -2 | -1 | 0 | 1; // info, warn, error, danger
export const ERROR_LEVEL = { info: -2, warn: -1, error: 0, danger: 1 } as const;

/** What the client does when it receives the code (docs/product/errors.md behaviour table). */
export type ErrorBehaviour =
  | 'login' // clear session, redirect to login with message, code, redirect
  | 'permission' // permission dialog
  | 'alert' // plain alert
  | 'generic' // generic server-error text (+ short hash outside development)
  | 'quota' // quota dialog
  | 'certification' // certification prompt
  | 'bindMobile' // to bind-mobile at login
  | 'message' // toast with the message
  | 'field' // form field title + server message
  | 'errorPage' // error page at /{code}
  | 'muted' // nothing shown
  | 'ignored'; // dropped before any handling (300034)

export interface CatalogueEntry {
  code: number;
  http: number;
  level: ErrorLevel;
  behaviour: ErrorBehaviour;
  message: string;
}

const entries = [
  { code: 400, http: 400, level: 0, behaviour: 'message', message: 'Bad request' },
  { code: 401, http: 401, level: 0, behaviour: 'login', message: 'Please log in' },
  { code: 403, http: 403, level: 0, behaviour: 'permission', message: 'You do not have permission' },
  { code: 404, http: 404, level: 0, behaviour: 'errorPage', message: 'Page not found' },
  { code: 408, http: 408, level: 0, behaviour: 'message', message: 'network error or timeout' },
  { code: 413, http: 413, level: 0, behaviour: 'message', message: 'The request is too large' },
  { code: 429, http: 429, level: -1, behaviour: 'message', message: 'Too many requests, please try again later' },
  { code: 499, http: 499, level: -2, behaviour: 'muted', message: 'Cancelled' },
  { code: 500, http: 500, level: 1, behaviour: 'generic', message: 'Server error, please try again later' },
  { code: 601, http: 200, level: -1, behaviour: 'bindMobile', message: 'Please bind a mobile number' },
  { code: 100101, http: 422, level: -1, behaviour: 'message', message: 'favourite folder required' },
  { code: 100401, http: 401, level: 0, behaviour: 'login', message: 'Please log in' },
  { code: 100403, http: 403, level: 0, behaviour: 'permission', message: 'You do not have permission for this' },
  { code: 100404, http: 404, level: -1, behaviour: 'alert', message: 'Nothing found' },
  { code: 100409, http: 409, level: -1, behaviour: 'message', message: 'This conflicts with the current state' },
  { code: 100429, http: 429, level: -1, behaviour: 'message', message: 'Too many attempts, please try again later' },
  { code: 100500, http: 500, level: 1, behaviour: 'generic', message: 'Server error, please try again later' },
  { code: 300034, http: 200, level: -2, behaviour: 'ignored', message: '' },
  { code: 300068, http: 422, level: -1, behaviour: 'field', message: 'Invalid value' },
  { code: 300069, http: 422, level: -1, behaviour: 'field', message: 'This field is required' },
  { code: 300070, http: 422, level: -1, behaviour: 'field', message: 'The value is too long or out of range' },
  { code: 400007, http: 403, level: -1, behaviour: 'certification', message: 'Real-name certification required' },
  { code: 400101, http: 403, level: -1, behaviour: 'quota', message: 'Your package quota is used up' },
  { code: 410403, http: 403, level: -1, behaviour: 'alert', message: 'You cannot grant or change permissions you do not hold yourself' },
  { code: 411403, http: 403, level: -1, behaviour: 'alert', message: 'You cannot manage the company administrator or a member who holds permissions you do not' },
  { code: 412403, http: 403, level: -1, behaviour: 'alert', message: 'Your account is being removed: withdraw the removal to make changes' },
] as const satisfies readonly CatalogueEntry[];

export type ErrorCode = (typeof entries)[number]['code'];

export const ERROR = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  network: 408,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  userAbort: 499,
  serverError: 500,
  bindMobile: 601,
  folderRequired: 100101,
  needLogin: 100401,
  authError: 100403,
  empty: 100404,
  conflict: 100409,
  rateLimited: 100429,
  unknown: 100500,
  ignored: 300034,
  fieldInvalid: 300068,
  fieldRequired: 300069,
  fieldTooLong: 300070,
  notCertified: 400007,
  noQuota: 400101,
  permissionNotHeld: 410403,
  memberOutranks: 411403,
  accountFrozen: 412403,
} as const satisfies Record<string, ErrorCode>;

const byCode = new Map<number, CatalogueEntry>(entries.map((e) => [e.code, e]));

/** Codes ending in 401, 403, 404 or 499 are classed as auth, forbidden, not found or user-cancelled (docs/product/errors.md). */
export type ErrorClass = 'auth' | 'forbidden' | 'notFound' | 'cancelled' | 'other';
export function classify(code: number): ErrorClass {
  const s = String(code);
  if (s.endsWith('401')) return 'auth';
  if (s.endsWith('403')) return 'forbidden';
  if (s.endsWith('404')) return 'notFound';
  if (s.endsWith('499')) return 'cancelled';
  return 'other';
}

/** The catalogue entry for a code; unknown codes fall back by class, then to an error page. */
export function lookupError(code: number): CatalogueEntry {
  const known = byCode.get(code);
  if (known) return known;
  switch (classify(code)) {
    case 'auth':
      return { code, http: 401, level: 0, behaviour: 'login', message: 'Please log in' };
    case 'forbidden':
      return { code, http: 403, level: 0, behaviour: 'permission', message: 'You do not have permission' };
    case 'notFound':
      return { code, http: 404, level: -1, behaviour: 'alert', message: 'Nothing found' };
    case 'cancelled':
      return { code, http: 499, level: -2, behaviour: 'muted', message: 'Cancelled' };
    default:
      return { code, http: code >= 400 && code < 600 ? code : 500, level: 0, behaviour: 'errorPage', message: 'Something went wrong' };
  }
}

export const catalogue: readonly CatalogueEntry[] = entries;

/** One offending input field, as the server reports it. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The response envelope (docs/architecture.md#contracts). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  requestId?: string;
}
