import { asc, eq, lte } from 'drizzle-orm';
import type { DictionaryItem } from '../../contracts/catalogue';
import type { Lang } from '../../i18n';
import { templateKey, type EditorCatalogue, type EditorField, type EditorOption } from '../../material-editor';
import { getDb } from '../db/client';
import { addressNodes, categoryFields, materialFields } from '../db/schema';
import { listDictionaries } from './list-dictionary';

const flatten = (items: DictionaryItem[]): EditorOption[] => items.flatMap((i) => [{ value: i.itemValue, label: i.label }, ...flatten(i.children)]);

/**
 * What the material editor draws on (docs/product/material-editor.md#the-page): every field definition once, every level-1 category's template
 * per market as a list of codes, the dictionaries those fields name and the places a material ships from, labelled in
 * the page's language. Small and fixed, so the page hands it over whole and the form never waits when the category
 * or market changes.
 */
export async function loadEditorCatalogue(lang: Lang): Promise<EditorCatalogue> {
  const db = getDb();
  const [definitions, links, places] = await Promise.all([
    db.select().from(materialFields).orderBy(asc(materialFields.fieldType), asc(materialFields.sort)),
    db
      .select({ categoryId: categoryFields.categoryId, marketType: categoryFields.marketType, isRequired: categoryFields.isRequired, code: materialFields.fieldCode })
      .from(categoryFields)
      .innerJoin(materialFields, eq(materialFields.id, categoryFields.fieldId))
      .orderBy(asc(materialFields.fieldType), asc(materialFields.sort)),
    db.select({ code: addressNodes.code, cn: addressNodes.fullZhName, en: addressNodes.fullEnName }).from(addressNodes).where(lte(addressNodes.level, 2)).orderBy(asc(addressNodes.level), asc(addressNodes.sort), asc(addressNodes.id)),
  ]);
  const fields: Record<string, EditorField> = {};
  for (const row of definitions) {
    const s = row.schema as Record<string, unknown>;
    const num = (k: string) => (typeof s[k] === 'number' ? { [k]: s[k] as number } : {});
    fields[row.fieldCode] = {
      fieldCode: row.fieldCode,
      fieldType: row.fieldType,
      title: lang === 'en' ? row.titleEn : row.titleCn,
      inputType: typeof s.inputType === 'string' ? s.inputType : 'text',
      type: typeof s.type === 'string' ? s.type : 'string',
      ...num('maxLength'),
      ...num('minimum'),
      ...num('maximum'),
      ...num('toFixed'),
      ...(typeof s.dictTypeCode === 'string' ? { dictTypeCode: s.dictTypeCode } : {}),
      ...(s.defaultValue !== undefined ? { defaultValue: s.defaultValue } : {}),
    };
  }
  const templates: EditorCatalogue['templates'] = {};
  for (const link of links) (templates[templateKey(link.categoryId, link.marketType)] ??= []).push({ code: link.code, required: link.isRequired === 1 });
  const codes = [...new Set(Object.values(fields).flatMap((f) => (f.dictTypeCode ? [f.dictTypeCode] : [])))];
  const dictionaries = Object.fromEntries(Object.entries(codes.length ? await listDictionaries(codes, lang) : {}).map(([code, items]) => [code, flatten(items)]));
  return { fields, templates, dictionaries, places: places.map((p) => ({ value: p.code, label: lang === 'en' ? p.en : p.cn })) };
}
