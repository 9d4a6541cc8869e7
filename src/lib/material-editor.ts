/**
 * The material editor's shapes and its pure rules (docs/product/material-editor.md), shared by the page loader and the island. Zod-free:
 * the island checks as the user types, the server checks everything again.
 */
import { MEASURE_UNITS } from './constants';

/** A field definition as the form needs it. */
export type EditorField = {
  fieldCode: string;
  fieldType: number;
  title: string;
  inputType: string;
  type: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  toFixed?: number;
  dictTypeCode?: string;
  defaultValue?: unknown;
};

export type EditorOption = { value: string; label: string };

/** Everything the form draws on, read once when the page loads. */
export type EditorCatalogue = {
  fields: Record<string, EditorField>;
  /** `${level-1 category id}:${market}` → the template's fields in order, with whether each is required. */
  templates: Record<string, Array<{ code: string; required: boolean }>>;
  dictionaries: Record<string, EditorOption[]>;
  /** Places a material ships from (countries and their provinces), by address code. */
  places: EditorOption[];
};

/** What the form holds for one attribute, as typed. */
export type FormValue = string | string[] | { value: string; unit: number };

export const FIELD_TYPES = [1, 2, 3, 4] as const;
export const DEFAULT_DECIMALS = 2;
/** The number fields shown with the market's currency. */
export const PRICE_FIELDS: readonly string[] = ['PF_PRICE', 'PF_SAMPLE_PRICE'];
/** Set by the server from the market; the form does not ask for it. */
export const SERVER_FIELDS: readonly string[] = ['PF_CURRENCY'];

export const templateKey = (rootId: number, market: number) => `${rootId}:${market}`;

const decimalsOf = (field: EditorField) => (field.type === 'integer' ? 0 : (field.toFixed ?? DEFAULT_DECIMALS));

/**
 * What a number input keeps of what was typed: digits and the first dot (none for integers); more decimals than the
 * field takes are rounded away (docs/product/material-editor.md#field-rules).
 */
export function sanitizeNumber(typed: string, decimals = DEFAULT_DECIMALS): string {
  let text = typed.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  if (decimals === 0) return text.replace(/\..*$/, '');
  const fraction = dot >= 0 ? text.slice(dot + 1) : '';
  if (fraction.length > decimals) return String(Number(Number(text).toFixed(decimals)));
  return text;
}

export const sanitizeFor = (field: EditorField, typed: string) => sanitizeNumber(typed, decimalsOf(field));

export function defaultUnit(field: EditorField): number {
  const unit = (field.defaultValue as { unit?: unknown } | undefined)?.unit;
  return typeof unit === 'number' && unit in MEASURE_UNITS ? unit : 5;
}

/** A field's starting value in the form: radios start at their default (item 1), groups at their default unit. */
export function initialValue(field: EditorField, stored: unknown): FormValue {
  switch (field.inputType) {
    case 'multiSelect':
      return Array.isArray(stored) ? stored.map(String) : [];
    case 'numberGroup': {
      const group = stored && typeof stored === 'object' ? (stored as { value?: unknown; unit?: unknown }) : {};
      return { value: group.value === undefined || group.value === null ? '' : String(group.value), unit: typeof group.unit === 'number' ? group.unit : defaultUnit(field) };
    }
    case 'radio':
      return stored === undefined || stored === null || stored === '' ? String(field.defaultValue ?? 1) : String(stored);
    default:
      return stored === undefined || stored === null ? '' : String(stored);
  }
}

const isEmpty = (v: FormValue | undefined) => v === undefined || (typeof v === 'string' ? v.trim() === '' : Array.isArray(v) ? v.length === 0 : v.value.trim() === '');

// As the server does: round to the field's decimals, then an integer drops what is left of the fraction.
function toNumber(field: EditorField, text: string): number {
  const n = Number(Number(text).toFixed(field.toFixed ?? DEFAULT_DECIMALS));
  return field.type === 'integer' ? Math.trunc(n) : n;
}

/** The value sent: numbers rounded, integers cast, empty as null, and 0 for a select left alone. */
export function castValue(field: EditorField, value: FormValue | undefined): unknown {
  if (field.inputType === 'select') return isEmpty(value) ? 0 : value;
  if (isEmpty(value)) return null;
  if (field.inputType === 'number' && typeof value === 'string') return toNumber(field, value);
  if (field.inputType === 'numberGroup' && value && typeof value === 'object' && !Array.isArray(value)) return { value: toNumber(field, value.value), unit: value.unit };
  return typeof value === 'string' ? value.trim() : value;
}

export type FieldProblem = { key: 'required' | 'maxLength' | 'outOfRange' | 'numberFormat'; params?: Record<string, string | number> };

/** The checks the form makes before sending; the server makes them again with its dictionaries. */
export function checkValue(field: EditorField, required: boolean, value: FormValue | undefined): FieldProblem | null {
  if (isEmpty(value)) return required ? { key: 'required' } : null;
  const text = typeof value === 'string' ? value.trim() : Array.isArray(value) ? '' : value!.value.trim();
  if (field.inputType === 'number' || field.inputType === 'numberGroup') {
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return { key: 'numberFormat' };
    const n = toNumber(field, text);
    if ((field.minimum !== undefined && n < field.minimum) || (field.maximum !== undefined && n > field.maximum)) return { key: 'outOfRange', params: { minimum: field.minimum ?? 0, maximum: field.maximum ?? '∞' } };
  } else if (field.maxLength !== undefined && typeof value === 'string' && [...text].length > field.maxLength) {
    return { key: 'maxLength', params: { maximum: field.maxLength } };
  }
  return null;
}

/** The DOM id of the control for a field path (`attrs.PF_PRICE`, `colorCards[0].hex` …). */
export const controlId = (path: string) => `me-${path.replace(/[^\w-]/g, '_')}`;

/** The paths to try, most precise first, to find where an error belongs (`colorCards[0].imageIds[1]` → … → `colorCards`). */
export function pathCandidates(path: string): string[] {
  const out = [path];
  let p = path;
  while (/(\.[^.[\]]+|\[\d+\])$/.test(p)) {
    p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (p) out.push(p);
  }
  return out;
}
