/**
 * A store search's keywords as terms that must all match (docs/product/search.md#synonyms), each term a text query
 * and, for a synonym group, what else matches it (a facet value, being new). Pure: the SQL is built by
 * `keyword-match.ts`.
 */
import { SYNONYMS, type SynonymGroup } from './synonyms';
import { phraseTsQuery, queryPieces, quoteToken } from './tokenize';

export type KeywordTerm = {
  /** `to_tsquery('simple', …)` text. */
  tsQuery: string;
  facet?: SynonymGroup['facet'];
  recent?: true;
};

type Vocabulary = {
  /** A Chinese word (one run of characters) → its group. */
  cjk: Map<string, number>;
  /** English words joined by a space → their group. */
  words: Map<string, number>;
  longestCjk: number;
  longestWords: number;
  terms: KeywordTerm[];
};

function vocabulary(groups: readonly SynonymGroup[]): Vocabulary {
  const v: Vocabulary = { cjk: new Map(), words: new Map(), longestCjk: 0, longestWords: 0, terms: [] };
  groups.forEach((group, g) => {
    const texts = new Set<string>();
    for (const member of [...group.cn, ...group.en]) {
      const pieces = queryPieces(member);
      const key = pieces.map((p) => p.text).join(' ');
      const taken = pieces.length === 1 && pieces[0]!.cjk ? v.cjk : pieces.length > 0 && pieces.every((p) => !p.cjk) ? v.words : null;
      if (!taken) throw new Error(`synonym "${member}" must be one Chinese run or English words only`);
      if (taken.has(key) && taken.get(key) !== g) throw new Error(`synonym "${member}" is in two groups`);
      taken.set(key, g);
      if (taken === v.cjk) {
        const length = Array.from(key).length;
        v.longestCjk = Math.max(v.longestCjk, length);
        // One character occurs in too many unrelated words to be searched for as a synonym's text.
        if (length > 1) texts.add(phraseTsQuery(key));
      } else {
        v.longestWords = Math.max(v.longestWords, pieces.length);
        texts.add(pieces.length === 1 ? quoteToken(key) : `(${pieces.map((p) => quoteToken(p.text)).join(' <-> ')})`);
      }
    }
    v.terms.push({ tsQuery: [...texts].join(' | '), ...(group.facet ? { facet: group.facet } : {}), ...(group.recent ? { recent: true } : {}) });
  });
  return v;
}

const VOCABULARY = vocabulary(SYNONYMS);

/**
 * The terms of `keywords`, in order, none twice; empty when nothing in them is searchable. Words are matched whole
 * against the synonyms, longest first; a Chinese run is cut where a synonym of two or more characters occurs in it
 * (秋冬新品 → 秋冬 + 新品, 红色牛皮 → 红色 + 牛皮), and each remaining piece is a phrase. A word that is no synonym
 * matches as a prefix when it is the last thing typed, as in plain text search.
 */
export function keywordTerms(keywords: string): KeywordTerm[] {
  const v = VOCABULARY;
  const pieces = queryPieces(keywords);
  const out: KeywordTerm[] = [];
  const seen = new Set<string>();
  const push = (term: KeywordTerm) => {
    const key = JSON.stringify(term);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(term);
  };
  const group = (g: number) => push(v.terms[g]!);
  const phrase = (run: string) => {
    const g = v.cjk.get(run);
    if (g === undefined) push({ tsQuery: phraseTsQuery(run) });
    else group(g);
  };

  for (let i = 0; i < pieces.length; ) {
    const piece = pieces[i]!;
    if (!piece.cjk) {
      let taken = 0;
      for (let n = Math.min(v.longestWords, pieces.length - i); n >= 1 && taken === 0; n -= 1) {
        const span = pieces.slice(i, i + n);
        if (span.some((p) => p.cjk)) continue;
        const g = v.words.get(span.map((p) => p.text).join(' '));
        if (g !== undefined) {
          group(g);
          taken = n;
        }
      }
      if (taken === 0) {
        push({ tsQuery: `${quoteToken(piece.text)}${i === pieces.length - 1 ? ':*' : ''}` });
        taken = 1;
      }
      i += taken;
      continue;
    }
    const chars = Array.from(piece.text);
    if (v.cjk.has(piece.text)) {
      phrase(piece.text);
    } else {
      let plain = '';
      for (let at = 0; at < chars.length; ) {
        let length = 0;
        for (let n = Math.min(v.longestCjk, chars.length - at); n >= 2 && length === 0; n -= 1) {
          if (v.cjk.has(chars.slice(at, at + n).join(''))) length = n;
        }
        if (length === 0) {
          plain += chars[at];
          at += 1;
          continue;
        }
        if (plain) phrase(plain);
        plain = '';
        phrase(chars.slice(at, at + length).join(''));
        at += length;
      }
      if (plain) phrase(plain);
    }
    i += 1;
  }
  return out;
}
