/**
 * Every date and time the product shows is written here, in the viewer's time zone (docs/product/constants.md#time-zone):
 * a signed UTC offset such as "+08:00". The browser knows its own and keeps it in the `tz` cookie, so a page the
 * server renders uses the same one; until that cookie exists the server writes China Standard Time. An island
 * shows server-rendered times with the offset the page used, so hydration finds the same text.
 */
import { timezoneOffset } from './constants';

/** China Standard Time, the marketplace's own: the offset used until the viewer's is known, and the day request numbers carry. */
export const MARKET_UTC_OFFSET = '+08:00';
/** The cookie the browser writes its offset to (percent-encoded, as the language menu writes `lang`). */
export const TIME_ZONE_COOKIE = 'tz';

/** `dateTime`: date and minutes (most lists); `seconds`: with seconds (the outbox); `date`: the day alone. */
export type TimeStyle = 'dateTime' | 'seconds' | 'date';

const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;
// Real offsets run from UTC−12:00 to UTC+14:00.
const OFFSET_MAX_MINUTES = 14 * 60;
const ONE_YEAR_S = 31_536_000;

/** Minutes east of UTC for a signed `hh:mm` offset, or null when it is not one. */
export function offsetMinutes(offset: string | null | undefined): number | null {
  const match = offset ? OFFSET_PATTERN.exec(offset) : null;
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  if (Number(minutes) >= 60) return null;
  const total = Number(hours) * 60 + Number(minutes);
  if (total > OFFSET_MAX_MINUTES) return null;
  return sign === '-' ? -total : total;
}

/** The offset to show times in: the given one when it is valid, else China Standard Time. */
export function readOffset(value: string | null | undefined): string {
  return offsetMinutes(value) === null ? MARKET_UTC_OFFSET : (value as string);
}

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  seconds: { dateStyle: 'medium', timeStyle: 'medium' },
  date: { dateStyle: 'medium' },
};
const formats = new Map<string, Intl.DateTimeFormat>();

function shifted(when: string | Date, offset: string): Date {
  const minutes = offsetMinutes(offset) ?? (offsetMinutes(MARKET_UTC_OFFSET) as number);
  return new Date(new Date(when).getTime() + minutes * 60_000);
}

/**
 * The one way a time is written for people: `when` (an ISO string or a Date) in the page's language, at `offset`.
 * The instant is moved by the offset and written as UTC, so any offset works, not only the named zones.
 */
export function formatTime(when: string | Date, lang: string, offset: string, style: TimeStyle = 'dateTime'): string {
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  const key = `${locale} ${style}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: 'UTC' })));
  return format.format(shifted(when, offset));
}

/** The calendar day of `when` at `offset`, as `YYYY-MM-DD`. */
export function calendarDay(when: string | Date, offset: string): string {
  const d = shifted(when, offset);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The browser's own offset now. */
export const browserOffset = (): string => timezoneOffset();

/** Keeps the browser's offset in the cookie the server renders pages with; writes only when it changed. */
export function rememberTimeZone(doc: { cookie: string } = document, offset: string = browserOffset()): void {
  const stored = doc.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TIME_ZONE_COOKIE}=`));
  const value = encodeURIComponent(offset);
  if (stored === `${TIME_ZONE_COOKIE}=${value}`) return;
  doc.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}
