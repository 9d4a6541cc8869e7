import { ERROR, lookupError, type FieldIssue } from '../../errors';

/** An error the API answers with a catalogue code (§8); anything else becomes 100500. */
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
