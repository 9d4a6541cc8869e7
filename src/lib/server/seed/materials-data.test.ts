import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from './catalogue-data';
import { COMPOSITIONS_BY_CATEGORY, RECIPES } from './materials-data';

const level2 = new Map(CATEGORY_TREE.flatMap(([root, children]) => children.map(([code]) => [code, root[0]] as const)));

describe('the demo catalogue’s compositions', () => {
  it('are given for real subcategories only', () => {
    expect(Object.keys(COMPOSITIONS_BY_CATEGORY).filter((code) => !level2.has(code))).toEqual([]);
  });

  it('say what each hide and sole subcategory is made of, never another one’s material', () => {
    const names: Record<string, RegExp> = { 'full-grain': /Cowhide/, sheepskin: /Sheepskin/, pigskin: /Pigskin/, 'eva-foam': /EVA/, rubber: /rubber|NR|SBR/i, 'tpu-sole': /TPU/, 'pu-foam': /PU/ };
    for (const [code, own] of Object.entries(names)) {
      const compositions = COMPOSITIONS_BY_CATEGORY[code] ?? RECIPES[level2.get(code)!]!.compositions;
      expect(compositions.filter((c) => !own.test(c)), code).toEqual([]);
    }
  });
});
