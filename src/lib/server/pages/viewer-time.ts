/**
 * Times on a server-rendered page, in the viewer's time zone (docs/product/constants.md#time-zone): the offset the
 * browser left in the `tz` cookie, else China Standard Time. Pages, page loaders and the components they render
 * format through this, and hand `offset` to any island that shows times, so the island writes the same text.
 */
import { formatTime, readOffset, TIME_ZONE_COOKIE, type TimeStyle } from '../../format-time';
import { pageLocals } from './page-locals';

export interface ViewerTime {
  lang: string;
  /** The signed `hh:mm` offset the page writes times in. */
  offset: string;
  format(when: string | Date, style?: TimeStyle): string;
}

/** The viewer's offset from the request's `tz` cookie, or the default when it is missing or not an offset. */
export function viewerOffset(request: Request): string {
  const cookie = request.headers.get('cookie') ?? '';
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== TIME_ZONE_COOKIE) continue;
    try {
      return readOffset(decodeURIComponent(rest.join('=')));
    } catch {
      return readOffset(null);
    }
  }
  return readOffset(null);
}

export function viewerTime(page: { request: Request; locals: Partial<App.Locals> }): ViewerTime {
  const { lang } = pageLocals(page.locals);
  const offset = viewerOffset(page.request);
  return { lang, offset, format: (when, style) => formatTime(when, lang, offset, style) };
}
