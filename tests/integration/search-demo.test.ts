import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { searchSuggestions, searchWords } from '../../src/lib/server/db/schema';
import { materialSearchSchema } from '../../src/lib/contracts/materials';
import { findMaterials } from '../../src/lib/server/materials/find-materials';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { categoryId } from '../fixtures/materials';
import { startDemoDatabase } from '../support/demo-database';

// Enough of the demo catalogue that every category the demo's words name has materials (flyknit's first is the 101st).
const DEMO_MATERIALS = 200;

const { call } = apiCaller();
const words = async (lang: 'zh-CN' | 'en') => (await call('/open/v2/material/search/keyword', { lang })).body.data as { hotWords: { word: string }[]; shadingWords: { word: string }[] };
const total = async (body: Record<string, unknown>) => {
  const answer = await call('/open/v2/material/search', { body });
  expect(answer.status).toBe(200);
  return answer.body.data.total as number;
};
const storeTotal = async (query: string) => (await call(`/open/v2/material/store?${query}`)).body.data.total as number;

useTempDataDir('search-demo');
let demo: Awaited<ReturnType<typeof startDemoDatabase>> | undefined;
beforeAll(async () => {
  demo = await startDemoDatabase(DEMO_MATERIALS);
}, 600_000);
afterAll(async () => {
  await demo?.close();
});

describe('what the demo offers to search (docs/product/search.md#search-words, docs/product/search.md#synonyms)', () => {
  it('offers every seeded hot and shading word, and each finds materials', async () => {
    const seeded = await getDb().select().from(searchWords);
    for (const lang of ['zh-CN', 'en'] as const) {
      const offered = await words(lang);
      const mine = seeded.filter((w) => w.lang === (lang === 'en' ? 'en' : 'cn'));
      expect(offered.hotWords.map((w) => w.word).sort()).toEqual(mine.filter((w) => w.kind === 'hot').map((w) => w.word).sort());
      expect(offered.shadingWords.map((w) => w.word).sort()).toEqual(mine.filter((w) => w.kind === 'shading').map((w) => w.word).sort());
      for (const { word } of [...offered.hotWords, ...offered.shadingWords]) expect(await total({ keywords: word }), word).toBeGreaterThan(0);
    }
  });

  it('does not offer a word that finds nothing', async () => {
    await getDb().insert(searchWords).values([
      { kind: 'hot', lang: 'cn', word: '无此材料', sort: 99 },
      { kind: 'shading', lang: 'en', word: 'unobtainium', sort: 99 },
    ]);
    expect((await words('zh-CN')).hotWords.map((w) => w.word)).not.toContain('无此材料');
    expect((await words('en')).shadingWords.map((w) => w.word)).not.toContain('unobtainium');
  });

  it('finds the same materials for a color in Chinese and in English, every one of that color family among them', async () => {
    const red = await total({ keywords: 'red' });
    expect(red).toBeGreaterThan(0);
    expect(await total({ keywords: '红色' })).toBe(red);
    expect(await total({ keywords: '红' })).toBe(red);
    const family = await storeTotal('colorFamily=red');
    expect(family).toBeGreaterThan(0);
    expect(await total({ keywords: '红色', colorFamily: ['red'] })).toBe(family);
  });

  it('finds suede materials by 麂皮, and autumn/winter ones by 秋冬 and AW', async () => {
    const suede = await total({ keywords: 'suede' });
    expect(suede).toBeGreaterThan(0);
    expect(await total({ keywords: '麂皮' })).toBe(suede);
    const suedeCategory = await categoryId('suede');
    expect(await total({ keywords: '麂皮', categoryId: suedeCategory })).toBe(await storeTotal(`categoryId=${suedeCategory}`));
    const autumn = await total({ keywords: 'autumn/winter' });
    expect(await total({ keywords: '秋冬' })).toBe(autumn);
    expect(await total({ keywords: 'AW' })).toBe(autumn);
    expect(await storeTotal('season=2')).toBeLessThanOrEqual(autumn);
    expect(await total({ keywords: '牛皮' })).toBe(await total({ keywords: 'cowhide' }));
  });

  it('never suggests a term that finds nothing', async () => {
    const terms = await getDb().select({ word: searchSuggestions.word, lang: searchSuggestions.lang }).from(searchSuggestions);
    expect(terms.length).toBeGreaterThan(50);
    const empty: string[] = [];
    for (let i = 0; i < terms.length; i += 8) {
      await Promise.all(
        terms.slice(i, i + 8).map(async ({ word, lang }) => {
          const found = await findMaterials(materialSearchSchema.parse({ keywords: word.slice(0, 50), size: 1 }), { lang: lang === 'en' ? 'en' : 'cn', marketType: 1 });
          if (found.total === 0) empty.push(`${lang}:${word}`);
        }),
      );
    }
    expect(empty).toEqual([]);
  }, 180_000);
});
