/**
 * Page form posts, all handled one way, so a page frontmatter only loads and assembles: read the posted form,
 * parse it with the same zod contract the API uses, call the domain function, then either redirect (post, redirect,
 * get) or render the page again with the failure: messages per form control in the page's language, one message
 * for the form, the user's input kept, and the HTTP status of the failure. Forms work before, and without, any
 * script.
 */
import type { z } from 'zod';
import { ZodError } from 'zod';
import { errorMessage, type T } from '../../i18n';
import { AppError, configureValidationMessages, localizeIssues } from '../errors';
import { RateLimitedError } from '../security/rate-limit';
import { postedFormData } from './page-body';
import { pageLocals } from './page-locals';

/** What of Astro's page context a form post needs (Astro's global satisfies it). */
export interface PageContext {
  request: Request;
  url: URL;
  locals: Partial<App.Locals>;
  /** Astro's always has headers (a 429 sets Retry-After there); a context built by hand may leave them out. */
  response: { status?: number; headers?: Headers };
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308 | 300 | 304): Response;
}

/** The posted fields, read as text: a file or a missing field reads as empty. */
export interface PostedForm {
  text(name: string): string;
  /** A list typed into one field: commas (either width), the Chinese enumeration comma, semicolons or new lines. */
  list(name: string): string[];
  has(name: string): boolean;
}

export interface FormAction<S extends z.ZodType, R> {
  /** The contract the posted fields must meet. */
  schema: S;
  /** The schema's input from the form; by default every posted text field under its own name. */
  read?: (form: PostedForm) => unknown;
  /** The domain function. */
  run: (input: z.output<S>) => Promise<R> | R;
  /** Where to go once it succeeded (303); without it the page renders again with `done` set. */
  redirect?: string | ((result: R) => string);
  /**
   * The form's message for a domain error, when the default is not the one to show (undefined keeps it). The default:
   * none when the error names its fields, else its own message key or the catalogue's text for its code.
   */
  message?: (error: AppError, t: T) => string | undefined;
  /** The form's message when only fields are at fault (say, "check the marked fields"). */
  fieldsMessage?: string;
}

/** Where a page stands after its form post (or without one). */
export interface FormState<A extends string> {
  /** Return it from the frontmatter when set: the redirect after a success, or 400 for an unknown action. */
  response: Response | null;
  /** The action that was posted and succeeded without a redirect. */
  done: A | null;
  /** The action that was posted and failed. */
  failed: A | null;
  /** Messages per form control (a field path `bizScope[3]` or `a.b` belongs to the control named first). */
  fieldErrors: Record<string, string>;
  formError: string;
  /** What a control shows: the text just posted when its form failed, else the stored value. */
  value(name: string, stored?: string | number | boolean | null, action?: A): string;
}

// Each action has its own schema and result; `formAction` keeps them typed where an action is written.
// oxlint-disable-next-line no-explicit-any
type AnyAction = FormAction<any, any>;

const controlOf = (field: string) => field.split(/[.[]/)[0] ?? field;
const word = (t: T, text: string) => (text.startsWith('validation.') ? t(text) : text);

function postedForm(data: FormData): PostedForm {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    text,
    list: (name) =>
      text(name)
        .split(/[,，、;；\n]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    has: (name) => data.has(name),
  };
}

function idle<A extends string>(): FormState<A> {
  return { response: null, done: null, failed: null, fieldErrors: {}, formError: '', value: (_name, stored) => (stored === null || stored === undefined ? '' : String(stored)) };
}

async function perform<A extends string>(page: PageContext, name: A, action: AnyAction, data: FormData): Promise<FormState<A>> {
  const { t } = pageLocals(page.locals);
  configureValidationMessages();
  try {
    const input = action.schema.parse(action.read ? action.read(postedForm(data)) : Object.fromEntries([...data.entries()].filter(([, v]) => typeof v === 'string')));
    const result = await action.run(input);
    if (action.redirect !== undefined) {
      const to = typeof action.redirect === 'function' ? action.redirect(result) : action.redirect;
      return { ...idle<A>(), response: page.redirect(to, 303) };
    }
    return { ...idle<A>(), done: name };
  } catch (err) {
    const fieldErrors: Record<string, string> = {};
    let formError = '';
    if (err instanceof ZodError) {
      for (const issue of localizeIssues(err.issues, t)) fieldErrors[controlOf(issue.field)] ??= issue.message;
      page.response.status = 422;
    } else if (err instanceof AppError) {
      for (const issue of err.fields ?? []) fieldErrors[controlOf(issue.field)] ??= word(t, issue.message);
      formError = action.message?.(err, t) ?? (err.fields ? '' : err.message.startsWith('validation.') ? t(err.message) : errorMessage(t, err.code, err.message));
      page.response.status = err.httpStatus;
      if (err instanceof RateLimitedError) page.response.headers?.set('Retry-After', String(err.retryAfter));
    } else {
      throw err;
    }
    if (!formError && action.fieldsMessage) formError = action.fieldsMessage;
    const posted = new Map<string, string>();
    for (const [key, value] of data.entries()) if (typeof value === 'string') posted.set(key, value);
    return {
      response: null,
      done: null,
      failed: name,
      fieldErrors,
      formError,
      value: (field, stored, of = name) => (of === name && posted.has(field) ? (posted.get(field) ?? '') : stored === null || stored === undefined ? '' : String(stored)),
    };
  }
}

/** A page with one form: its post (when this request is one) runs `action`. `when: false` ignores a post. */
export async function formPost<S extends z.ZodType, R>(page: PageContext, action: FormAction<S, R>, options: { when?: boolean } = {}): Promise<FormState<'post'>> {
  if (page.request.method !== 'POST' || options.when === false) return idle();
  const data = (await postedFormData(page)) ?? new FormData();
  return perform(page, 'post', action, data);
}

/**
 * A page with several forms (or buttons), each naming itself in an `action` field (or the one `field` says): the
 * posted one runs. An unknown action is a forged post (400).
 */
export async function formActions<A extends string>(page: PageContext, actions: Record<A, AnyAction>, options: { when?: boolean; field?: string } = {}): Promise<FormState<A>> {
  if (page.request.method !== 'POST' || options.when === false) return idle();
  const data = await postedFormData(page);
  const name = data?.get(options.field ?? 'action');
  if (!data || typeof name !== 'string' || !Object.hasOwn(actions, name)) return { ...idle<A>(), response: new Response(null, { status: 400 }) };
  return perform(page, name as A, actions[name as A], data);
}

/** A typed action for `formActions` (keeps each action's schema and result types together). */
export const formAction = <S extends z.ZodType, R>(action: FormAction<S, R>): FormAction<S, R> => action;
