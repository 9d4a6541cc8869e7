/**
 * What every form island shares: the light client checks (the server checks everything again and answers with
 * translated field errors) and mapping a failed call onto fields. Messages come from the `login` slice of the
 * locale files, the vocabulary every form already ships with.
 * The zod contracts are not imported here: they would ship zod to the browser for checks the server repeats.
 */
import { ApiError, messageFor } from '../../../lib/api/client';
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '../../../lib/contracts/identity-rules';
import { ERROR } from '../../../lib/errors';
import type { ClientT } from '../../../lib/i18n/client';

/** Errors by field name, plus `form` for whatever belongs to no field (rate limit, network, server). */
export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

export function hasFieldErrors<F extends string>(errors: FormErrors<F>): boolean {
  return Object.entries(errors).some(([key, value]) => key !== 'form' && Boolean(value));
}

/**
 * A failed call as form errors: field errors go under their fields as the server worded them (already in the
 * request's language); the rest becomes one message for the whole form.
 */
export function serverErrors<F extends string>(error: unknown, fields: readonly F[], t: ClientT): FormErrors<F> {
  if (!(error instanceof ApiError)) return { form: messageFor(t, ERROR.unknown, undefined) } as FormErrors<F>;
  const errors: FormErrors<F> = {};
  const unplaced: string[] = [];
  for (const issue of error.fields ?? []) {
    const field = fields.find((f) => f === issue.field);
    const message = issue.message || messageFor(t, error.code, undefined);
    if (field) errors[field] ??= message;
    else unplaced.push(message);
  }
  if (hasFieldErrors(errors)) {
    if (unplaced.length > 0) errors.form = unplaced.join(' ');
    return errors;
  }
  return { form: unplaced[0] ?? messageFor(t, error.code, error.message) } as FormErrors<F>;
}

const CODE_PATTERN = new RegExp(`^[0-9]{${CODE_LENGTH}}$`);
export function checkCode(code: string, t: ClientT): string | undefined {
  if (!code.trim()) return t('login.codeRequired');
  return CODE_PATTERN.test(code.trim()) ? undefined : t('login.codeFormat', { length: CODE_LENGTH });
}

export function checkNewPassword(password: string, t: ClientT): string | undefined {
  if (!password) return t('login.passwordRequired');
  return password.length < PASSWORD_MIN || password.length > PASSWORD_MAX ? t('login.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined;
}

export function checkConfirm(password: string, confirm: string, t: ClientT): string | undefined {
  if (!confirm) return t('login.confirmRequired');
  return confirm === password ? undefined : t('login.mismatch');
}

/** Seconds the server asks us to wait (429, `data.retryAfter`), or null for any other failure. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || (error.code !== ERROR.rateLimited && error.code !== ERROR.tooManyRequests)) return null;
  const data = error.data;
  const seconds = typeof data === 'object' && data !== null && 'retryAfter' in data ? Number((data as { retryAfter: unknown }).retryAfter) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
