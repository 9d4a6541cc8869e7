import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { calendarDay, formatTime, MARKET_UTC_OFFSET, offsetMinutes, readOffset, rememberTimeZone, TIME_ZONE_COOKIE } from './format-time';

// 2026-03-01 23:30 UTC: the next day in China and in India, still the same day in New York.
const INSTANT = '2026-03-01T23:30:00.000Z';

describe('formatTime', () => {
  it('writes an instant at the offset it is given, whole or half hours, east or west', () => {
    expect(formatTime(INSTANT, 'en', '+08:00')).toBe('2 Mar 2026, 07:30');
    expect(formatTime(INSTANT, 'en', '+05:30')).toBe('2 Mar 2026, 05:00');
    expect(formatTime(INSTANT, 'en', '-05:00')).toBe('1 Mar 2026, 18:30');
    expect(formatTime(INSTANT, 'en', '+00:00')).toBe('1 Mar 2026, 23:30');
    expect(formatTime(new Date(INSTANT), 'cn', '+08:00')).toBe('2026年3月2日 07:30');
  });

  it('has a day-only and a with-seconds style', () => {
    expect(formatTime(INSTANT, 'cn', '-05:00', 'date')).toBe('2026年3月1日');
    expect(formatTime('2026-03-01T23:30:09Z', 'en', '+08:00', 'seconds')).toBe('2 Mar 2026, 07:30:09');
  });

  it('falls back to China Standard Time for an offset that is not one', () => {
    expect(formatTime(INSTANT, 'en', 'Asia/Kolkata')).toBe(formatTime(INSTANT, 'en', MARKET_UTC_OFFSET));
    expect(formatTime(INSTANT, 'en', '+15:00')).toBe(formatTime(INSTANT, 'en', MARKET_UTC_OFFSET));
  });
});

describe('offsets', () => {
  it('reads signed hh:mm offsets from UTC−12:00 to UTC+14:00 and nothing else', () => {
    expect(offsetMinutes('+08:00')).toBe(480);
    expect(offsetMinutes('-03:30')).toBe(-210);
    expect(offsetMinutes('+14:00')).toBe(840);
    for (const bad of ['+14:30', '+08:60', '8:00', '+0800', 'UTC', '', null, undefined]) expect(offsetMinutes(bad)).toBeNull();
    expect(readOffset('-03:30')).toBe('-03:30');
    expect(readOffset('nonsense')).toBe(MARKET_UTC_OFFSET);
    expect(readOffset(undefined)).toBe(MARKET_UTC_OFFSET);
  });

  it('tells the calendar day at an offset', () => {
    expect(calendarDay(INSTANT, '+08:00')).toBe('2026-03-02');
    expect(calendarDay(INSTANT, '-05:00')).toBe('2026-03-01');
  });

  it('keeps the browser offset in the cookie, writing only when it changed', () => {
    const writes: string[] = [];
    let jar = 'lang=en';
    const doc = {
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        writes.push(value);
        jar = `lang=en; ${value.split(';')[0]}`;
      },
    };
    rememberTimeZone(doc, '+05:30');
    expect(writes).toEqual([`${TIME_ZONE_COOKIE}=%2B05%3A30; path=/; max-age=31536000; samesite=lax`]);
    rememberTimeZone(doc, '+05:30');
    expect(writes).toHaveLength(1);
    rememberTimeZone(doc, '-04:00');
    expect(writes).toHaveLength(2);
  });
});

// One rule for every time on screen: nothing but this module turns a date into text.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OWN = path.join('lib', 'format-time.ts');
/** Ways to write a date for people without the viewer's offset; `Number#toLocaleString` (counts) is fine. */
const AD_HOC = [/Intl\.DateTimeFormat/, /toLocaleDateString|toLocaleTimeString/, /Date\([^)]*\)\)?\.toLocaleString/, /\.toLocaleString\(\)/, /timeZone:/, /Asia\/Shanghai/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('one formatter', () => {
  it('no other source file writes a date for people', () => {
    const offenders = sources(SRC)
      .filter((file) => path.relative(SRC, file) !== OWN)
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return AD_HOC.filter((pattern) => pattern.test(text)).map((pattern) => `${path.relative(SRC, file)} ${pattern.source}`);
      });
    expect(offenders).toEqual([]);
  });
});
