import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { getT, LANG_COOKIE, negotiateLanguage, type Lang, type T } from '../../i18n';

/** The caller's language, as pages choose it: the remembered choice, else Accept-Language, else cn. */
export function requestLang(c: Context): Lang {
  return negotiateLanguage(getCookie(c, LANG_COOKIE), c.req.header('accept-language'));
}

export function requestT(c: Context): T {
  return getT(requestLang(c));
}
