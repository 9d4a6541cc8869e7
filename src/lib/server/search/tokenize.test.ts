import { describe, expect, it } from 'vitest';
import { indexText, queryTerms, toTsQuery } from './tokenize';

describe('search tokens (docs/product/search.md#how-results-are-ranked: Chinese as bigrams, Latin as words)', () => {
  it('indexes Chinese runs as bigrams in order plus each character once', () => {
    expect(indexText('头层牛皮')).toBe('头层 层牛 牛皮 头 层 牛 皮');
    expect(indexText('皮')).toBe('皮');
  });

  it('keeps Latin words and digits as words, lower-cased and width-normalised, across mixed scripts', () => {
    expect(indexText('PU 革 Microfiber ＰＵ１２３')).toBe('pu microfiber pu123 革');
    expect(indexText('荔枝纹 Pebble-grain 头层牛皮, 1.2mm')).toBe('荔枝 枝纹 pebble grain 头层 层牛 牛皮 1 2mm 荔 枝 纹 头 层 牛 皮');
  });

  it('drops punctuation, symbols and absurdly long tokens', () => {
    expect(indexText('（环保）——100%！', 'x'.repeat(41))).toBe('环保 100 环 保');
  });

  it('turns 1-, 2- and 3-character Chinese queries into a character, a bigram and a bigram phrase', () => {
    expect(toTsQuery('皮')).toBe("'皮'");
    expect(toTsQuery('牛皮')).toBe("'牛皮'");
    expect(toTsQuery('头层牛')).toBe("('头层' <-> '层牛')");
  });

  it('ANDs the terms and prefix-matches only the last Latin word', () => {
    expect(toTsQuery('pu micro')).toBe("'pu' & 'micro':*");
    expect(toTsQuery('超纤 PU')).toBe("'超纤' & 'pu':*");
    expect(queryTerms('Nappa 头层')).toEqual([
      { kind: 'word', token: 'nappa', prefix: false },
      { kind: 'phrase', tokens: ['头层'] },
    ]);
  });

  it('quotes what tsquery would read as syntax, and answers null for nothing searchable', () => {
    expect(toTsQuery("o'brien")).toBe("'o' & 'brien':*");
    expect(toTsQuery('  !!! ')).toBeNull();
    expect(toTsQuery('')).toBeNull();
  });
});
