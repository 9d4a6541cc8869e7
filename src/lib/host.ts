/**
 * Host-type detection (docs/product/README.md#users, docs/product/routes.md#detail-routing, docs/product/constants.md environment). Isomorphic: the middleware calls it with the
 * request's user agent and URL, islands with `navigator.userAgent` and `location`.
 */
import { DEFAULT_TERMINAL_ID, MARKET_TYPE, type MarketType } from './constants';

export type HostType =
  | 'browser'
  | 'designPlugin' // design-software plugin
  | 'clo' // 3D clothing design tool
  | 'teamsDesktop' // team-chat app tab, desktop
  | 'teamsMobile' // team-chat app tab, mobile
  | 'miniProgram' // mini-program web view
  | 'companionApp';

/**
 * Terminal id sent with every request. The browser's 208 is from docs/product/constants.md; the other hosts' ids are ours (the product
 * says only that they depend on the host), documented in docs/decisions/0005-host-types.md.
 */
export const TERMINAL_IDS: Record<HostType, string> = {
  browser: DEFAULT_TERMINAL_ID,
  designPlugin: '209',
  clo: '210',
  teamsDesktop: '211',
  teamsMobile: '212',
  miniProgram: '213',
  companionApp: '214',
};

export type Environment = 'development' | 'staging' | 'uat' | 'production';

export interface HostInfo {
  type: HostType;
  terminalId: string;
  mobile: boolean;
  overseas: boolean;
  marketType: MarketType;
  environment: Environment;
  /** Whether navigating to a merchant's detail page is allowed (disabled inside the plugin and the 3D tool). */
  merchantNavigation: boolean;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

export function environmentOf(hostname: string): Environment {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '127.0.0.1' || h === '[::1]' || h.endsWith('.local')) return 'development';
  if (h.startsWith('staging.') || h.includes('-staging.')) return 'staging';
  if (h.startsWith('uat.') || h.includes('-uat.')) return 'uat';
  return 'production';
}

/** The overseas variant runs on the design-suite host's overseas domain (docs/product/constants.md): `overseas.` or `global.` prefixes. */
export function isOverseasHost(hostname: string): boolean {
  return /^(overseas|global|en)\./i.test(hostname);
}

/**
 * The `host` query a host app opens our pages with (its plugin package's entry, a deep link), and the value the
 * server keeps in the `host` cookie and writes on `<html data-host>`, so the host is known on every later page and
 * call of the visit, not just the first.
 */
export const HOST_HINTS = { plugin: 'designPlugin', clo: 'clo', teams: 'teams', miniprogram: 'miniProgram', app: 'companionApp' } as const;
export type HostHint = keyof typeof HOST_HINTS;

export function isHostHint(value: unknown): value is HostHint {
  return typeof value === 'string' && Object.hasOwn(HOST_HINTS, value);
}

/** The hint that names a host type, for the cookie and the page; none for a plain browser. */
export function hintOfHost(type: HostType): HostHint | null {
  if (type === 'teamsDesktop' || type === 'teamsMobile') return 'teams';
  const hit = (Object.entries(HOST_HINTS) as [HostHint, string][]).find(([, t]) => t === type);
  return hit ? hit[0] : null;
}

/** The host a path prefix belongs to: the host variants' pages (`/clo/…`, `/design-suite/…`, `/ms-teams/…`). */
export function hintOfPath(pathname: string): HostHint | null {
  if (pathname.startsWith('/clo/')) return 'clo';
  if (pathname.startsWith('/design-suite/')) return 'plugin';
  if (pathname.startsWith('/ms-teams/')) return 'teams';
  return null;
}

/** How each host app's web view names itself in its user agent, in the order they are told apart. */
const HOST_USER_AGENTS: readonly (readonly [HostHint, RegExp])[] = [
  ['teams', /\bTeams\//i],
  ['miniprogram', /miniProgram/i],
  ['clo', /\bCLO\b|CLO3D|MarvelousDesigner/i],
  ['plugin', /DesignPlugin|CEP\/|UXP\//i],
  ['app', /MatlibApp\//i],
];

/**
 * Whether the user agent is one of our host apps' web views. Unlike a `host` query or cookie, which any link can
 * set, a link cannot choose the user agent that opens it.
 */
export function isHostAppUserAgent(userAgent: string): boolean {
  return HOST_USER_AGENTS.some(([, pattern]) => pattern.test(userAgent));
}

export interface HostInput {
  userAgent: string;
  url: URL;
  /** A hint kept from earlier in the visit (the cookie on the server, `<html data-host>` in the browser); the URL's own `host` query wins. */
  hint?: string | null | undefined;
  /** The market the whole site serves (`MARKET`), over the overseas domain's. */
  market?: MarketType | undefined;
}

export function detectHost(input: HostInput): HostInfo {
  const ua = input.userAgent;
  const { pathname, searchParams, hostname } = input.url;
  const mobile = isMobileUserAgent(ua);
  const query = searchParams.get('host');
  const hint = isHostHint(query) ? query : (hintOfPath(pathname) ?? (isHostHint(input.hint) ? input.hint : null));
  const found = HOST_USER_AGENTS.find(([h, pattern]) => pattern.test(ua) || hint === h)?.[0];
  let type: HostType = 'browser';
  if (found === 'teams') type = mobile ? 'teamsMobile' : 'teamsDesktop';
  else if (found) type = HOST_HINTS[found];
  const overseas = input.market !== undefined ? input.market === MARKET_TYPE.overseas : isOverseasHost(hostname);
  return {
    type,
    terminalId: TERMINAL_IDS[type],
    mobile,
    overseas,
    marketType: overseas ? MARKET_TYPE.overseas : MARKET_TYPE.domestic,
    environment: environmentOf(hostname),
    merchantNavigation: type !== 'designPlugin' && type !== 'clo',
  };
}

/**
 * A phone-sized host that embeds our pages in its own frame (mini-program web view, team-chat mobile tab, companion
 * app): it gets the light /mobile pages. A phone's own browser gets the responsive site.
 */
export function phoneEmbedded(host: Pick<HostInfo, 'type' | 'mobile'>): boolean {
  return host.mobile && host.type !== 'browser';
}

/** Which material-detail route a host opens (docs/product/routes.md#detail-routing). */
export function materialDetailPath(host: Pick<HostInfo, 'type' | 'mobile' | 'overseas'>): string {
  if (host.type === 'teamsMobile') return '/mobile/detail';
  if (host.type === 'teamsDesktop') return '/ms-teams/material/detail';
  if (host.overseas) return '/material/detail';
  if (host.type === 'designPlugin' || host.type === 'clo' || phoneEmbedded(host)) return '/mobile/detail';
  return '/material/detail';
}
