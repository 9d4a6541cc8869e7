import { describe, expect, it } from 'vitest';
import { buildHelpIndex, markdownToText, searchHelpIndex, type HelpDocument } from './search-help-articles';

const doc = (slug: string, fields: Partial<HelpDocument>): HelpDocument => ({ slug, title: slug, summary: '', keywords: [], headings: [], body: '', ...fields });

const index = buildHelpIndex([
  doc('requests', { title: '提交样品申请', body: '在样品袋中勾选色卡，点击**提交申请**。每个供应商生成一条样品申请。' }),
  doc('bag', { title: '样品袋', body: '把样品加入袋中；申请之前可以修改数量。' }),
  doc('codes', { title: 'Share codes', summary: 'Password shares', keywords: ['100403'], body: 'A password share asks for a 4-character code. See [sharing](/main/share).' }),
  doc('microfiber', { title: 'Publishing', body: 'Microfiber leather and microsuede need a composition.' }),
]);

describe('help search', () => {
  it('ranks an article holding a Chinese query whole above one holding its characters apart', () => {
    // 样品 and 申请 both occur in "bag", but never together.
    expect(searchHelpIndex(index, '样品申请').map((h) => h.slug)).toEqual(['requests', 'bag']);
    expect(searchHelpIndex(index, '样品').map((h) => h.slug).sort()).toEqual(['bag', 'requests']);
  });

  it('finds a question asked in a sentence by most of its character pairs, below a whole match', () => {
    const hits = searchHelpIndex(index, '如何提交样品申请');
    expect(hits[0]?.slug).toBe('requests');
    // 如何 is in neither article, but 提交样品申请 is whole in "requests": five of its six pairs are there.
    // Four of six pairs of 申请前修改数量 are in "bag" (申请, 修改, 改数, 数量), one in "requests".
    expect(searchHelpIndex(index, '申请前修改数量').map((h) => h.slug)).toEqual(['bag']);
    // One pair of three is not enough.
    expect(searchHelpIndex(index, '分享口令')).toEqual([]);
  });

  it('needs every term, and takes the last word typed as a prefix', () => {
    expect(searchHelpIndex(index, 'password code').map((h) => h.slug)).toEqual(['codes']);
    expect(searchHelpIndex(index, 'password sample')).toEqual([]);
    expect(searchHelpIndex(index, 'micro').map((h) => h.slug)).toEqual(['microfiber']);
    // Only the last word is a prefix: "micro leather" needs the whole word "micro".
    expect(searchHelpIndex(index, 'micro leather')).toEqual([]);
  });

  it('finds error codes given as keywords, and ranks a title above a body', () => {
    expect(searchHelpIndex(index, '100403').map((h) => h.slug)).toEqual(['codes']);
    const ranked = searchHelpIndex(index, '样品袋');
    expect(ranked[0]?.slug).toBe('bag');
    expect(ranked.map((h) => h.slug)).toContain('requests');
  });

  it('answers nothing for a query without a searchable word', () => {
    expect(searchHelpIndex(index, '  ?!  ')).toEqual([]);
  });

  it('quotes the body around the first match as plain text', () => {
    const [hit] = searchHelpIndex(index, 'sharing');
    expect(hit?.excerpt).toContain('See sharing.');
    expect(hit?.excerpt).not.toContain('](');
  });
});

describe('markdownToText', () => {
  it('keeps what a reader sees', () => {
    expect(markdownToText('## Steps\n1. Open **Sample bag**\n- see [help](/help-center)\n\n| a | b |\n|---|---|')).toBe('Steps Open Sample bag see help a b');
  });
});
