import { MEASURE_UNITS } from '../../constants';
import { ERROR } from '../../errors';
import type { MaterialField } from '../catalogue/list-material-fields';

/** One refused attribute: the catalogue code, the field (`attrs.<PF code>`) and the message key with its values. */
export type AttrIssue = { field: string; code: number; key: string; params?: Record<string, string> };

export type AttrRules = {
  /** The fields of the category's template in the chosen market. */
  template: readonly MaterialField[];
  /** Whether a dictionary (by type code) holds an item value (children included). */
  inDictionary: (typeCode: string, value: string) => boolean;
  /** Whether a code names a place of the address tree. */
  isPlace: (code: string) => boolean;
};

// Digits with at most one dot: what the number inputs let through (docs/product/material-editor.md#field-rules).
const NUMBER_TEXT = /^(\d+(\.\d*)?|\.\d+)$/;
const DEFAULT_DECIMALS = 2;

type Outcome = { value: unknown } | { issue: Omit<AttrIssue, 'field'> };
const empty: Outcome = { value: null };
const invalid = (key = 'validation.invalidValue', params?: Record<string, string>): Outcome => ({ issue: { code: ERROR.fieldInvalid, key, ...(params ? { params } : {}) } });

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Checks a material's attributes against its template whatever the client did (docs/product/material-editor.md#field-rules) and answers
 * them as they are stored: numbers rounded, integers cast, dictionary values as the dictionary spells them, empty
 * values left out. Every refusal is collected, in template order, so the form can show them all at once.
 */
export function checkMaterialAttrs(attrs: Readonly<Record<string, unknown>>, rules: AttrRules): { attrs: Record<string, unknown>; issues: AttrIssue[] } {
  const issues: AttrIssue[] = [];
  const out: Record<string, unknown> = {};
  const known = new Set(rules.template.map((f) => f.fieldCode));
  for (const field of rules.template) {
    const outcome = checkOne(attrs[field.fieldCode], field, rules);
    if ('issue' in outcome) issues.push({ field: `attrs.${field.fieldCode}`, ...outcome.issue });
    else if (outcome.value === null) {
      if (field.isRequired === 1) issues.push({ field: `attrs.${field.fieldCode}`, code: ERROR.fieldRequired, key: 'validation.required' });
    } else out[field.fieldCode] = outcome.value;
  }
  for (const code of Object.keys(attrs)) {
    if (!known.has(code)) issues.push({ field: `attrs.${code}`, code: ERROR.fieldInvalid, key: 'validation.unknownField' });
  }
  return { attrs: out, issues };
}

function checkOne(raw: unknown, field: MaterialField, rules: AttrRules): Outcome {
  const schema = field.defaultJsonSchema;
  const inputType = typeof schema.inputType === 'string' ? schema.inputType : 'text';
  switch (inputType) {
    case 'number':
      return isBlank(raw) ? empty : checkNumber(raw, schema);
    case 'numberGroup':
      return checkNumberGroup(raw, schema);
    case 'select':
      // A select the user left alone is sent as 0 (docs/product/material-editor.md#field-rules): that is empty, not a value.
      return isBlank(raw) || raw === 0 || raw === '0' ? empty : checkItem(raw, schema, rules);
    case 'radio':
      return checkItem(isBlank(raw) ? (schema.defaultValue ?? 1) : raw, schema, rules);
    case 'multiSelect':
      return checkItems(raw, schema, rules);
    case 'address':
      if (isBlank(raw)) return empty;
      if (typeof raw !== 'string' || !rules.isPlace(raw.trim())) return invalid();
      return { value: raw.trim() };
    default:
      return checkText(raw, schema);
  }
}

function checkText(raw: unknown, schema: Record<string, unknown>): Outcome {
  if (isBlank(raw)) return empty;
  if (typeof raw !== 'string' && typeof raw !== 'number') return invalid();
  const text = String(raw).trim();
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : null;
  if (max !== null && [...text].length > max) return { issue: { code: ERROR.fieldTooLong, key: 'validation.maxLength', params: { maximum: String(max) } } };
  return { value: text };
}

function checkNumber(raw: unknown, schema: Record<string, unknown>): Outcome {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : typeof raw === 'string' ? raw.trim() : '';
  if (!NUMBER_TEXT.test(text)) return invalid('validation.numberFormat');
  const decimals = typeof schema.toFixed === 'number' ? schema.toFixed : DEFAULT_DECIMALS;
  let value = Number(Number(text).toFixed(decimals));
  if (schema.type === 'integer') value = Math.trunc(value);
  const min = typeof schema.minimum === 'number' ? schema.minimum : null;
  const max = typeof schema.maximum === 'number' ? schema.maximum : null;
  if ((min !== null && value < min) || (max !== null && value > max)) {
    return { issue: { code: ERROR.fieldTooLong, key: 'validation.outOfRange', params: { minimum: String(min ?? 0), maximum: String(max ?? '∞') } } };
  }
  return { value };
}

function checkNumberGroup(raw: unknown, schema: Record<string, unknown>): Outcome {
  if (isBlank(raw)) return empty;
  if (typeof raw !== 'object' || Array.isArray(raw) || raw === null) return invalid();
  const group = raw as Record<string, unknown>;
  if (Object.keys(group).some((k) => k !== 'value' && k !== 'unit')) return invalid();
  if (isBlank(group.value)) return empty;
  const number = checkNumber(group.value, schema);
  if ('issue' in number) return number;
  const fallback = (schema.defaultValue as { unit?: unknown } | undefined)?.unit;
  const unit = isBlank(group.unit) ? fallback : group.unit;
  const unitNumber = typeof unit === 'string' && /^\d+$/.test(unit) ? Number(unit) : unit;
  if (typeof unitNumber !== 'number' || !Number.isInteger(unitNumber) || !(unitNumber in MEASURE_UNITS)) return invalid('validation.unit');
  return { value: { value: number.value, unit: unitNumber } };
}


function checkItem(raw: unknown, schema: Record<string, unknown>, rules: AttrRules): Outcome {
  if (typeof raw !== 'string' && typeof raw !== 'number') return invalid('validation.notInDictionary');
  const value = String(raw).trim();
  if (typeof schema.dictTypeCode !== 'string' || !rules.inDictionary(schema.dictTypeCode, value)) return invalid('validation.notInDictionary');
  return { value: schema.type === 'integer' || schema.type === 'number' ? Number(value) : value };
}

function checkItems(raw: unknown, schema: Record<string, unknown>, rules: AttrRules): Outcome {
  if (isBlank(raw)) return empty;
  if (!Array.isArray(raw)) return invalid();
  const values: string[] = [];
  for (const item of raw) {
    const one = checkItem(item, { ...schema, type: 'string' }, rules);
    if ('issue' in one) return one;
    if (!values.includes(one.value as string)) values.push(one.value as string);
  }
  return { value: values };
}
