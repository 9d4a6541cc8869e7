import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { seedCatalogue } from '../../src/lib/server/seed/catalogue';
import { seedMaterialFields } from '../../src/lib/server/seed/fields';
import { apiCaller } from '../fixtures/api';
import { createSession, createUser } from '../fixtures/identity';

const { call } = apiCaller();
let token: string;
type Field = { fieldCode: string; fieldType: number; isRequired: number; marketType: number; defaultJsonSchema: Record<string, unknown> & { title: string } };

beforeAll(async () => {
  await seedCatalogue(getDb());
  await seedMaterialFields(getDb());
  token = await createSession(await createUser({ role: 2 }));
});

async function categoryId(code: string, level = 1): Promise<number> {
  const tree = (await call('/category/level?tree=1')).body.data as { id: number; code: string; matchResult: { id: number; code: string }[] }[];
  if (level === 1) return tree.find((c) => c.code === code)!.id;
  return tree.flatMap((c) => c.matchResult).find((c) => c.code === code)!.id;
}
const template = async (id: number, marketType: number, lang = 'zh-CN') =>
  (await call(`/v2/material/category-template?categoryId=${id}&marketType=${marketType}`, { token, lang })).body as { code: number; data: Field[] };

describe('dynamic material fields (docs/product/catalogue.md#data, docs/product/catalogue.md#calls category-template)', () => {
  it('are seeded once', async () => {
    expect(await seedMaterialFields(getDb())).toBe(0);
  });

  it('give a textile its width and grammage as required, a leather its thickness', async () => {
    const knit = (await template(await categoryId('knit'), 1)).data;
    const required = (f: Field[]) => f.filter((x) => x.isRequired === 1).map((x) => x.fieldCode).sort();
    expect(required(knit)).toEqual(['PF_GRAMMAGE', 'PF_NAME_CN', 'PF_PRICE', 'PF_WIDTH']);
    expect(knit.some((f) => f.fieldCode === 'PF_OIL_CONTENT')).toBe(false);
    const leather = (await template(await categoryId('leather'), 1)).data;
    expect(required(leather)).toEqual(['PF_NAME_CN', 'PF_PRICE', 'PF_THICKNESS']);
    expect(leather.find((f) => f.fieldCode === 'PF_THICKNESS')?.defaultJsonSchema).toMatchObject({ title: '厚度', inputType: 'numberGroup', defaultValue: { unit: 5 } });
    // Ordered base → business → feature → other.
    expect(leather.map((f) => f.fieldType)).toEqual([...leather.map((f) => f.fieldType)].sort());
  });

  it('require the English name overseas, titled in the caller’s language, and serve a sub-category its parent’s template', async () => {
    const overseas = (await template(await categoryId('flyknit', 2), 2, 'en')).data;
    expect(overseas.filter((f) => f.isRequired).map((f) => f.fieldCode)).toContain('PF_NAME_EN');
    expect(overseas.find((f) => f.fieldCode === 'PF_WIDTH')?.defaultJsonSchema.title).toBe('Width');
    expect(overseas.every((f) => f.marketType === 2)).toBe(true);
  });

  it('answers definitions by code, and refuses unknown categories and bad codes', async () => {
    const res = await call('/open/v2/dyn/attr-list', { body: { fieldCodes: ['PF_MOQ', 'PF_SEASON'] }, lang: 'en' });
    expect(res.body.data.map((f: Field) => f.defaultJsonSchema.title)).toEqual(['Minimum order quantity', 'Season']);
    expect((await template(999999, 1)).code).toBe(100404);
    const bad = await call('/open/v2/dyn/attr-list', { body: { fieldCodes: ['drop table'] } });
    expect(bad.status).toBe(422);
  });
});
