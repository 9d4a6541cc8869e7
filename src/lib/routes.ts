/**
 * The route table (docs/product/routes.md#routes) with each route's access rule (docs/product/routes.md#route-guard route guard), mobile counterpart and menu code (docs/product/routes.md#roles).
 * The middleware guard, the header, redirects after login and the e2e tests all read this one module.
 */
import { MENU_CODE, type MenuCode } from './constants';

/**
 * open: the token is checked (docs/product/routes.md#route-guard "public pages check token effectiveness") but not required; login: a signed-in
 * user is required and frozen users are sent to the frozen-account page; public: not a page (API, assets,
 * redirects, the log-out form), so the page guard does nothing.
 */
export type Access = 'public' | 'open' | 'login';

export interface RouteDef {
  path: string;
  access: Access;
  /** Also matches every path below this one. */
  prefix?: boolean;
  menu?: MenuCode;
  /**
   * The page's counterpart for phone-sized embedded hosts (the mini-program web view, the team-chat mobile tab,
   * the companion app), which are redirected there with the query kept. A phone browser gets the page itself.
   */
  mobile?: string;
  /**
   * A page that cannot work on a phone (docs/product/routes.md#route-guard): phones are sent to the mobile tip
   * page first, which offers to continue anyway.
   */
  desktopOnly?: true;
  /**
   * A frozen user may still open it and post its forms (the frozen-account page itself, logout, and signing in or
   * switching to another account).
   */
  allowFrozen?: boolean;
  /** Supplier screens: a personal company without the supplier role is sent to join-us (docs/product/routes.md#route-guard company choice). */
  supplierOnly?: boolean;
  /**
   * The product has the route but no page for it yet: nothing links to it (`isBuilt`) until the page lands.
   * `src/lib/routes.test.ts` holds this to the files in `src/pages/`.
   */
  notBuilt?: true;
}

export const MOBILE_TIP_PATH = '/mobile/tip';
/** The query a mobile tip page's "continue anyway" adds; the guard then remembers the choice in a cookie. */
export const PHONE_ANYWAY_PARAM = 'onPhone';
export const PHONE_ANYWAY_COOKIE = 'phone_anyway';
export const FROZEN_PATH = '/logoff/cancel';
export const LOGIN_PATH = '/login';
/** Where a session offered in a URL waits for the user's yes (docs/product/routes.md#route-guard). */
export const SESSION_SWITCH_PATH = '/switch-account';
export const HOME_PATH = '/home';
export const JOIN_US_PATH = '/join-us';

const M = MENU_CODE;

export const ROUTES: readonly RouteDef[] = [
  { path: '/', access: 'public' },
  { path: '/home', access: 'open' },
  { path: '/main/home', access: 'open' },
  { path: '/main/material-store', access: 'open', menu: M.market },
  { path: '/main/color/matlib-gradient', access: 'login', menu: M.color },
  { path: '/main/color/coloro-gradient', access: 'login', menu: M.color },
  { path: '/main/color/pantone-gradient', access: 'login', menu: M.color },
  { path: '/main/color-card-book', access: 'login', menu: M.color },
  { path: '/main/collection/folders', access: 'login', menu: M.collection },
  { path: '/main/fashion-trend', access: 'open', prefix: true },
  { path: '/main/share', access: 'login', menu: M.share },
  { path: '/main/plugin-center', access: 'open', prefix: true },
  { path: '/main', access: 'login', prefix: true },
  // Open, not public: the page looks up the session so a signed-in user is sent on to the redirect target.
  { path: '/login', access: 'open', prefix: true, allowFrozen: true },
  // Open: a guest and a signed-in user alike are asked before a session from a URL becomes theirs.
  { path: SESSION_SWITCH_PATH, access: 'open', allowFrozen: true },
  { path: '/search/materials', access: 'open', menu: M.material },
  { path: '/search/color', access: 'open', menu: M.material },
  { path: '/search/same', access: 'login', menu: M.material },
  { path: '/search', access: 'login', prefix: true },
  { path: '/merchant/home', access: 'open', menu: M.merchant },
  { path: '/merchant/detail', access: 'login', menu: M.merchant },
  { path: '/merchant/followed', access: 'login', menu: M.merchant },
  { path: '/merchant', access: 'login', prefix: true, menu: M.merchant },
  { path: '/material-library', access: 'open' },
  { path: '/about-us', access: 'open' },
  { path: '/legal-terms', access: 'open' },
  { path: '/material/detail', access: 'open', mobile: '/mobile/detail', menu: M.material },
  { path: '/material-brochure/detail', access: 'open' },
  { path: '/material-brochure', access: 'login', prefix: true },
  { path: '/buyer/material-brochure/detail', access: 'open' },
  { path: '/buyer/share', access: 'open', mobile: '/mobile/share', menu: M.share },
  { path: '/supplier/share', access: 'open', mobile: '/mobile/share', menu: M.share },
  { path: '/share', access: 'open', mobile: '/mobile/share', menu: M.share },
  { path: '/share-validation', access: 'open', mobile: '/mobile/share-validation', menu: M.share },
  { path: '/qrcodeShare', access: 'open', prefix: true },
  { path: '/news', access: 'login', prefix: true },
  { path: '/logistics-manage', access: 'login' },
  { path: '/sample-bag', access: 'login' },
  { path: '/address-book', access: 'login' },
  // A company's shared library; the page says what a member without it may do (docs/product/enterprise-library.md#the-pages).
  { path: '/enterprise-library', access: 'login', menu: M.market },
  // A material opened by a pass token: for anyone with the link.
  { path: '/material/pass', access: 'open', menu: M.material },
  { path: '/join-us', access: 'login' },
  { path: '/buyer/join-us', access: 'login' },
  { path: '/policy', access: 'open', prefix: true },
  // Usage data on or off, for guests and signed-in visitors alike (docs/product/insights.md#opting-out).
  { path: '/privacy-choices', access: 'open' },
  { path: '/profile', access: 'login', prefix: true, menu: M.userCenter },
  { path: '/app-center', access: 'login', prefix: true, menu: M.userCenter },
  { path: '/account-settings', access: 'login', menu: M.userCenter },
  { path: '/logoff/cancel', access: 'login', allowFrozen: true },
  { path: '/logoff', access: 'login', prefix: true, menu: M.userCenter },
  { path: '/applyRecordBuyer', access: 'login', menu: M.applyRecord },
  { path: '/help-center', access: 'open', prefix: true },
  { path: '/official-account', access: 'open' },
  { path: '/error', access: 'open' },
  // Open: a published homepage is for everyone, guests included (docs/product/merchant-homepage.md#pages).
  { path: '/merchant-homepage', access: 'open', prefix: true },
  { path: '/my-homepage/template', access: 'login', supplierOnly: true },
  { path: '/supplier/home', access: 'login', menu: M.materialManage, supplierOnly: true },
  { path: '/supplier/material/history', access: 'login', menu: M.materialManage, supplierOnly: true },
  { path: '/supplier/material/edit', access: 'login', menu: M.materialManage, supplierOnly: true, desktopOnly: true },
  { path: '/supplier/material/import', access: 'login', menu: M.materialManage, supplierOnly: true },
  { path: '/supplier/apply-record', access: 'login', menu: M.applyRecord, supplierOnly: true },
  { path: '/content-preview', access: 'login', supplierOnly: true },
  // Platform administrators' screens (the page checks the role).
  { path: '/admin', access: 'login', prefix: true },
  // The user menu's log-out form posts here; a frozen user must be able to use it.
  { path: '/logout', access: 'public', allowFrozen: true },
  { path: '/redirect', access: 'open' },
  { path: '/mobile', access: 'open', prefix: true },
  // Host variants (docs/product/routes.md#routes): the design-software and 3D-tool stores, the team-chat pages.
  { path: '/design-suite/material-store', access: 'open', menu: M.market },
  { path: '/clo/material-store', access: 'open', menu: M.market },
  { path: '/ms-teams/material/detail', access: 'open', mobile: '/mobile/detail' },
  { path: '/ms-teams/merchant/detail', access: 'login' },
  { path: '/ms-teams/ms-auth', access: 'open' },
  { path: '/ms-teams/ms-contact-us', access: 'open' },
  // Framework and API paths are not pages: the guard leaves them to the API's own checks.
  { path: '/api', access: 'public', prefix: true },
  { path: '/_astro', access: 'public', prefix: true },
  { path: '/favicon.svg', access: 'public' },
  // For crawlers (docs/product/content.md#sitemap): the same for everyone, no session looked up.
  { path: '/sitemap.xml', access: 'public' },
  { path: '/sitemap', access: 'public', prefix: true },
  { path: '/robots.txt', access: 'public' },
];

const NUMERIC = /^\/\d+\/?$/;
const FALLBACK: RouteDef = { path: '*', access: 'login' };
const ERROR_ROUTE: RouteDef = { path: '/{code}', access: 'open' };

/** The most specific route for a path; unknown paths are login-required (docs/product/routes.md#route-guard), numeric paths are error pages. */
export function matchRoute(pathname: string): RouteDef {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (NUMERIC.test(path)) return ERROR_ROUTE;
  let best: RouteDef | undefined;
  for (const r of ROUTES) {
    const hit = path === r.path || (r.prefix === true && path.startsWith(`${r.path}/`));
    if (hit && (!best || r.path.length > best.path.length)) best = r;
  }
  return best ?? FALLBACK;
}

/** Whether a link to `href` (a same-site path, query allowed) leads to a page that exists. */
export function isBuilt(href: string): boolean {
  const route = matchRoute(href.split(/[?#]/)[0] ?? href);
  return route !== FALLBACK && route.notBuilt !== true;
}

/** A `redirect` query value is followed only when it is a same-site path to a known route (docs/product/routes.md#route-guard). */
export function safeRedirect(value: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, 'http://x');
  } catch {
    return fallback;
  }
  if (url.host !== 'x') return fallback;
  const route = matchRoute(url.pathname);
  if (route === FALLBACK || route.notBuilt || route.path === '/api' || route.path === '/_astro' || url.pathname.startsWith(LOGIN_PATH)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Where a guarded page sends a user without a session: the login page with a way back. */
export function loginUrl(redirectTo: string, message?: string, code?: number): string {
  const q = new URLSearchParams({ redirect: redirectTo });
  if (message) q.set('message', message);
  if (code !== undefined) q.set('code', String(code));
  return `${LOGIN_PATH}?${q.toString()}`;
}

/** The error page for a code (docs/product/errors.md), at /{code} with message and code queries. */
export function errorPageUrl(code: number, message?: string): string {
  const q = new URLSearchParams({ code: String(code) });
  if (message) q.set('message', message);
  return `/${code}?${q.toString()}`;
}
