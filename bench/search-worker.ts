/**
 * Times findMaterials with keywords, and the search box's suggestions, against the database the environment names
 * (started by bench/search.ts).
 */
import { parseArgs } from 'node:util';
import { materialSearchSchema } from '../src/lib/contracts/materials';
import { findMaterials } from '../src/lib/server/materials/find-materials';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { rebuildSuggestions } from '../src/lib/server/search/rebuild-suggestions';
import { suggestKeywords } from '../src/lib/server/search/suggest-keywords';

/** Chinese 1-3 characters and longer, English words and prefixes, mixed scripts, serial prefixes, attributes. */
const QUERIES = ['皮', '牛皮', '头层牛', '超纤', '飞织鞋面', '网布', '三明治', 'micro', 'microfiber', 'nappa leather', 'pu 超纤', 'denim', 'lace', 'eva', 'LT-26', '荔枝纹', '防水', 'breathable mesh', '涤纶', 'autumn'];

/** What a user types on the way to a word: 1-3 Chinese characters, short Latin prefixes, both languages. */
const TYPED: { q: string; lang: 'cn' | 'en' }[] = [
  ...['皮', '牛', '头层', '头层牛', '超', '超纤', '飞织', '网', '三明', '荔枝', '防', '涤', '帆布', '蕾', '鞋面', '纺'].map((q) => ({ q, lang: 'cn' as const })),
  ...['m', 'mi', 'micro', 'nap', 'nappa l', 'den', 'la', 'eva', 'pu', 'sh', 'pebble', 'can'].map((q) => ({ q, lang: 'en' as const })),
];

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, label: { type: 'string', default: '' } } });
const runtime = await bootRuntime();
try {
  const times: number[] = [];
  const perQuery = new Map<string, { total: number; ms: number[] }>();
  for (let round = 0; round <= Number(values.rounds); round += 1) {
    for (const [i, keywords] of QUERIES.entries()) {
      // Different pages and sorts per round, so the 30 s total cache is not all that is measured.
      const query = materialSearchSchema.parse({ keywords, page: 1 + ((round + i) % 3) });
      const started = performance.now();
      const page = await findMaterials(query, { lang: 'cn', marketType: 1 });
      const ms = performance.now() - started;
      if (round === 0) continue; // warm-up
      times.push(ms);
      const entry = perQuery.get(keywords) ?? { total: page.total, ms: [] };
      entry.ms.push(ms);
      perQuery.set(keywords, entry);
    }
  }
  const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
  console.log(`ranked search, ${values.label}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms over ${times.length} queries`);
  for (const [q, e] of perQuery) console.log(`  ${q.padEnd(16)} ${String(e.total).padStart(7)} hits   p50 ${pct(e.ms, 50).toFixed(1).padStart(6)} ms`);

  // Suggestions: what the search box asks per keystroke (after its 100 ms debounce).
  const started = performance.now();
  const rebuilt = await rebuildSuggestions();
  const rebuildMs = performance.now() - started;
  const suggestTimes: number[] = [];
  const perTyped = new Map<string, { count: number; ms: number[] }>();
  for (let round = 0; round <= Number(values.rounds); round += 1) {
    for (const { q, lang } of TYPED) {
      const t0 = performance.now();
      const list = await suggestKeywords(q, lang);
      const ms = performance.now() - t0;
      if (round === 0) continue;
      suggestTimes.push(ms);
      const entry = perTyped.get(`${lang} ${q}`) ?? { count: list.length, ms: [] };
      entry.ms.push(ms);
      perTyped.set(`${lang} ${q}`, entry);
    }
  }
  console.log(`suggestions, ${values.label}: p50 ${pct(suggestTimes, 50).toFixed(1)} ms, p95 ${pct(suggestTimes, 95).toFixed(1)} ms over ${suggestTimes.length} queries (${rebuilt.terms} terms; a rebuild with nothing to change took ${rebuildMs.toFixed(0)} ms)`);
  for (const [q, e] of perTyped) console.log(`  ${q.padEnd(16)} ${String(e.count).padStart(7)} terms  p50 ${pct(e.ms, 50).toFixed(1).padStart(6)} ms`);
} finally {
  await runtime.close();
}
