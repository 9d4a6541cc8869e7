import { beforeAll, describe, expect, it } from 'vitest';
import { deleteMaterials } from '../../src/lib/server/materials/delete-materials';
import { setMaterialMarket } from '../../src/lib/server/materials/set-material-market';
import { rebuildSuggestions } from '../../src/lib/server/search/rebuild-suggestions';
import { apiCaller } from '../fixtures/api';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

type Suggestion = { word: string; categoryList: string[]; categoryIds: number[] };

const { call } = apiCaller();
const suggestRaw = (body: unknown, lang = 'zh-CN') => call('/open/v2/material/search/suggest', { body, lang });
const suggest = async (keywords: string, lang = 'zh-CN'): Promise<Suggestion[]> => {
  const r = await suggestRaw({ keywords }, lang);
  expect(r.status).toBe(200);
  return r.body.data as Suggestion[];
};
const words = (list: Suggestion[]) => list.map((s) => s.word);

// Other test files share the database: every term here uses characters and words nobody else writes.
const SEVEN_CATEGORIES = ['full-grain', 'sheepskin', 'pigskin', 'pu-leather', 'twill', 'flyknit', 'mesh'];
let org: number;
let lotus: number;
let orchid: number;
beforeAll(async () => {
  await seedReferenceData();
  // Certified: it puts more materials on the market than an uncertified company may (docs/product/markets.md#uncertified-companies).
  org = (await createEnterprise({ company: { orgName: '鸾翎新材料有限公司', nameEn: 'Luanling Quokkaware Materials', corpCerStatus: 2 } })).companyId;
  lotus = (await createMaterial(org, 'suede', { nameCn: '霁蓝麂皮绒', nameEn: 'Zephyrine quillfeather suede' })).id;
  // One name in seven categories: the suggestion names at most five, the most frequent first (full-grain twice).
  for (const code of SEVEN_CATEGORIES) await createMaterial(org, code, { nameCn: '鸑鷟纹', nameEn: 'Xanthous zebrawood grain' });
  await createMaterial(org, 'full-grain', { nameCn: '鸑鷟纹', nameEn: 'Xanthous zebrawood grain' });
  // Twelve more names containing 鸑鷟, so a query matches more terms than are shown.
  for (let i = 0; i < 12; i += 1) await createMaterial(org, 'twill', { nameCn: `鸑鷟${'甲乙丙丁戊己庚辛壬癸子丑'[i]}款`, nameEn: `Xanthous variant ${i}` });
  orchid = (await createMaterial(org, 'satin', { nameCn: '鹓鶵缎面', nameEn: 'Yarrowlight satin' })).id;
  await rebuildSuggestions();
});

describe('suggestions (docs/product/search.md#calls open/v2/material/search/suggest, docs/product/search.md#how-results-are-ranked)', () => {
  it('finds Chinese terms by 1, 2 and 3 characters anywhere in them, in order', async () => {
    expect(words(await suggest('霁'))).toContain('霁蓝麂皮绒');
    expect(words(await suggest('麂皮'))).toContain('霁蓝麂皮绒');
    expect(words(await suggest('蓝麂皮'))).toContain('霁蓝麂皮绒');
    // The characters are in the name, but not next to each other in this order.
    expect(words(await suggest('霁皮'))).not.toContain('霁蓝麂皮绒');
    // Supplier names are terms too.
    expect(words(await suggest('鸾翎'))).toEqual(['鸾翎新材料有限公司']);
  });

  it('finds English terms by a prefix of any word, case-insensitively, and by whole earlier words', async () => {
    expect(words(await suggest('zeph', 'en'))).toEqual(['Zephyrine quillfeather suede']);
    expect(words(await suggest('QUILLF', 'en'))).toEqual(['Zephyrine quillfeather suede']);
    expect(words(await suggest('zephyrine quill', 'en'))).toEqual(['Zephyrine quillfeather suede']);
    expect(await suggest('zephyrinex', 'en')).toEqual([]);
  });

  it('answers in the caller’s language: its terms and its category names', async () => {
    // The Chinese vocabulary has no English material names.
    expect(await suggest('zeph', 'zh-CN')).toEqual([]);
    const [cn] = await suggest('霁蓝', 'zh-CN');
    expect(cn).toMatchObject({ word: '霁蓝麂皮绒', categoryList: ['反绒皮'] });
    const [en] = await suggest('zephyrine', 'en');
    expect(en).toMatchObject({ word: 'Zephyrine quillfeather suede', categoryList: ['Suede'] });
    expect(en?.categoryIds).toEqual(cn?.categoryIds);
    // An English reader typing Chinese still gets the Chinese terms, with English category names.
    expect(await suggest('霁蓝', 'en')).toContainEqual(expect.objectContaining({ word: '霁蓝麂皮绒', categoryList: ['Suede'] }));
  });

  it('shows at most 10 terms, each with at most 5 categories, terms starting with the query first, then by weight', async () => {
    const list = await suggest('鸑鷟');
    expect(list).toHaveLength(10);
    for (const s of list) expect(s.categoryList.length).toBeLessThanOrEqual(5);
    // 鸑鷟纹 is carried by 8 published materials, every 鸑鷟?款 by one: it leads.
    expect(list[0]).toMatchObject({ word: '鸑鷟纹' });
    expect(list[0]?.categoryList).toHaveLength(5);
    expect(list[0]?.categoryIds).toHaveLength(5);
    expect(list[0]?.categoryList[0]).toBe('头层牛皮');
    const en = await suggest('xanthous', 'en');
    expect(en).toHaveLength(10);
    expect(en[0]).toMatchObject({ word: 'Xanthous zebrawood grain', categoryList: expect.arrayContaining(['Full-grain cowhide']) });
  });

  it('drops an unpublished or deleted material’s name at the next rebuild, and brings it back when republished', async () => {
    expect(words(await suggest('鹓鶵'))).toEqual(['鹓鶵缎面']);
    await setMaterialMarket(org, [orchid], [1], false);
    await rebuildSuggestions();
    expect(await suggest('鹓鶵')).toEqual([]);
    expect(await suggest('yarrow', 'en')).toEqual([]);
    await setMaterialMarket(org, [orchid], [1], true);
    await rebuildSuggestions();
    expect(words(await suggest('鹓鶵'))).toEqual(['鹓鶵缎面']);

    await deleteMaterials(org, [lotus]);
    const changed = await rebuildSuggestions();
    expect(changed.deleted).toBeGreaterThanOrEqual(2);
    expect(words(await suggest('霁蓝'))).not.toContain('霁蓝麂皮绒');
    expect(await suggest('zeph', 'en')).toEqual([]);
  });

  it('answers bad input with the field and a message in the caller’s language', async () => {
    const empty = await suggestRaw({ keywords: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe(300069);
    expect(empty.body.data.fields).toEqual([{ field: 'keywords', message: '此项为必填项' }]);
    const long = await suggestRaw({ keywords: 'x'.repeat(51) }, 'en');
    expect(long.status).toBe(422);
    expect(long.body.code).toBe(300070);
    expect(long.body.data.fields).toEqual([{ field: 'keywords', message: 'At most 50 characters' }]);
    expect((await suggestRaw({}, 'en')).body.data.fields).toEqual([{ field: 'keywords', message: 'This field is required' }]);
    // Nothing searchable (only punctuation) is not an error: there is simply nothing to suggest.
    expect(await suggest('！！！')).toEqual([]);
    expect(await suggest("o'brien ) & | !")).toBeInstanceOf(Array);
  });
});
