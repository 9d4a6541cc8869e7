/**
 * Search over the help center's articles (docs/product/content.md#help-center). The articles are a few dozen per
 * language and change only with a release, so they are searched in memory, with the same token rules as the
 * material search (`search/tokenize.ts`): a Chinese run matches as a phrase (its characters in order), a Latin word
 * as a whole word, and the last word typed also as a prefix. Every term must match somewhere in the article. People
 * ask the help center in sentences more than they name a material, so a Chinese run of three or more characters
 * that is not found whole still matches where two thirds of its character pairs occur (如何申请样品 finds 申请样品),
 * ranked below a whole match. Ranked by where the terms occur (title, then keywords, headings, summary, body), with
 * rare terms counting more.
 */
import { queryTerms, type QueryTerm } from '../search/tokenize';

export interface HelpDocument {
  slug: string;
  title: string;
  summary: string;
  keywords: readonly string[];
  headings: readonly string[];
  /** The article's Markdown. */
  body: string;
}

export interface HelpHit {
  slug: string;
  score: number;
  /** About 120 characters of the body around the first match, as plain text. */
  excerpt: string;
}

type Field = 'title' | 'keywords' | 'headings' | 'summary' | 'body';
const WEIGHTS: Record<Field, number> = { title: 5, keywords: 4, headings: 3, summary: 2, body: 1 };
const FIELDS = Object.keys(WEIGHTS) as Field[];
const EXCERPT = 120;

interface IndexedDocument {
  slug: string;
  /** Each field normalised as the query is: NFKC, lower case. */
  text: Record<Field, string>;
  /** Each field's Latin words, for whole-word and prefix matches. */
  words: Record<Field, string[]>;
  plainBody: string;
}

export interface HelpIndex {
  documents: IndexedDocument[];
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase();
const latinWords = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.filter((w) => !/\p{Script=Han}/u.test(w)) ?? [];

/** Markdown to the text a reader sees: links keep their words, syntax characters go. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    // Rules and table separator rows (|---|:--:|) say nothing.
    .replace(/^[\s|:-]*-{3,}[\s|:-]*$/gm, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/[*_`|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function buildHelpIndex(documents: readonly HelpDocument[]): HelpIndex {
  return {
    documents: documents.map((doc) => {
      const plainBody = markdownToText(doc.body);
      const raw: Record<Field, string> = {
        title: doc.title,
        keywords: doc.keywords.join(' | '),
        headings: doc.headings.join(' | '),
        summary: doc.summary,
        body: plainBody,
      };
      const text = Object.fromEntries(FIELDS.map((f) => [f, normalise(raw[f])])) as Record<Field, string>;
      const words = Object.fromEntries(FIELDS.map((f) => [f, latinWords(text[f])])) as Record<Field, string[]>;
      return { slug: doc.slug, text, words, plainBody };
    }),
  };
}

function occurrences(haystack: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Share of a phrase's character pairs an article must hold when it does not hold the phrase whole. */
const PARTIAL_COVERAGE = 2 / 3;

function termCount(doc: IndexedDocument, term: QueryTerm, field: Field): number {
  if (term.kind === 'word') return doc.words[field].filter((w) => w === term.token || (term.prefix && w.startsWith(term.token))).length;
  const whole = occurrences(doc.text[field], phraseText(term));
  if (whole > 0 || term.tokens.length < 3) return whole;
  // Pairs found here count as a fraction of one occurrence, so a whole match always ranks above a partial one.
  return term.tokens.filter((pair) => doc.text[field].includes(pair)).length / term.tokens.length / 2;
}

function termMatches(doc: IndexedDocument, term: QueryTerm, fieldCounts: readonly number[]): boolean {
  if (term.kind === 'word' || term.tokens.length < 3) return fieldCounts.some((n) => n > 0);
  if (FIELDS.some((f) => doc.text[f].includes(phraseText(term)))) return true;
  const covered = term.tokens.filter((pair) => FIELDS.some((f) => doc.text[f].includes(pair))).length;
  return covered / term.tokens.length >= PARTIAL_COVERAGE;
}

/** The CJK run a phrase's bigrams came from: 头层 层牛 牛皮 → 头层牛皮. */
function phraseText(term: Extract<QueryTerm, { kind: 'phrase' }>): string {
  return term.tokens.map((t, i) => (i === 0 ? t : Array.from(t).slice(1).join(''))).join('');
}

function excerptOf(doc: IndexedDocument, terms: QueryTerm[]): string {
  const body = doc.plainBody;
  const lower = normalise(body);
  const at = terms
    .flatMap((t) => (t.kind === 'phrase' ? [phraseText(t), ...t.tokens] : [t.token]).map((needle) => lower.indexOf(needle)))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  const start = at === undefined ? 0 : Math.max(0, at - EXCERPT / 3);
  const slice = Array.from(body).slice(start, start + EXCERPT).join('');
  return `${start > 0 ? '…' : ''}${slice}${start + EXCERPT < body.length ? '…' : ''}`;
}

/** The articles that contain every term of the query, best first; nothing for a query without a searchable word. */
export function searchHelpIndex(index: HelpIndex, query: string, limit = 20): HelpHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const total = index.documents.length;
  const counts = index.documents.map((doc) => terms.map((term) => FIELDS.map((f) => termCount(doc, term, f))));
  const matches = index.documents.map((doc, d) => terms.map((term, t) => termMatches(doc, term, counts[d]?.[t] ?? [])));
  const documentFrequency = terms.map((_, t) => matches.filter((perTerm) => perTerm[t]).length);
  const hits: HelpHit[] = [];
  index.documents.forEach((doc, d) => {
    const perTerm = counts[d] ?? [];
    if (!matches[d]?.every(Boolean)) return;
    const score = perTerm.reduce((sum, fieldCounts, t) => {
      const idf = Math.log(1 + total / Math.max(1, documentFrequency[t] ?? 1));
      const weighted = fieldCounts.reduce((s, n, f) => s + WEIGHTS[FIELDS[f] as Field] * (n / (n + 1)), 0);
      return sum + idf * weighted;
    }, 0);
    hits.push({ slug: doc.slug, score, excerpt: excerptOf(doc, terms) });
  });
  return hits.sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug)).slice(0, limit);
}
