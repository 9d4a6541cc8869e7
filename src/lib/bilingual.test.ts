import { describe, expect, it } from 'vitest';
import { inLanguage } from './bilingual';

describe('text written in both languages', () => {
  it.each([
    ['100% 牛皮 Cowhide', '100% 牛皮', '100% Cowhide'],
    ['C01 烟灰 Smoke grey', 'C01 烟灰', 'C01 Smoke grey'],
    ['65/35 涤棉 PES/CO', '65/35 涤棉', '65/35 PES/CO'],
    ['涤纶底布 PU 涂层 PU on PES', '涤纶底布 PU 涂层', 'PU on PES'],
  ])('shows %s as %s in Chinese and %s in English', (text, cn, en) => {
    expect(inLanguage(text, 'cn')).toBe(cn);
    expect(inLanguage(text, 'en')).toBe(en);
  });

  it.each(['100% TPU', '天然橡胶', 'C03 酒红', 'Smoke grey'])('leaves %s, in one language, as it is', (text) => {
    expect(inLanguage(text, 'cn')).toBe(text);
    expect(inLanguage(text, 'en')).toBe(text);
  });
});

describe('the demo catalogue', () => {
  it('writes every bilingual composition so that each language reads whole', async () => {
    const { COMPOSITIONS_BY_CATEGORY, RECIPES } = await import('./server/seed/materials-data');
    const all = [...Object.values(COMPOSITIONS_BY_CATEGORY).flat(), ...Object.values(RECIPES).flatMap((r) => r.compositions)];
    for (const text of all) {
      const en = inLanguage(text, 'en');
      expect(en, text).not.toMatch(/[\u3400-\u9fff]/);
      // No word said twice ("EVA EVA foam").
      expect(new Set(en.split(' ')).size, text).toBe(en.split(' ').length);
    }
  });
});
