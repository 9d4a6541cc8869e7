import { MEASURE_UNITS } from '../../constants';
import type { Lang } from '../../i18n';
import { labelIn, type CatalogueSnapshot } from '../catalogue/catalogue-snapshot';

/** Whether an attribute has a value worth showing. */
export function hasValue(raw: unknown): boolean {
  return raw !== undefined && raw !== null && raw !== '' && !(Array.isArray(raw) && raw.length === 0);
}

/**
 * One attribute value in reading form, as the detail page shows it: dictionary labels in the reader's language,
 * numbers with their units, provinces by name. The detail, the version diff and the export all read values this way.
 */
export function formatAttribute(fieldCode: string, raw: unknown, catalogue: CatalogueSnapshot, lang: Lang): string {
  if (!hasValue(raw)) return '';
  const field = catalogue.fields.get(fieldCode);
  const dict = field && typeof field.schema.dictTypeCode === 'string' ? field.schema.dictTypeCode : null;
  const label = (v: unknown) => (dict ? (labelIn(catalogue, `${dict}:${String(v)}`, lang) ?? String(v)) : String(v));
  if (Array.isArray(raw)) return raw.map(label).join(lang === 'en' ? ', ' : '、');
  if (raw && typeof raw === 'object' && 'value' in raw) {
    const unit = (raw as { unit?: number }).unit;
    const unitName = typeof unit === 'number' && Object.hasOwn(MEASURE_UNITS, unit) ? MEASURE_UNITS[unit] : undefined;
    return `${String((raw as { value: unknown }).value)}${unitName ? ` ${unitName}` : ''}`;
  }
  if (fieldCode === 'PF_SHIP_FROM') return labelIn(catalogue, `address:${String(raw)}`, lang) ?? String(raw);
  if (raw && typeof raw === 'object') return JSON.stringify(raw);
  return label(raw);
}

/** A field's title in the reader's language (the code itself for a field no longer defined). */
export function attributeTitle(fieldCode: string, catalogue: CatalogueSnapshot, lang: Lang): string {
  const field = catalogue.fields.get(fieldCode);
  return field ? (lang === 'en' ? field.titleEn : field.titleCn) : fieldCode;
}

/** A category with its ancestors, root first. */
export function categoryPath(catalogue: CatalogueSnapshot, id: number) {
  const path = [];
  for (let c = catalogue.categories.get(id); c; c = c.parentId === null ? undefined : catalogue.categories.get(c.parentId)) path.unshift(c);
  return path;
}
