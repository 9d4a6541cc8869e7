import { MEASURE_UNITS } from '../../constants';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';

/** Labels of a dictionary (or of the address tree) in either language, mapped back to the values they name. */
export type ReverseLabels = Map<string, Map<string, string>>;

const fold = (text: string) => text.trim().toLowerCase();

/** `${type}:${value}` → labels turned around, per type, once per import. */
export function reverseLabels(catalogue: CatalogueSnapshot): ReverseLabels {
  const byType: ReverseLabels = new Map();
  for (const [key, label] of catalogue.labels) {
    const at = key.indexOf(':');
    const type = key.slice(0, at);
    const value = key.slice(at + 1);
    const map = byType.get(type) ?? new Map<string, string>();
    // A value's own spelling first, so a label that happens to equal another item's value never hides it.
    if (!map.has(fold(label.cn))) map.set(fold(label.cn), value);
    if (!map.has(fold(label.en))) map.set(fold(label.en), value);
    byType.set(type, map);
  }
  for (const [key] of catalogue.labels) {
    const at = key.indexOf(':');
    byType.get(key.slice(0, at))!.set(fold(key.slice(at + 1)), key.slice(at + 1));
  }
  return byType;
}

const UNIT_BY_NAME = new Map(Object.entries(MEASURE_UNITS).map(([code, name]) => [fold(String(name)), Number(code)]));
/** Separators a multi-select cell may use: the export's (、 in Chinese, a comma in English) and a semicolon. */
const ITEM_SEPARATORS = /[、,，;；]/;

/**
 * One attribute cell in reading form, as the export writes it (docs/product/supplier.md#export), turned back into what the
 * editor sends: a dictionary label (either language) becomes its value, "1.2 mm" a `{ value, unit }`, a place's name its
 * code. What cannot be turned back is passed on as written, so the editor's checks refuse it with their own message:
 * this reads, it does not validate.
 */
export function readImportValue(code: string, text: string, catalogue: CatalogueSnapshot, labels: ReverseLabels): unknown {
  const field = catalogue.fields.get(code);
  const schema = field?.schema ?? {};
  const inputType = typeof schema.inputType === 'string' ? schema.inputType : 'text';
  const trimmed = text.trim();
  if (trimmed === '') return inputType === 'multiSelect' ? [] : '';
  const item = (value: string) => (typeof schema.dictTypeCode === 'string' ? (labels.get(schema.dictTypeCode)?.get(fold(value)) ?? value.trim()) : value.trim());
  switch (inputType) {
    case 'select':
    case 'radio':
      return item(trimmed);
    case 'multiSelect':
      return trimmed.split(ITEM_SEPARATORS).map((v) => v.trim()).filter(Boolean).map(item);
    case 'address':
      return labels.get('address')?.get(fold(trimmed)) ?? trimmed;
    case 'numberGroup': {
      const match = /^(\S+?)\s*([^\d.\s][^\s]*)?$/.exec(trimmed);
      if (!match) return { value: trimmed };
      const unitText = match[2];
      if (!unitText) return { value: match[1] };
      const unit = UNIT_BY_NAME.get(fold(unitText));
      return { value: match[1], unit: unit ?? unitText };
    }
    default:
      return trimmed;
  }
}
