import { describe, expect, it } from 'vitest';
import { catalogue, classify, ERROR, lookupError, type CatalogueEntry, type ErrorBehaviour, type ErrorClass } from './errors';
import cn from './i18n/locales/cn.json';
import en from './i18n/locales/en.json';

describe('the error catalogue', () => {
  it('has one entry per code', () => {
    const codes = catalogue.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has a Chinese and an English message for every code', () => {
    for (const { code } of catalogue) {
      if (code === ERROR.ignored) continue;
      expect(cn.errors, `cn errors.${code}`).toHaveProperty(String(code));
      expect(en.errors, `en errors.${code}`).toHaveProperty(String(code));
    }
  });

  it.each<[ErrorBehaviour, number[]]>([
    ['login', [401, 100401]],
    ['permission', [403, 100403]],
    ['alert', [100404, 410403, 411403, 412403]],
    ['generic', [100500]],
    ['quota', [400101]],
    ['certification', [400007]],
    ['bindMobile', [601]],
    ['field', [300069]],
    ['ignored', [300034]],
    ['muted', [499]],
  ])('tells the client to show %s for %j', (behaviour, codes) => {
    for (const code of codes) expect(lookupError(code).behaviour, String(code)).toBe(behaviour);
  });

  it('keeps the English fallback message of a code', () => {
    expect(lookupError(100101).message).toBe('favourite folder required');
  });

  it.each<[number, ErrorClass]>([
    [200401, 'auth'],
    [500403, 'forbidden'],
    [700404, 'notFound'],
    [900499, 'cancelled'],
    [123456, 'other'],
  ])('classes the unknown code %i by its ending as %s', (code, errorClass) => {
    expect(classify(code)).toBe(errorClass);
  });

  it.each<[number, Partial<CatalogueEntry>]>([
    [200401, { behaviour: 'login', http: 401 }],
    [500403, { behaviour: 'permission', http: 403 }],
    [123456, { behaviour: 'errorPage', http: 500 }],
    [418, { http: 418 }],
  ])('handles the unknown code %i as its class: %j', (code, handling) => {
    expect(lookupError(code)).toMatchObject(handling);
  });

  it('gives every error an HTTP status of its class', () => {
    for (const entry of catalogue) {
      if (entry.behaviour === 'ignored' || entry.code === ERROR.bindMobile) continue;
      expect(entry.http, String(entry.code)).toBeGreaterThanOrEqual(400);
    }
  });
});
