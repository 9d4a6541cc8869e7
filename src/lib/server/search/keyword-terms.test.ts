import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keywordTerms } from './keyword-terms';
import { SYNONYMS } from './synonyms';

const same = (...queries: string[]) => {
  const [first, ...rest] = queries.map((q) => keywordTerms(q));
  for (const terms of rest) expect(terms).toEqual(first);
  return first!;
};

describe('search synonyms (docs/product/search.md#synonyms)', () => {
  it('gives every word of a group the same term, in either language and any case', () => {
    const [suede] = same('麂皮', 'suede', 'Suede', '反绒皮');
    expect(suede!.tsQuery).toContain("'suede'");
    expect(suede!.tsQuery).toContain("'麂皮'");
    const [red] = same('红色', '红', 'red', 'RED', '红色系', 'reds');
    expect(red).toMatchObject({ facet: { facet: 'colorFamily', value: 'red' } });
    // The lone character is recognised, not searched for as text.
    expect(red!.tsQuery).not.toMatch(/'红'/);
    same('牛皮', 'cowhide');
    const [autumn] = same('秋冬', 'autumn/winter', 'Autumn Winter', 'AW', 'fall/winter');
    expect(autumn).toMatchObject({ facet: { facet: 'season', value: '2' } });
    expect(same('头层牛皮', 'full-grain', 'full grain')).toHaveLength(1);
  });

  it('cuts a Chinese run at its synonyms, and keeps a run that is one whole', () => {
    expect(keywordTerms('秋冬新品')).toEqual([keywordTerms('秋冬')[0], keywordTerms('新品')[0]]);
    expect(keywordTerms('新品')[0]).toMatchObject({ recent: true });
    expect(keywordTerms('红色牛皮')).toEqual([...keywordTerms('red'), ...keywordTerms('cowhide')]);
    expect(keywordTerms('红牛皮')).toEqual(keywordTerms('红色牛皮'));
    expect(keywordTerms('透气网布')).toEqual([...keywordTerms('breathable'), ...keywordTerms('mesh')]);
    expect(keywordTerms('酒红色')).toEqual([{ tsQuery: "'酒'" }, ...keywordTerms('red')]);
    expect(keywordTerms('三明治网布')).toEqual(keywordTerms('sandwich mesh'));
    expect(keywordTerms('荔枝纹头层牛皮')).toEqual([{ tsQuery: "('荔枝' <-> '枝纹')" }, ...keywordTerms('头层牛皮')]);
  });

  it('leaves other words as plain text search: the last one a prefix, nothing searchable nothing', () => {
    expect(keywordTerms('micro')).toEqual([{ tsQuery: "'micro':*" }]);
    expect(keywordTerms('pebble grain 真丝')).toEqual([{ tsQuery: "'pebble'" }, { tsQuery: "'grain'" }, { tsQuery: "'真丝'" }]);
    // The same group twice is one term.
    expect(keywordTerms('red 红色')).toEqual(keywordTerms('red'));
    expect(keywordTerms('！！！')).toEqual([]);
  });

  it('lists every synonym in the product page’s table', () => {
    const page = readFileSync(new URL('../../../../docs/product/search.md', import.meta.url), 'utf8');
    const table = page.slice(page.indexOf('### Synonyms'), page.indexOf('## Suggestions and history'));
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Chinese'));
    expect(rows).toHaveLength(SYNONYMS.length);
    SYNONYMS.forEach((group, i) => {
      const cells = rows[i]!.split('|').map((c) => c.trim());
      expect(cells[1]!.split('、')).toEqual(group.cn);
      expect(cells[2]!.split(', ')).toEqual(group.en);
    });
  });
});
