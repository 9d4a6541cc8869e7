import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { MARKET_TYPE } from '../../constants';
import { DEFAULT_LANG, getT, LANG_COOKIE, negotiateLanguage, type Lang, type T } from '../../i18n';
import { marketOfRequest } from '../request/market';

/** The caller's language, as pages choose it: the remembered choice, else Accept-Language, else the market's (cn, en overseas). */
export function requestLang(c: Context): Lang {
  const fallback = marketOfRequest(new URL(c.req.url)) === MARKET_TYPE.overseas ? 'en' : DEFAULT_LANG;
  return negotiateLanguage(getCookie(c, LANG_COOKIE), c.req.header('accept-language'), fallback);
}

export function requestT(c: Context): T {
  return getT(requestLang(c));
}
