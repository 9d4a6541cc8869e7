import type { Database } from '../db/client';
import { searchWords } from '../db/schema';

/**
 * Demo hot words and placeholder (shading) words: what designers actually type. A shading word is the search term
 * itself; the box shows it as "搜索 …" / "Search …" and an empty search searches just the term. [kind, lang, word, linkTo?]
 */
const WORDS: ReadonlyArray<readonly ['hot' | 'shading', 'cn' | 'en', string, string?]> = [
  ['hot', 'cn', '头层牛皮'], ['hot', 'cn', '超纤'], ['hot', 'cn', '飞织'], ['hot', 'cn', '三明治网布'], ['hot', 'cn', '麂皮'],
  ['hot', 'cn', '牛仔'], ['hot', 'cn', '蕾丝'], ['hot', 'cn', 'EVA'], ['hot', 'cn', '秋冬新品', '/main/material-store?season=2'],
  ['hot', 'en', 'nappa'], ['hot', 'en', 'microfiber'], ['hot', 'en', 'flyknit'], ['hot', 'en', 'sandwich mesh'], ['hot', 'en', 'suede'],
  ['hot', 'en', 'denim'], ['hot', 'en', 'lace'], ['hot', 'en', 'EVA'], ['hot', 'en', 'autumn/winter', '/main/material-store?season=2'],
  ['shading', 'cn', '头层牛皮'], ['shading', 'cn', '超纤'], ['shading', 'cn', '透气网布'],
  ['shading', 'en', 'full-grain leather'], ['shading', 'en', 'microfiber'], ['shading', 'en', 'breathable mesh'],
];

export async function seedSearchWords(db: Database): Promise<number> {
  const rows = WORDS.map(([kind, lang, word, linkTo], sort) => ({ kind, lang, word, linkTo: linkTo ?? null, sort }));
  return (await db.insert(searchWords).values(rows).onConflictDoNothing().returning({ id: searchWords.id })).length;
}
