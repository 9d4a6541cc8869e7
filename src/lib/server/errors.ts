/**
 * Domain errors, shared by every layer: a domain function throws `AppError` with a catalogue code (src/lib/errors.ts)
 * and, for a form, the fields at fault; the API turns it into the envelope, a page into its form's messages. Zod
 * issues become the same field errors here, in the caller's language.
 */
import { z } from 'zod';
import { ERROR, lookupError, type FieldIssue } from '../errors';
import type { T } from '../i18n';

/** An expected failure with a catalogue code; the API answers anything else with 100500. */
export class AppError extends Error {
  readonly code: number;
  readonly fields?: FieldIssue[];
  readonly data?: unknown;

  constructor(code: number, options: { message?: string; fields?: FieldIssue[]; data?: unknown } = {}) {
    super(options.message ?? lookupError(code).message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.data = options.data;
  }

  get httpStatus(): number {
    return lookupError(this.code).http;
  }
}

export const needLogin = () => new AppError(ERROR.needLogin);

// Field errors in the caller's language. Every zod issue gets an i18n key as its message (schemas may name their
// own `validation.*` key; everything else is mapped here from the issue), translated per request, so the same
// schema answers in Chinese or English.
type RawIssue = { code: string; input?: unknown; origin?: string; maximum?: unknown; minimum?: unknown };

function keyFor(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalidType';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.maxLength' : issue.origin === 'array' ? 'validation.tooLong' : 'validation.tooBig';
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'validation.required' : 'validation.minLength';
      return issue.origin === 'array' ? 'validation.tooShort' : 'validation.tooSmall';
    case 'invalid_format':
      return 'validation.invalidType';
    default:
      return 'validation.invalidValue';
  }
}

let configured = false;
/** Installs the key mapping for every schema that names no message of its own. Idempotent. */
export function configureValidationMessages(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: (issue) => keyFor(issue as RawIssue) });
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string; maximum?: unknown; minimum?: unknown };

const fieldPath = (path: ReadonlyArray<PropertyKey>) =>
  path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');

/** zod issues → the offending fields with messages in the request's language. */
export function localizeIssues(issues: ReadonlyArray<Issue>, t: T): FieldIssue[] {
  return issues.map((issue) => {
    const params = { maximum: String(issue.maximum ?? ''), minimum: String(issue.minimum ?? '') };
    const message = issue.message.startsWith('validation.') ? t(issue.message, params) : issue.message;
    return { field: fieldPath(issue.path), message };
  });
}

/** 300069 for a missing field, 300070 for too long or out of range, else 300068 (the catalogue's form field errors). */
export function validationCode(issues: ReadonlyArray<{ message: string }>): number {
  const key = issues[0]?.message ?? '';
  if (/^validation\.(required|accountRequired|passwordRequired|colorCardRequired|contactRequired)$/.test(key)) return ERROR.fieldRequired;
  if (/^validation\.(maxLength|tooLong|tooBig)$/.test(key)) return ERROR.fieldTooLong;
  return ERROR.fieldInvalid;
}
