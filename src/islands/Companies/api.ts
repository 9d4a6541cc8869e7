/**
 * What the companies panels share: the typed company-administration calls (`lib/api/companies.ts`), the
 * contracts' limits (zod-free, so no schema ships to the browser), and how a failed silent call is shown.
 * `failureMessage` keeps the one error step that must not be lost that way, the way back to login.
 */
import { api, ApiError, messageFor } from '../../lib/api/client';
import { companiesApi } from '../../lib/api/companies';
import { COMPANY_LIMITS, COMPANY_PAGE_SIZE } from '../../lib/contracts/company-rules';
import { ERROR, lookupError } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';

export type { DepartmentInput, DepartmentNode, Member, Page, Role, RoleInput } from '../../lib/api/companies';

export const LIMITS = COMPANY_LIMITS;
export const PAGE_SIZE = COMPANY_PAGE_SIZE;
export const orgApi = companiesApi;

export const isConflict = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR.conflict;
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.code === ERROR.empty;

/**
 * A lapsed session still gets the login prompt although the call was silent: the administrator must not be
 * left retrying a form that can never succeed.
 */
export function promptIfSignedOut(error: unknown): void {
  if (error instanceof ApiError && lookupError(error.code).behaviour === 'login') api.promptLogin();
}

/** What to show inline for a failed call (already in the page's language). */
export function failureMessage(error: unknown, t: ClientT): string {
  promptIfSignedOut(error);
  return error instanceof ApiError ? error.message : messageFor(t, ERROR.unknown, undefined);
}
