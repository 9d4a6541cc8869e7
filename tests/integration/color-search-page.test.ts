import { beforeAll, describe, expect, it } from 'vitest';
import { loadColorSearch } from '../../src/lib/server/pages/color-search';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const load = (query: string, lang: 'cn' | 'en' = 'cn') => loadColorSearch(new URL(`http://x/search/color${query}`), lang, 1);

beforeAll(async () => {
  await seedReferenceData();
  const org = (await createEnterprise({ company: { orgName: '色卡页面测试有限公司', nameEn: 'Color Page Test Co' } })).companyId;
  // A teal no other fixture uses, once exactly and once a little off.
  await createMaterial(org, 'microfiber', { nameCn: '页面测试青绿', hexes: ['#1b1b1b', '#137a6f'] });
  await createMaterial(org, 'flyknit', { nameCn: '页面测试近青绿', hexes: ['#1a806f'] });
});

describe('the color search page’s query (/search/color)', () => {
  it('lists materials nearest first with the matched card, the family and the pages', async () => {
    const outcome = await load('?hex=137A6F&tolerance=5');
    if (outcome.kind !== 'ok') throw new Error(`expected results, got ${outcome.kind}`);
    expect(outcome).toMatchObject({ hex: '137a6f', tolerance: 5, page: 1, pages: 1 });
    const names = outcome.result.records.map((r) => r.name);
    expect(names.slice(0, 2)).toEqual(['页面测试青绿', '页面测试近青绿']);
    expect(outcome.result.records[0]!.match).toMatchObject({ hex: '#137a6f', deltaE: 0 });
    const deltas = outcome.result.records.map((r) => r.match.deltaE);
    expect(deltas).toEqual([...deltas].sort((a, b) => a - b));
    expect(deltas.every((d) => d <= 5)).toBe(true);
    expect(outcome.family.family).toBe('cyan');
    // The family is labelled in the reader's language.
    const en = await load('?hex=137a6f&tolerance=5', 'en');
    expect(en.kind === 'ok' && en.family.family).toBe('cyan');
    expect(en.kind === 'ok' && en.family.label).not.toBe(outcome.family.label);
  });

  it('takes #, three digits and the default tolerance', async () => {
    expect(await load(`?hex=${encodeURIComponent('#fff')}`)).toMatchObject({ kind: 'ok', hex: 'ffffff', tolerance: 10 });
  });

  it('names bad input instead of failing', async () => {
    expect(await load('?hex=zzz')).toMatchObject({ kind: 'invalid', hexInput: 'zzz', problems: ['hex'] });
    expect(await load('?hex=137a6f&tolerance=31')).toMatchObject({ kind: 'invalid', problems: ['tolerance'], tolerance: 10 });
    expect(await load('?hex=12345&tolerance=0')).toMatchObject({ kind: 'invalid', problems: ['hex', 'tolerance'] });
    expect(await load('?tolerance=abc')).toMatchObject({ kind: 'invalid', problems: ['tolerance'] });
    // A malformed page number is the first page.
    expect(await load('?hex=137a6f&page=-3')).toMatchObject({ kind: 'ok', page: 1 });
  });

  it('introduces itself when no color is chosen', async () => {
    expect(await load('')).toEqual({ kind: 'intro', tolerance: 10 });
    expect(await load('?hex=&tolerance=20')).toEqual({ kind: 'intro', tolerance: 20 });
  });

  it('resolves a script-less form submission to the short address', async () => {
    // A palette button wins.
    expect(await load('?from=&pick=c8102e&swatch=%23808080&hex=&tolerance=20')).toEqual({ kind: 'redirect', location: '/search/color?hex=c8102e&tolerance=20' });
    // The color input, when the hex field was left as shown.
    expect(await load('?from=c8102e&swatch=%23137a6f&hex=C8102E&tolerance=10')).toEqual({ kind: 'redirect', location: '/search/color?hex=137a6f' });
    expect(await load('?from=&swatch=%23137a6f&hex=&tolerance=10')).toEqual({ kind: 'redirect', location: '/search/color?hex=137a6f' });
    // The hex field, when it was edited (even to something that is not a color: the page then says so).
    expect(await load('?from=c8102e&swatch=%23c8102e&hex=%23f0a&tolerance=5')).toEqual({ kind: 'redirect', location: '/search/color?hex=ff00aa&tolerance=5' });
    expect(await load('?from=c8102e&swatch=%23c8102e&hex=nope&tolerance=10')).toEqual({ kind: 'redirect', location: '/search/color?hex=nope' });
  });
});
