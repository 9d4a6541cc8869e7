import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { seedCatalogue } from '../../src/lib/server/seed/catalogue';
import { CATEGORY_TREE, DICTIONARIES } from '../../src/lib/server/seed/catalogue-data';
import { apiCaller } from '../fixtures/api';

const { call } = apiCaller('/api/idealab-material');
const get = async (route: string, lang = 'zh-CN') => (await call(route, { lang })).body;

beforeAll(async () => {
  await seedCatalogue(getDb());
});

describe('the category tree (docs/product/catalogue.md#data Category, docs/product/catalogue.md#calls category/level)', () => {
  it('is seeded once: a second run adds nothing', async () => {
    expect(await seedCatalogue(getDb())).toBe(0);
  });

  it('lists level 1 in order, in the caller’s language, with the Chinese original', async () => {
    const cn = await get('/category/level?level=1');
    expect(cn.data.map((c: { code: string }) => c.code)).toEqual(CATEGORY_TREE.map(([[code]]) => code));
    expect(cn.data[0]).toMatchObject({ code: 'leather', name: '皮革', originName: '皮革', parentId: null, level: 1 });
    const en = await get('/category/level?level=1', 'en');
    expect(en.data[0]).toMatchObject({ name: 'Leather', originName: '皮革' });
  });

  it('lists the children of one category, and the whole tree', async () => {
    const roots = (await get('/category/level?level=1')).data as { id: number; code: string }[];
    const knit = roots.find((r) => r.code === 'knit');
    const children = await get(`/category/level?level=2&parentId=${knit?.id}`, 'en');
    expect(children.data.map((c: { name: string }) => c.name)).toEqual(['Flyknit', 'Jersey', 'Spacer knit', 'Rib knit']);
    const tree = (await get('/category/level?tree=1')).data;
    expect(tree).toHaveLength(CATEGORY_TREE.length);
    expect(tree.find((t: { code: string }) => t.code === 'trims').matchResult.map((c: { name: string }) => c.name)).toEqual(['鞋带', '织带', '鞋眼扣', '拉链', '商标']);
  });

  it('refuses a level it does not have', async () => {
    const res = await call('/category/level?level=9', { lang: 'en' });
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0]).toEqual({ field: 'level', message: 'Invalid value' });
  });
});

describe('dictionaries (docs/product/catalogue.md#data Dictionary item)', () => {
  it('answers one dictionary and several at once, labelled in the caller’s language', async () => {
    const one = await get('/open/dict/item/list?typeCode=businessModel', 'en');
    expect(one.data.map((i: { label: string }) => i.label)).toEqual(DICTIONARIES.businessModel?.map(([, , en]) => en));
    const many = (await call('/open/dict/item/list-codes', { body: ['corpType', 'bizScope', 'nothingHere'] })).body.data;
    expect(many.corpType[0]).toEqual({ itemValue: 'limited', label: '有限责任公司', children: [] });
    expect(many.bizScope).toHaveLength(5);
    expect(many.nothingHere).toEqual([]);
  });

  it('refuses a malformed type code', async () => {
    expect((await call('/open/dict/item/list?typeCode=%27%3B--')).status).toBe(422);
  });
});
