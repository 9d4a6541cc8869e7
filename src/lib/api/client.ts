/**
 * The browser's one API client (docs/architecture.md#front-end, docs/product/errors.md). Every island calls the API through `api`, so every
 * request carries the same headers and every failure gets the same treatment: normalised to an `ApiError`, then
 * shown according to the behaviour (docs/product/errors.md) table unless the caller handles it inline (`silent`);
 * a missing permission code or certification shows its dialog even then.
 *
 * Everything that touches the page (location, storage, navigation, the dialog bus, the clock) is an injectable
 * seam with a browser default, so the client runs unchanged in Node tests against a real HTTP server.
 */
import ky, { isNetworkError, isTimeoutError, type Input, type SearchParamsOption } from 'ky';
import { APP_ID, ORIGIN_TYPE, UI, timezoneOffset } from '../constants';
import { ERROR, lookupError, type Envelope, type ErrorLevel, type FieldIssue } from '../errors';
import { detectHost } from '../host';
import { createClientT, errorMessage, type ClientT } from '../i18n/client';
import { isSupplier } from '../permissions';
import { errorPageUrl, LOGIN_PATH, loginUrl } from '../routes';
import { $session } from '../stores/session';
import { createDedupe, dialogBus, type DialogBus, type DialogRequest } from './dialogs';

/** Where embedded hosts keep the session token (browsers use the HttpOnly `ilt` cookie instead). */
export const TOKEN_STORAGE_KEY = 'ilt';
/** The analytics session id: the `sessionId` query wins, then this sessionStorage key, then a fresh id. */
export const SESSION_ID_QUERY = 'sessionId';
export const SESSION_ID_STORAGE_KEY = 'matlib.sid';
const SESSION_ID_PATH = 'data-transit/data/snow/id';

export const BIND_MOBILE_URL = `${LOGIN_PATH}?action=bind-mobile`;
export const APP_CENTER_URL = `/app-center/main?originType=${ORIGIN_TYPE}`;
export const CERTIFICATION_URL = { supplier: '/join-us', buyer: '/buyer/join-us', company: '/profile/info?tab=cert-info' } as const;

export interface ApiErrorInit {
  code: number;
  message: string;
  fields?: FieldIssue[];
  data?: unknown;
  requestId?: string;
  cause?: unknown;
}

/** Every failed call rejects with one of these: the code (docs/product/errors.md) and level, and a message fit to show the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly level: ErrorLevel;
  readonly fields?: FieldIssue[];
  readonly data?: unknown;
  readonly requestId?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.level = lookupError(init.code).level;
    this.fields = init.fields;
    this.data = init.data;
    this.requestId = init.requestId;
  }
}

export interface RequestOptions {
  searchParams?: SearchParamsOption;
  /** The caller shows errors itself (a form): the call still rejects, but nothing is shown and nobody navigates. */
  silent?: boolean;
  /** Codes the caller plans for (a resumed upload the server no longer knows): neither shown nor logged. */
  expected?: readonly number[];
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What a typed call in `lib/api/<domain>.ts` lets its caller choose: the call itself fixes path, query and body. */
export type CallOptions = Omit<RequestOptions, 'searchParams'>;

export interface SendOptions extends RequestOptions {
  json?: unknown;
  /** For uploads (FormData, Blob); use `json` for everything else. */
  body?: BodyInit;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiClient {
  /** The envelope's `data`; `undefined` only for the silently ignored code 300034. */
  get<T>(path: string, options?: RequestOptions): Promise<T | undefined>;
  post<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T | undefined>;
  put<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T | undefined>;
  delete<T>(path: string, options?: RequestOptions): Promise<T | undefined>;
  request<T>(method: HttpMethod, path: string, options?: SendOptions): Promise<T | undefined>;
  /** For a guest's protected action (docs/product/errors.md "Not logged in"): the login confirm dialog, which leads to login and back. */
  promptLogin(): void;
  /** After login: embedded hosts keep the token for the Authorization header; browsers keep only the cookie. */
  keepToken(token: string): void;
  /** The tab's analytics session id, fetched once when it is not known yet; null when it cannot be had. */
  sessionId(): Promise<string | null>;
}

type FailureListener = (error: ApiError, url: string) => void;
const failureListeners = new Set<FailureListener>();

/**
 * Hears every failure the page's client logs (each code and URL once per 2 s), for the error log in `lib/analytics`
 * (docs/product/insights.md#the-error-log); answers the way to stop hearing.
 */
export function onApiFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface SessionIdStore {
  get(): string | null;
  set(id: string): void;
}

export interface ApiClientOptions {
  /** Origin the `/api/` prefix is resolved against; the page's own origin when absent (browser). */
  baseUrl?: string | URL;
  fetch?: (input: Input, init?: RequestInit) => Promise<Response>;
  /** Timeout per call in ms; docs/product/constants.md sets none, so none by default. A timeout becomes code 408. */
  timeout?: number | false;
  bus?: DialogBus;
  navigate?: (url: string) => void;
  /** The page URL: host detection, the `sessionId` query, and where a login returns to. */
  currentUrl?: () => URL;
  userAgent?: () => string;
  tokenStore?: TokenStore;
  sessionIdStore?: SessionIdStore;
  /** Clock for the 2-second log dedupe. */
  now?: () => number;
  /** Where failures are recorded; each code+URL trace once per 2 s. */
  log?: (error: ApiError, url: string) => void;
}

/** Storage can throw (sandboxed iframes, disabled storage); a missing value is the safe reading of that. */
function storageGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function storageSet(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to keep it in: the value lives for this page only.
  }
}

const browserTokenStore: TokenStore = {
  get: () => storageGet(() => localStorage, TOKEN_STORAGE_KEY),
  set: (token) => storageSet(() => localStorage, TOKEN_STORAGE_KEY, token),
  clear: () => storageSet(() => localStorage, TOKEN_STORAGE_KEY, null),
};

const browserSessionIdStore: SessionIdStore = {
  get: () => storageGet(() => sessionStorage, SESSION_ID_STORAGE_KEY),
  set: (id) => storageSet(() => sessionStorage, SESSION_ID_STORAGE_KEY, id),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return isRecord(value) && typeof value.code === 'number';
}

function fieldsOf(data: unknown): FieldIssue[] | undefined {
  if (!isRecord(data) || !Array.isArray(data.fields)) return undefined;
  return data.fields.filter((f): f is FieldIssue => isRecord(f) && typeof f.field === 'string' && typeof f.message === 'string');
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Rejects as soon as this caller's signal aborts, even while the shared request it joined goes on for others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Identical GETs: same method, URL (search included) and headers; `Headers` iterates sorted and lower-cased. */
function requestKey(request: Request): string {
  const headers = [...request.headers].map(([name, value]) => `${name}:${value}`).join('\n');
  return `${request.method} ${request.url}\n${headers}`;
}

/**
 * Translated text for a code (`errors.<code>`), else the server's message, else the catalogue's English (docs/product/errors.md).
 * Exported for islands that show errors inline with their own messages (forms calling with `silent`).
 */
export function messageFor(t: ClientT, code: number, serverMessage: string | undefined): string {
  return errorMessage(t, code, serverMessage || lookupError(code).message);
}

/** The text to show inline for whatever a silent call threw: its code's message, or the unknown error's. */
export function errorText(t: ClientT, error: unknown): string {
  return error instanceof ApiError ? messageFor(t, error.code, error.message) : messageFor(t, ERROR.unknown, undefined);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const bus = options.bus ?? dialogBus;
  const navigate = options.navigate ?? ((url: string) => location.assign(url));
  const currentUrl = options.currentUrl ?? (() => new URL(location.href));
  const userAgent = options.userAgent ?? (() => navigator.userAgent);
  const tokens = options.tokenStore ?? browserTokenStore;
  const sessionIds = options.sessionIdStore ?? browserSessionIdStore;
  const baseFetch = options.fetch ?? ((input: Input, init?: RequestInit) => globalThis.fetch(input, init));
  const log =
    options.log ??
    ((error: ApiError, url: string) => {
      console.error(`[api] ${error.code} ${url}: ${error.message}`);
      for (const listener of failureListeners) listener(error, url);
    });
  const firstInWindow = createDedupe(UI.dialogDedupeMs, options.now ?? Date.now);
  const inflight = new Map<string, Promise<Response>>();
  let sessionIdRequest: Promise<string | null> | undefined;

  // The server names the visit's host and market on the page (`<html data-host data-market>`), since a host hint
  // kept in a cookie is not visible here.
  const pageData = () => (typeof document === 'undefined' ? undefined : document.documentElement.dataset);
  const host = () => detectHost({ userAgent: userAgent(), url: currentUrl(), hint: pageData()?.host, market: pageData()?.market === '2' ? 2 : pageData()?.market === '1' ? 1 : undefined });
  const translator = () => createClientT(bus.$messages.get() ?? {});

  /** ky's fetch: identical GETs in flight share one request; each caller reads its own copy of the response. */
  function sharedFetch(input: Input, init?: RequestInit): Promise<Response> {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method !== 'GET') return baseFetch(request, init);
    const key = requestKey(request);
    let shared = inflight.get(key);
    if (!shared) {
      // Detached from the first caller's signal: its abort must not fail the callers that joined it.
      shared = baseFetch(new Request(request, { signal: null }), init).finally(() => inflight.delete(key));
      inflight.set(key, shared);
    }
    return untilAborted(
      shared.then((response) => response.clone()),
      request.signal,
    );
  }

  const http = ky.create({
    prefix: '/api/',
    baseUrl: options.baseUrl,
    // Retries would repeat writes and multiply dialogs; the table (docs/product/errors.md) decides what a failure does.
    retry: 0,
    timeout: options.timeout ?? false,
    // Error statuses still carry the envelope; one code path reads both.
    throwHttpErrors: false,
    fetch: sharedFetch,
    hooks: {
      beforeRequest: [
        async ({ request, options: { context } }) => {
          await addHeaders(request.headers, new URL(request.url).pathname, context.skipSessionId === true);
        },
      ],
    },
  });

  async function addHeaders(headers: Headers, path: string, skipSessionId: boolean): Promise<void> {
    // A caller's explicit header wins (e.g. a call made for another company).
    const setDefault = (name: string, value: string | null | undefined) => {
      if (value && !headers.has(name)) headers.set(name, value);
    };
    const token = tokens.get();
    setDefault('Authorization', token ? `Bearer ${token}` : null);
    setDefault('X-Terminal-Id', host().terminalId);
    setDefault('X-App-Id', path.includes('/passport/') || path.includes('/authcenter/') ? APP_ID.passport : APP_ID.buyer);
    setDefault('X-Timezone', timezoneOffset());
    if (path.includes('/backend/')) setDefault('X-Tenant-Id', $session.get()?.company?.id.toString());
    if (!skipSessionId) setDefault('X-Session-Id', await analyticsSessionId());
  }

  function analyticsSessionId(): Promise<string | null> {
    const fromQuery = currentUrl().searchParams.get(SESSION_ID_QUERY);
    if (fromQuery) {
      sessionIds.set(fromQuery);
      return Promise.resolve(fromQuery);
    }
    const stored = sessionIds.get();
    if (stored) return Promise.resolve(stored);
    // Fetched once per page; when that fails the page goes on without the header rather than asking again per call.
    sessionIdRequest ??= http
      .get(SESSION_ID_PATH, { context: { skipSessionId: true } })
      .json<unknown>()
      .then((body) => {
        if (!isEnvelope(body) || body.code !== 200 || typeof body.data !== 'string' || !body.data) return null;
        sessionIds.set(body.data);
        return body.data;
      })
      .catch(() => null);
    return sessionIdRequest;
  }

  async function readEnvelope<T>(response: Response): Promise<{ data: T } | { error: ApiError }> {
    const body = parseJson(await response.text());
    const requestId = response.headers.get('x-request-id') ?? undefined;
    if (!isEnvelope(body)) {
      return { error: new ApiError({ code: ERROR.unknown, message: messageFor(translator(), ERROR.unknown, undefined), requestId }) };
    }
    // The shape of `data` is the route's zod contract; islands that need certainty parse it with lib/contracts.
    if (body.code === 200) return { data: body.data as T };
    const message = messageFor(translator(), body.code, body.msg);
    return {
      error: new ApiError({
        code: body.code,
        message,
        fields: fieldsOf(body.data),
        data: body.data ?? undefined,
        requestId: body.requestId ?? requestId,
      }),
    };
  }

  function toApiError(cause: unknown, signal: AbortSignal | undefined): ApiError {
    if (cause instanceof ApiError) return cause;
    const code = signal?.aborted ? ERROR.userAbort : isNetworkError(cause) || isTimeoutError(cause) ? ERROR.network : ERROR.unknown;
    return new ApiError({ code, message: messageFor(translator(), code, undefined), cause });
  }

  function urlOf(cause: unknown, fallback: string): string {
    return isNetworkError(cause) || isTimeoutError(cause) ? cause.request.url : fallback;
  }

  async function request<T>(method: HttpMethod, path: string, opts: SendOptions = {}): Promise<T | undefined> {
    const { silent = false, expected = [], ...init } = opts;
    let error: ApiError;
    let url = path;
    try {
      const response = await http(path, { ...init, method });
      url = response.url || url;
      const outcome = await readEnvelope<T>(response);
      if ('data' in outcome) return outcome.data;
      error = outcome.error;
    } catch (cause) {
      error = toApiError(cause, opts.signal);
      url = urlOf(cause, url);
    }
    if (error.code === ERROR.ignored) return undefined;
    if (!expected.includes(error.code)) report(error, url, silent);
    throw error;
  }

  function report(error: ApiError, url: string, silent: boolean): void {
    const { behaviour } = lookupError(error.code);
    if (behaviour === 'muted' || behaviour === 'ignored') return;
    // A field error is the user's input, not a fault worth a log line.
    if (behaviour !== 'field' && firstInWindow(`log:${error.code} ${url}`)) log(error, url);
    if (!silent || leadsOn(error)) present(error);
  }

  /**
   * A refusal for a missing permission code (`data.permission`) or certification: a form that shows its errors
   * inline still gets the dialog, which says who grants the code or leads to certification.
   */
  function leadsOn(error: ApiError): boolean {
    const { behaviour } = lookupError(error.code);
    return behaviour === 'certification' || (behaviour === 'permission' && isRecord(error.data) && typeof error.data.permission === 'string');
  }

  function go(url: string): void {
    // A burst of failing calls must not queue the same navigation several times.
    if (firstInWindow(`navigate:${url}`)) navigate(url);
  }

  /** Dialogs wait for the island's messages: an error before it mounts must not show raw keys. */
  function dialog(build: (t: ClientT) => DialogRequest): void {
    bus.whenMessages((messages) => bus.openDialog(build(createClientT(messages))));
  }

  function notify(level: ErrorLevel, text: (t: ClientT) => string): void {
    bus.whenMessages((messages) => bus.toast(level, text(createClientT(messages))));
  }

  function toLogin(error: ApiError): void {
    $session.set(null);
    tokens.clear();
    const page = currentUrl();
    // Already on the login page: sending the user there again would loop.
    if (page.pathname === LOGIN_PATH || page.pathname.startsWith(`${LOGIN_PATH}/`)) return;
    go(loginUrl(page.pathname + page.search, error.message, error.code));
  }

  function present(error: ApiError): void {
    const { code } = error;
    switch (lookupError(code).behaviour) {
      case 'login':
        toLogin(error);
        return;
      case 'bindMobile':
        go(BIND_MOBILE_URL);
        return;
      case 'errorPage':
        go(errorPageUrl(code, error.message));
        return;
      case 'permission':
        dialog((t) => ({ kind: 'permission', code, title: t('dialog.permissionTitle'), text: t('dialog.permissionText') }));
        return;
      case 'alert':
        dialog((t) => ({ kind: 'alert', code, title: '', text: messageFor(t, code, error.message) }));
        return;
      case 'quota': {
        const admin = $session.get()?.company?.isCompanyAdmin === true;
        dialog((t) =>
          admin
            ? {
                kind: 'quota',
                code,
                title: t('dialog.quotaTitle'),
                text: t('dialog.quotaAdminText'),
                confirmHref: APP_CENTER_URL,
                confirmLabel: t('dialog.quotaConfirm'),
              }
            : { kind: 'quota', code, title: t('dialog.quotaTitle'), text: t('dialog.quotaMemberText') },
        );
        return;
      }
      case 'certification': {
        const session = $session.get();
        // The server names the gate when the company, not the person, must be certified.
        const href =
          isRecord(error.data) && error.data.gate === 'company'
            ? CERTIFICATION_URL.company
            : isSupplier(session)
              ? CERTIFICATION_URL.supplier
              : CERTIFICATION_URL.buyer;
        dialog((t) => ({
          kind: 'certification',
          code,
          title: t('dialog.certTitle'),
          text: t('dialog.certText'),
          confirmHref: href,
          confirmLabel: t('dialog.certConfirm'),
        }));
        return;
      }
      case 'generic': {
        // The hash lets support find the server log line; developers read the log directly (docs/product/errors.md).
        const hash = isRecord(error.data) && typeof error.data.hash === 'string' ? error.data.hash : '';
        const showHash = hash !== '' && host().environment !== 'development';
        notify(error.level, (t) => t('dialog.genericError') + (showHash ? t('dialog.errorHash', { hash }) : ''));
        return;
      }
      case 'message':
        notify(error.level, (t) => messageFor(t, code, error.message));
        return;
      case 'field':
      case 'muted':
      case 'ignored':
        return;
    }
  }

  function promptLogin(): void {
    const page = currentUrl();
    const href = loginUrl(page.pathname + page.search);
    dialog((t) => ({
      kind: 'login',
      code: ERROR.needLogin,
      title: t('dialog.loginTitle'),
      text: t('dialog.loginText'),
      confirmHref: href,
      confirmLabel: t('dialog.loginConfirm'),
    }));
  }

  function keepToken(token: string): void {
    if (host().type !== 'browser') tokens.set(token);
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('get', path, opts),
    post: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('post', path, { ...opts, json }),
    put: <T>(path: string, json?: unknown, opts?: RequestOptions) => request<T>('put', path, { ...opts, json }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('delete', path, opts),
    request,
    promptLogin,
    keepToken,
    sessionId: analyticsSessionId,
  };
}

/** The page's client. Safe to import anywhere: the browser globals are read only when a call is made. */
export const api: ApiClient = createApiClient();

export const promptLogin = (): void => api.promptLogin();
