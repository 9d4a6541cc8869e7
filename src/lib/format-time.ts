/**
 * Times in the marketplace's own time zone (China Standard Time), so the server-rendered text and the hydrated
 * island say the same thing whatever zone the browser is in: sample requests, shipments, the supplier's materials.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatMarketTime(iso: string, lang: string): string {
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' })));
  return format.format(new Date(iso));
}
