import ExcelJS from 'exceljs';
import { MEASURE_UNITS } from '../../constants';
import type { MaterialImportTemplateQuery } from '../../contracts/material-import';
import { MATERIAL_IMPORT_COLUMNS, MATERIAL_IMPORT_LIST_SEPARATOR, MATERIAL_IMPORT_MAX_ROWS } from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { listCategoryTemplate } from '../catalogue/list-material-fields';
import { AppError } from '../errors';
import { categoryPath } from '../materials/format-attribute';
import { fixedColumnTitle, OWN_ATTRIBUTE_COLUMNS, READ_ONLY_COLUMNS } from './match-import-columns';

/**
 * The sheet to fill in for one category (docs/product/integrations.md#bulk-import): the export's columns, one column per
 * field of the category's template in the market (titled in the reader's language, required ones marked in the
 * help sheet), and the images column; a second sheet says what each column takes (dictionary labels, units, limits).
 */
export async function buildImportTemplate(query: MaterialImportTemplateQuery, lang: Lang): Promise<{ fileName: string; body: Uint8Array<ArrayBuffer> }> {
  const template = await listCategoryTemplate(query.categoryId, query.marketType, lang);
  if (!template) throw new AppError(ERROR.empty, { message: 'validation.categoryNotFound' });
  const catalogue = await catalogueSnapshot();
  const t = getT(lang);
  const en = lang === 'en';
  const category = categoryPath(catalogue, query.categoryId).map((c) => (en ? c.nameEn : c.nameCn)).join(' / ');
  const own = new Set(Object.values(OWN_ATTRIBUTE_COLUMNS));
  const fields = template.filter((f) => !own.has(f.fieldCode) && f.fieldCode !== 'PF_CURRENCY');
  const required = new Set(template.filter((f) => f.isRequired === 1).map((f) => f.fieldCode));

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('materialImport.template.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  // Columns the import reads past are left out: a template is for new rows.
  const fixed = MATERIAL_IMPORT_COLUMNS.filter((k) => !READ_ONLY_COLUMNS.has(k));
  sheet.columns = [
    ...fixed.filter((k) => k !== 'images').map((k) => ({ header: fixedColumnTitle(k, lang), key: k, width: k === 'colorCards' ? 36 : 24 })),
    ...fields.map((f) => ({ header: String(f.defaultJsonSchema.title), key: f.fieldCode, width: 18 })),
    { header: fixedColumnTitle('images', lang), key: 'images', width: 36 },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F5D62' } };
  // Every cell as text, so a serial number like 00123 keeps its zeros.
  for (let c = 1; c <= sheet.columns.length; c += 1) sheet.getColumn(c).numFmt = '@';

  const help = workbook.addWorksheet(t('materialImport.template.helpSheet'));
  help.columns = [
    { header: t('materialImport.template.column'), key: 'column', width: 28 },
    { header: t('materialImport.template.required'), key: 'required', width: 10 },
    { header: t('materialImport.template.accepts'), key: 'accepts', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  const yes = t('materialImport.template.yes');
  const labelsOf = (dict: unknown) =>
    typeof dict === 'string'
      ? [...catalogue.labels].filter(([key]) => key.startsWith(`${dict}:`)).map(([, l]) => (en ? l.en : l.cn)).join(en ? ', ' : '、')
      : '';
  help.addRow({ column: fixedColumnTitle('serialNo', lang), required: yes, accepts: t('materialImport.template.serialNo') });
  help.addRow({ column: fixedColumnTitle('nameCn', lang), required: required.has('PF_NAME_CN') ? yes : '', accepts: t('materialImport.template.text') });
  help.addRow({ column: fixedColumnTitle('nameEn', lang), required: required.has('PF_NAME_EN') ? yes : '', accepts: t('materialImport.template.text') });
  help.addRow({ column: fixedColumnTitle('category', lang), required: '', accepts: t('materialImport.template.category', { category }) });
  help.addRow({ column: fixedColumnTitle('colorCards', lang), required: yes, accepts: t('materialImport.template.colorCards', { separator: MATERIAL_IMPORT_LIST_SEPARATOR }) });
  for (const f of fields) {
    const s = f.defaultJsonSchema;
    const kind = typeof s.inputType === 'string' ? s.inputType : 'text';
    const accepts =
      kind === 'number' ? t('materialImport.template.number', { minimum: String(s.minimum ?? 0), maximum: String(s.maximum ?? '∞') })
      : kind === 'numberGroup' ? t('materialImport.template.numberGroup', { units: Object.values(MEASURE_UNITS).join(', ') })
      : kind === 'select' || kind === 'radio' ? t('materialImport.template.select', { values: labelsOf(s.dictTypeCode) })
      : kind === 'multiSelect' ? t('materialImport.template.multiSelect', { values: labelsOf(s.dictTypeCode) })
      : kind === 'address' ? t('materialImport.template.address')
      : t('materialImport.template.text');
    help.addRow({ column: String(s.title), required: required.has(f.fieldCode) ? yes : '', accepts });
  }
  help.addRow({ column: fixedColumnTitle('images', lang), required: '', accepts: t('materialImport.template.images', { separator: MATERIAL_IMPORT_LIST_SEPARATOR }) });
  help.addRow({});
  help.addRow({ column: t('materialImport.template.limits', { max: MATERIAL_IMPORT_MAX_ROWS }) });

  const body = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  const code = catalogue.categories.get(query.categoryId)?.code ?? String(query.categoryId);
  return { fileName: `materials-template-${code.replace(/[^A-Za-z0-9_-]/g, '')}.xlsx`, body };
}
