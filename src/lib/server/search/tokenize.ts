/**
 * Text search tokens (docs/product/search.md#how-results-are-ranked). PostgreSQL's `simple` parser cannot split Chinese, so the application does:
 * Latin letters and digits form words; runs of CJK characters become overlapping bigrams (头层牛皮 → 头层 层牛 牛皮),
 * which a phrase query matches in order, plus single characters so that a one-character query still finds them.
 * The same rules make both the indexed text and the query, so they always agree.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const PIECES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;
/** Tokens longer than this are not words anyone types (hashes, runs of digits): left out. */
const MAX_WORD = 40;

export type Piece = { cjk: boolean; text: string };

function pieces(text: string): Piece[] {
  const normal = text.normalize('NFKC').toLowerCase();
  return [...normal.matchAll(PIECES)].map((m) => ({ cjk: CJK.test(m[0]), text: m[0] }));
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => `${chars[i]}${c}`);
}

/**
 * The text to index with `to_tsvector('simple', …)`: words and bigrams in reading order (so phrase queries match),
 * then every CJK character once (for one-character queries).
 */
export function indexText(...parts: (string | null | undefined)[]): string {
  const ordered: string[] = [];
  const singles = new Set<string>();
  for (const part of parts) {
    if (!part) continue;
    for (const piece of pieces(part)) {
      if (piece.cjk) {
        // A lone character is only a single (below), never also a "bigram" of itself.
        if (Array.from(piece.text).length > 1) ordered.push(...bigrams(piece.text));
        for (const c of Array.from(piece.text)) singles.add(c);
      } else if (piece.text.length <= MAX_WORD) ordered.push(piece.text);
    }
    // A gap between fields, so a phrase never runs from one field into the next.
    ordered.push('|');
  }
  return [...ordered.filter((t) => t !== '|'), ...singles].join(' ');
}

/** A query term: a phrase of bigrams for CJK, a word (prefix-matched when it is the last one typed) otherwise. */
export type QueryTerm = { kind: 'phrase'; tokens: string[] } | { kind: 'word'; token: string; prefix: boolean };

/** What a query is made of, in order: CJK runs and words (normalised as the index is), too-long words left out. */
export function queryPieces(query: string): Piece[] {
  return pieces(query).filter((p) => p.cjk || p.text.length <= MAX_WORD);
}

export function queryTerms(query: string): QueryTerm[] {
  const list = queryPieces(query);
  return list.map((piece, i): QueryTerm => {
    if (piece.cjk) return { kind: 'phrase', tokens: bigrams(piece.text) };
    return { kind: 'word', token: piece.text, prefix: i === list.length - 1 };
  });
}

/** A token as `to_tsquery` text, quoted so that characters meaning something to its syntax are plain text. */
export const quoteToken = (token: string) => `'${token.replace(/'/g, "''")}'`;
const quote = quoteToken;

/** A CJK run as `to_tsquery` text: its bigrams in order (one character: that character). */
export function phraseTsQuery(run: string): string {
  const tokens = bigrams(run);
  return tokens.length === 1 ? quote(tokens[0] as string) : `(${tokens.map(quote).join(' <-> ')})`;
}

/**
 * The query as `to_tsquery('simple', …)` text: every term must match (AND); a CJK run matches its bigrams in order;
 * the last Latin word also matches as a prefix (typing "micro" finds "microfiber"). Null when nothing searchable.
 */
export function toTsQuery(query: string): string | null {
  const terms = queryTerms(query);
  if (terms.length === 0) return null;
  return terms
    .map((t) => (t.kind === 'phrase' ? (t.tokens.length === 1 ? quote(t.tokens[0] as string) : `(${t.tokens.map(quote).join(' <-> ')})`) : `${quote(t.token)}${t.prefix ? ':*' : ''}`))
    .join(' & ');
}
