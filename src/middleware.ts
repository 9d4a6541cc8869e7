/**
 * Every page request: request id, language (per request, never global), host type, then the route (docs/product/routes.md#route-guard) guard.
 * API requests pass straight through: the Hono app does its own authentication.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { USER_STATUS_FROZEN, USER_TYPE } from './lib/constants';
import { detectHost, hintOfPath, isHostHint, materialDetailPath, phoneEmbedded, type HostHint } from './lib/host';
import { DEFAULT_LANG, getT, isLang, LANG_COOKIE, LANG_QUERY, negotiateLanguage } from './lib/i18n';
import { errorPageUrl, FROZEN_PATH, JOIN_US_PATH, loginUrl, matchRoute, MOBILE_TIP_PATH, PHONE_ANYWAY_COOKIE, PHONE_ANYWAY_PARAM, SESSION_SWITCH_PATH } from './lib/routes';
import { findSession } from './lib/server/identity/find-session';
import { env } from './lib/server/env';
import { logger } from './lib/server/logger';
import { storageUploadOrigin } from './lib/server/storage';
import { readPageBody } from './lib/server/pages/page-body';
import { pageCookies } from './lib/server/pages/request';
import { takeUrlSession } from './lib/server/pages/url-session';
import { clearSessionCookie, requestSessionToken, writeSessionCookie } from './lib/server/request/cookies';
import { isSameOrigin } from './lib/server/request/same-origin';
import { rateLimitHeaders, reportLimits, type LimitReport } from './lib/server/security/rate-limit';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const HOST_QUERY = 'host';
const HOST_COOKIE = 'host';
/** `?host=web` ends a host hint kept from earlier in the visit. */
const HOST_FORGET = 'web';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const guardRequest = async (...[context, next]: Parameters<MiddlewareHandler>): Promise<Response> => {
  const { request, url, locals } = context;
  const incomingId = request.headers.get('x-request-id');
  locals.requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();

  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return next();
  }

  // CSRF for every page form post (sign-in, log-out, profile, reviews …): another site may link to our pages but
  // never submit to them. Pages that handle POST therefore need no check of their own.
  if (!SAFE_METHODS.has(request.method)) {
    const h = request.headers;
    if (!isSameOrigin(h.get('sec-fetch-site') ?? undefined, h.get('origin') ?? undefined, url.href)) {
      return new Response('Cross-site request refused', { status: 403 });
    }
  }

  locals.host = detectHost({ userAgent: request.headers.get('user-agent') ?? '', url, hint: keepHostHint(context), market: env().MARKET });
  // A `lang` query names the language of this one page (the hreflang alternates of content pages link to them); it
  // is not remembered, so following such a link never changes the language the visitor chose. The overseas market
  // speaks English to a browser that asks for neither language (docs/product/markets.md).
  const queryLang = url.searchParams.get(LANG_QUERY);
  locals.lang = negotiateLanguage(isLang(queryLang) ? queryLang : context.cookies.get(LANG_COOKIE)?.value, request.headers.get('accept-language'), locals.host.overseas ? 'en' : DEFAULT_LANG);
  locals.t = getT(locals.lang);
  // Every page body is read here, within the page's limit, before anything parses it (docs/architecture.md#security).
  if (!SAFE_METHODS.has(request.method)) {
    const body = await readPageBody(request, url.pathname, locals.t);
    if (body instanceof Response) return body;
    locals.body = body;
  }
  locals.route = matchRoute(url.pathname);
  locals.session = null;

  const route = locals.route;
  const here = url.pathname + url.search;

  // A session offered in the URL (`ilt`, or a hand-off `token` on routes that are not public; docs/product/routes.md#route-guard) is
  // taken only when live, and only without asking when nobody else is signed in here and the navigation did not
  // come from another site; otherwise the switch page asks. The switch page itself is where such a token waits.
  if (route.path !== SESSION_SWITCH_PATH) {
    const step = await takeUrlSession(url, request.headers, { handOff: route.access !== 'public' });
    if (step) {
      if (step.token) writeSessionCookie(pageCookies(context.cookies), step.token, url);
      return context.redirect(step.location, 302);
    }
  }

  // Material detail opens where the host wants it (docs/product/routes.md#detail-routing): the plugin, the 3D tool and
  // phone hosts on /mobile/detail, the team-chat tab on its own variant. Links stay /material/detail everywhere.
  if (route.path === '/material/detail') {
    const detailPath = materialDetailPath(locals.host);
    if (detailPath !== route.path) return context.redirect(detailPath + url.search, 302);
  }

  // The design-software plugin and the 3D tool do not open merchants' shops (docs/product/routes.md#hosts): their links
  // there are plain text, and an address typed or kept from elsewhere says why instead.
  if (!locals.host.merchantNavigation && route.path === '/merchant/detail') {
    return context.redirect(errorPageUrl(403, locals.t('host.merchantClosed')), 302);
  }

  // Phones (docs/product/routes.md#route-guard): embedded hosts get a page's phone counterpart; a desktop-only page
  // first shows the tip, whose "continue anyway" comes back with the query below and is remembered for the visit.
  if (locals.host.mobile) {
    if (route.mobile && phoneEmbedded(locals.host)) return context.redirect(route.mobile + url.search, 302);
    if (url.searchParams.has(PHONE_ANYWAY_PARAM)) {
      context.cookies.set(PHONE_ANYWAY_COOKIE, '1', { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' });
      const clean = new URL(url);
      clean.searchParams.delete(PHONE_ANYWAY_PARAM);
      return context.redirect(clean.pathname + clean.search, 302);
    }
    if (route.desktopOnly && !context.cookies.has(PHONE_ANYWAY_COOKIE)) {
      return context.redirect(`${MOBILE_TIP_PATH}?from=${encodeURIComponent(here)}`, 302);
    }
  }

  if (route.access !== 'public') {
    const token = requestSessionToken(request.headers, url);
    if (token) {
      try {
        locals.session = await findSession(token);
      } catch (err) {
        logger.error({ err, requestId: locals.requestId }, 'session lookup failed');
        throw err;
      }
      // A dead token is dropped so the browser stops sending it.
      if (!locals.session) clearSessionCookie(pageCookies(context.cookies), url);
    }
    if (locals.session?.companyRemoved && !url.pathname.startsWith('/login')) {
      const q = new URLSearchParams({ step: 'choose-company', redirect: here, message: locals.t('dialog.removedCompany') });
      return context.redirect(`/login?${q}`, 302);
    }
    if (route.access === 'login' && !locals.session) {
      return context.redirect(loginUrl(here), 302);
    }
    if (locals.session?.user.status === USER_STATUS_FROZEN && !route.allowFrozen) {
      if (route.access === 'login') return context.redirect(FROZEN_PATH, 302);
      // An account waiting for removal changes nothing through a page either, as through the API (`allowFrozen`).
      if (!SAFE_METHODS.has(request.method)) return context.redirect(FROZEN_PATH, 303);
    }
    const company = locals.session?.company;
    // A supplier screen works in one company: without a current one, the user chooses it first
    // (docs/product/routes.md#route-guard company choice).
    if (route.supplierOnly && locals.session && !company) {
      return context.redirect(`/login?${new URLSearchParams({ step: 'choose-company', redirect: here })}`, 302);
    }
    if (route.supplierOnly && company?.isPersonal && company.role !== USER_TYPE.supplier) {
      return context.redirect(JOIN_US_PATH, 302);
    }
  }

  const started = performance.now();
  const response = await next();
  logger.info({ requestId: locals.requestId, method: request.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started) }, 'page request');
  response.headers.set('X-Request-Id', locals.requestId);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Astro's own policy (hashes of its scripts and styles) plus who may frame us, and, with an S3 store, the store
  // the uploader sends parts to (docs/product/storage.md).
  const uploadOrigin = storageUploadOrigin();
  const astroPolicy = response.headers.get('Content-Security-Policy');
  const policy = [uploadOrigin ? astroPolicy?.replace("connect-src 'self'", `connect-src 'self' ${uploadOrigin}`) : astroPolicy, `frame-ancestors 'self' ${env().FRAME_ANCESTORS}`.trim()];
  response.headers.set('Content-Security-Policy', policy.filter(Boolean).join('; '));
  if (url.protocol === 'https:') response.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  response.headers.set('Content-Language', locals.lang === 'cn' ? 'zh-CN' : 'en');
  appendVary(response.headers, 'Accept-Language, Cookie');
  return response;
};

/** A page whose form met a rate limit tells the client where it stands, as API answers do (docs/operations.md#rate-limits). */
export const onRequest = defineMiddleware(async (context, next) => {
  const limits: LimitReport = new Map();
  const response = await reportLimits(limits, () => guardRequest(context, next));
  const fields = rateLimitHeaders(limits);
  if (!fields) return response;
  // A redirect made by Response.redirect has headers that cannot change.
  const answer = new Response(response.body, response);
  for (const [name, value] of Object.entries(fields)) answer.headers.set(name, value);
  return answer;
});

function appendVary(headers: Headers, value: string) {
  const existing = headers.get('Vary');
  headers.set('Vary', existing ? `${existing}, ${value}` : value);
}

/**
 * The host hint of the visit (docs/product/routes.md#hosts): a `host` query (the plugin packages' entry, a host's deep
 * link) or a host variant's path (`/clo/material-store`) is kept in a session cookie, so the pages and calls after
 * the first still know the host; `host=web` forgets it. Cross-site frames (the team-chat tab) only send a cookie marked SameSite=None, which needs HTTPS.
 */
function keepHostHint(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0]): HostHint | null {
  const { url, cookies } = context;
  const query = url.searchParams.get(HOST_QUERY);
  if (query === HOST_FORGET) {
    cookies.delete(HOST_COOKIE, { path: '/' });
    return null;
  }
  const asked = isHostHint(query) ? query : hintOfPath(url.pathname);
  const kept = cookies.get(HOST_COOKIE)?.value;
  if (!asked) return isHostHint(kept) ? kept : null;
  const secure = url.protocol === 'https:';
  if (kept !== asked) cookies.set(HOST_COOKIE, asked, { path: '/', httpOnly: true, secure, sameSite: secure ? 'none' : 'lax' });
  return asked;
}
