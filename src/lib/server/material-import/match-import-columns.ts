import { MATERIAL_IMPORT_COLUMNS, MATERIAL_IMPORT_REQUIRED_COLUMNS, type MaterialImportColumn } from '../../contracts/material-import-rules';
import { ERROR } from '../../errors';
import { getT, LANGUAGES, type Lang } from '../../i18n';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { fileRefused } from '../uploads/upload-paths';

/** Attributes the export gives columns of their own (docs/product/supplier.md#export), and the attribute each fills. */
export const OWN_ATTRIBUTE_COLUMNS: Partial<Record<MaterialImportColumn, string>> = { nameCn: 'PF_NAME_CN', nameEn: 'PF_NAME_EN', serialNo: 'PF_SERIAL_NO' };
const OWN_CODES = new Set(Object.values(OWN_ATTRIBUTE_COLUMNS));

/** Columns the export writes that an import only reads past (and a template leaves out). */
export const READ_ONLY_COLUMNS: ReadonlySet<MaterialImportColumn> = new Set<MaterialImportColumn>(['id', 'version', 'market', 'documents', 'created', 'modified']);

/** A fixed column's title in one language: the export's own words. */
export function fixedColumnTitle(key: MaterialImportColumn, lang: Lang): string {
  const t = getT(lang);
  if (key === 'documents') return t('supplier.history.documents');
  if (key === 'images') return t('materialImport.column.images');
  return t(`supplier.column.${key}`);
}

/** A column's title as the sheet names it in `lang`: a fixed column's, or an attribute's title. */
export function importColumnTitle(column: string, catalogue: CatalogueSnapshot, lang: Lang): string {
  if ((MATERIAL_IMPORT_COLUMNS as readonly string[]).includes(column)) return fixedColumnTitle(column as MaterialImportColumn, lang);
  const field = catalogue.fields.get(column);
  return field ? (lang === 'en' ? field.titleEn : field.titleCn) : column;
}

/** What each read column of the sheet is: a fixed column or an attribute (by PF code). */
export type ImportColumns = { byIndex: Map<number, string>; ignored: string[] };

const normalise = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Names the sheet's columns (docs/product/integrations.md#bulk-import): a header is a fixed column's or an attribute's
 * title in either language, as the export writes them, or an attribute's PF code. Read-only columns and unknown headers
 * are left alone. A sheet without the serial number column is refused whole, since rows are matched by it.
 */
export function matchImportColumns(headers: string[], catalogue: CatalogueSnapshot, lang: Lang): ImportColumns {
  const titles = new Map<string, string>();
  for (const [code, field] of catalogue.fields) {
    if (OWN_CODES.has(code)) continue;
    titles.set(normalise(field.titleCn), code);
    titles.set(normalise(field.titleEn), code);
    titles.set(normalise(code), code);
  }
  // The fixed columns win over an attribute of the same title.
  for (const key of MATERIAL_IMPORT_COLUMNS) for (const { code } of LANGUAGES) titles.set(normalise(fixedColumnTitle(key, code)), key);
  for (const [column, code] of Object.entries(OWN_ATTRIBUTE_COLUMNS)) titles.set(normalise(code), column);

  const byIndex = new Map<number, string>();
  const ignored: string[] = [];
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    if (header.trim() === '') return;
    const key = titles.get(normalise(header));
    if (!key || seen.has(key)) {
      ignored.push(header);
      return;
    }
    seen.add(key);
    if (!READ_ONLY_COLUMNS.has(key as MaterialImportColumn)) byIndex.set(index, key);
  });
  for (const required of MATERIAL_IMPORT_REQUIRED_COLUMNS) {
    if (!seen.has(required)) throw fileRefused(ERROR.fieldRequired, lang, 'validation.importColumnMissing', { column: `${fixedColumnTitle(required, 'cn')} / ${fixedColumnTitle(required, 'en')}` });
  }
  return { byIndex, ignored };
}
