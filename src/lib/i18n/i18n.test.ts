import { describe, expect, it } from 'vitest';
import type { Dict } from './client';
import { MESSAGES, createClientT, errorMessage, getT, negotiateLanguage } from './index';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('language negotiation', () => {
  it('remembers the chosen language over the browser’s', () => {
    expect(negotiateLanguage('en', 'zh-CN,zh;q=0.9')).toBe('en');
    expect(negotiateLanguage('cn', 'en-US')).toBe('cn');
  });

  it('follows Accept-Language by quality, with cn as fallback', () => {
    expect(negotiateLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(negotiateLanguage(undefined, 'fr-FR,en;q=0.5,zh;q=0.8')).toBe('cn');
    expect(negotiateLanguage(undefined, 'fr-FR,de;q=0.9')).toBe('cn');
    expect(negotiateLanguage(undefined, 'zh-TW')).toBe('cn');
    expect(negotiateLanguage(undefined, 'en;q=0')).toBe('cn');
    expect(negotiateLanguage('xx', null)).toBe('cn');
  });
});

describe('translations', () => {
  it('have the same keys in cn and en (English adds singular forms, `<key>_one`, of keys both have)', () => {
    const en = keys(MESSAGES.en as Tree);
    const singular = en.filter((k) => k.endsWith('_one'));
    expect(singular.filter((k) => !en.includes(k.slice(0, -'_one'.length)))).toEqual([]);
    expect(en.filter((k) => !k.endsWith('_one')).sort()).toEqual(keys(MESSAGES.cn as Tree).sort());
  });

  it('say "1 material" and "2 materials" in English, on the server and in islands alike', () => {
    const server = getT('en');
    const island = createClientT(MESSAGES.en as Dict);
    for (const t of [server, island]) {
      expect(t('sampleRequest.count', { count: 1 })).toBe('1 request');
      expect(t('sampleRequest.count', { count: 2 })).toBe('2 requests');
      expect(t('collections.total', { count: 1 })).toBe('1 folder');
      expect(t('collections.total', { count: 0 })).toBe('0 folders');
    }
    expect(getT('cn')('sampleRequest.count', { count: 1 })).toBe(MESSAGES.cn.sampleRequest.count.replace('{{count}}', '1'));
  });

  it('stay fixed per translator when languages interleave', async () => {
    const render = async (lang: 'cn' | 'en') => {
      const t = getT(lang);
      const parts: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        parts.push(t('nav.home'));
        await new Promise((r) => setImmediate(r));
      }
      return parts;
    };
    const [a, b] = await Promise.all([render('cn'), render('en')]);
    expect(new Set(a)).toEqual(new Set(['首页']));
    expect(new Set(b)).toEqual(new Set(['Home']));
  });

  it('take error messages from the table by code, else the server message', () => {
    const t = getT('en');
    expect(errorMessage(t, 100101, 'server text')).toBe('favourite folder required');
    expect(errorMessage(t, 987654, 'server text')).toBe('server text');
    expect(errorMessage(getT('cn'), 100401)).toBe('请先登录');
  });

  it('interpolate and fall back to the key on the client', () => {
    const t = createClientT({ toolbar: { badgeLabel: '{{count}} items' } });
    expect(t('toolbar.badgeLabel', { count: 3 })).toBe('3 items');
    expect(t('toolbar.missing')).toBe('toolbar.missing');
  });
});

describe('shared messages', () => {
  it('are frozen all the way down: a page that changed one would change it for every later request', () => {
    expect(Object.isFrozen(MESSAGES.cn)).toBe(true);
    expect(Object.isFrozen(MESSAGES.en.material)).toBe(true);
    expect(() => {
      (MESSAGES.cn.material as Record<string, unknown>).isNew = 'changed';
    }).toThrow(TypeError);
    expect(MESSAGES.cn.material.isNew).not.toBe('changed');
  });
});
