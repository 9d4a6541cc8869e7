import { describe, expect, it } from 'vitest';
import { catalogue, classify, ERROR, lookupError } from './errors';
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

  it('maps the §8 behaviour table', () => {
    expect(lookupError(401).behaviour).toBe('login');
    expect(lookupError(100401).behaviour).toBe('login');
    expect(lookupError(403).behaviour).toBe('permission');
    expect(lookupError(100403).behaviour).toBe('permission');
    expect(lookupError(100404).behaviour).toBe('alert');
    expect(lookupError(100500).behaviour).toBe('generic');
    expect(lookupError(400101).behaviour).toBe('quota');
    expect(lookupError(400007).behaviour).toBe('certification');
    expect(lookupError(601).behaviour).toBe('bindMobile');
    expect(lookupError(100101).message).toBe('favourite folder required');
    expect(lookupError(300069).behaviour).toBe('field');
    expect(lookupError(300034).behaviour).toBe('ignored');
    expect(lookupError(499).behaviour).toBe('muted');
  });

  it('classes unknown codes by their ending (§8)', () => {
    expect(classify(200401)).toBe('auth');
    expect(classify(500403)).toBe('forbidden');
    expect(classify(700404)).toBe('notFound');
    expect(classify(900499)).toBe('cancelled');
    expect(classify(123456)).toBe('other');
    expect(lookupError(200401)).toMatchObject({ behaviour: 'login', http: 401 });
    expect(lookupError(500403)).toMatchObject({ behaviour: 'permission', http: 403 });
    expect(lookupError(123456)).toMatchObject({ behaviour: 'errorPage', http: 500 });
    expect(lookupError(418).http).toBe(418);
  });

  it('gives every error an HTTP status of its class', () => {
    for (const entry of catalogue) {
      if (entry.behaviour === 'ignored' || entry.code === ERROR.bindMobile) continue;
      expect(entry.http, String(entry.code)).toBeGreaterThanOrEqual(400);
    }
  });
});
