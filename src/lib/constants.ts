/** Business constants and limits (docs/product/constants.md). One module; import from here, never repeat a literal. */

export const APP_VERSION = '1.8.0';
export const APP_ID = { buyer: '200', passport: '100' } as const;
export const ORIGIN_TYPE = 'MATERIAL';
export const TERMINAL_TYPE = 'BUYER';
export const DEFAULT_TERMINAL_ID = '208';
export const ANALYTICS = { productId: 104, businessId: 3 } as const;
export const ROLE_CODE = { buyer: 500, supplier: 501, other: 502 } as const;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const MARKET_TYPE = { domestic: 1, overseas: 2 } as const;
export type MarketType = (typeof MARKET_TYPE)[keyof typeof MARKET_TYPE];
/**
 * What a company that is not certified may have on the public market at once (docs/product/markets.md#uncertified-companies):
 * materials on either market and material books. Going past it asks for company certification (400007).
 */
export const UNCERTIFIED_MARKET_LIMIT = { materials: 20, books: 2 } as const;
export const currencySymbol = (marketType: number): string => (marketType === MARKET_TYPE.overseas ? '$' : '¥');
/** The symbol of a price's own currency: a material shows its price as its supplier listed it, in any market. */
export const currencySymbolOf = (currency: string): string => (currency === 'USD' ? '$' : '¥');
/** The currency a market's prices are compared in (docs/product/catalogue.md#filtering-by-price); other prices are not converted. */
export const marketCurrency = (marketType: number): 'CNY' | 'USD' => (marketType === MARKET_TYPE.overseas ? 'USD' : 'CNY');

export const SEARCH = {
  /** The longest keywords a search, a suggestion or a history entry takes. */
  keywordsMax: 50,
  historyMax: 20,
  shadingRotateMs: 5_000,
  suggestDebounceMs: 100,
  suggestCategoriesMax: 5,
  boxWidth: 140,
  boxWidthFocused: 400,
  boxRightOffset: 207,
} as const;

export const PAGE_SIZE = { categories: 99_999, aliases: 99_999, folders: 99_999, colors: 999 } as const;

export const IMAGE_SEARCH_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

export const NAME_LIMITS = { colorCard: 32, folder: 20, shareIntroduction: 200, shareCode: 4 } as const;
export const SHARE = {
  validityTypes: [1, 2, 3, 4] as const,
  imageScale: 2,
  thumbnail: 512,
  colorCardSwatches: 5,
  colorCardSwatchesList: 9,
  multiMaterialTiles: 6,
  folderTiles: 9,
  singleColorCards: 10,
} as const;

export const UI = {
  backToTopAfterPx: 300,
  badgeCap: 99,
  tooltipWidth: 120,
  confirmDialogWidth: 440,
  dialogDedupeMs: 2_000,
} as const;

/** Image size presets (docs/product/constants.md), widths in CSS pixels. */
export const IMAGE_PRESETS = { full: 1600, large: 960, medium: 480, small: 280, tiny: 120, micro: 48 } as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;
export const SIGNED_URL_TTL_S = 900;
/** A color card's render state (docs/product/material-files.md#rendering). */
export const RENDER_STATUS = { rendering: 1, success: 2, failed: 3, cancelled: 4, queued: 5 } as const;
export type RenderStatus = (typeof RENDER_STATUS)[keyof typeof RENDER_STATUS];

export const DETAIL_VERSION_LATEST = -1;
export const LOGIN_VERSION = { default: 1, special: 7, teamChat: 6 } as const;
export const ERROR_LOG_CAP = 30;
export const ADDRESS_CACHE_FLAG = 'REFRESHED_1.5.0';
export const BRAND_DATE_FORMAT = 'MM-DD-YYYY';
export const DEFAULT_LANGUAGE = 'cn';
export const LIBRARY_SERIALIZATION_BUFFER_BYTES = 17_825_792;
export const ROUTE_HISTORY_KEEP = 3;

/** User type (docs/product/README.md#users, docs/product/catalogue.md#data). */
export const USER_TYPE = { unknown: 0, buyer: 1, supplier: 2 } as const;
export const USER_STATUS_FROZEN = 5;
/** A bare social account joined into an existing one (docs/product/identity.md#binding-after-a-social-sign-in): it no longer signs in. */
export const USER_STATUS_RETIRED = 2;

/** Route-to-menu-code mapping (docs/product/routes.md#roles). */
export const MENU_CODE = {
  materialManage: '0100',
  market: '0200',
  merchant: '0300',
  share: '0400',
  userCenter: '0500',
  collection: '0600',
  color: '0700',
  material: '0800',
  dataManage: '0900',
  applyRecord: '1000',
  brandRecommendation: '1100',
} as const;
export type MenuCode = (typeof MENU_CODE)[keyof typeof MENU_CODE];

/** File sizes shown in B, KB, MB, GB with one decimal (docs/product/constants.md). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Timezone sent as a signed hh:mm offset (docs/product/constants.md), e.g. "+08:00". */
export function timezoneOffset(date: Date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Badge text: the count, or "99+" above the cap (docs/product/routes.md#routes). */
export function badgeText(count: number): string {
  return count > UI.badgeCap ? `${UI.badgeCap}+` : String(count);
}

/** Units of number-group fields (docs/product/catalogue.md#rules: thickness defaults to unit 5, width to unit 6). */
export const MEASURE_UNITS: Readonly<Record<number, string>> = { 1: 'm', 2: 'yd', 3: 'in', 4: 'ft', 5: 'mm', 6: 'cm' };
