/**
 * What the shell components read from Astro.locals. The middleware fills every field for a normal page, but the
 * 500 page can render after a failure that left them unset; then the shell still renders, in the default
 * language, as for a guest.
 */
import { DEFAULT_LANG, getT, isLang, type Lang, type T } from '../../i18n';
import type { SessionContext } from '../../contracts/identity';
import type { Environment } from '../../host';
import { MARKET_TYPE, type MarketType } from '../../constants';

export interface PageLocals {
  lang: Lang;
  t: T;
  session: SessionContext | null;
  environment: Environment;
  /** The market the visitor is served (docs/product/markets.md). */
  market: MarketType;
}

export function pageLocals(locals: Partial<App.Locals>): PageLocals {
  const lang = isLang(locals.lang) ? locals.lang : DEFAULT_LANG;
  return {
    lang,
    t: locals.t ?? getT(lang),
    session: locals.session ?? null,
    environment: locals.host?.environment ?? 'production',
    market: locals.host?.marketType ?? MARKET_TYPE.domestic,
  };
}
