import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('search highlights', () => {
  it('marks Chinese runs and Latin words, case-insensitively, longest first', () => {
    expect(highlightParts('荔枝纹头层牛皮', '头层牛')).toEqual([{ text: '荔枝纹', hit: false }, { text: '头层牛', hit: true }, { text: '皮', hit: false }]);
    expect(highlightParts('Microfiber PU coated', 'pu micro')).toEqual([
      { text: 'Micro', hit: true },
      { text: 'fiber ', hit: false },
      { text: 'PU', hit: true },
      { text: ' coated', hit: false },
    ]);
  });

  it('leaves the text alone without keywords or matches, and treats regex characters as text', () => {
    expect(highlightParts('Nappa', undefined)).toEqual([{ text: 'Nappa', hit: false }]);
    expect(highlightParts('a.b (c)', '.(')).toEqual([{ text: 'a.b (c)', hit: false }]);
  });
});
