import { describe, expect, it } from 'vitest';
import { castValue, checkValue, initialValue, pathCandidates, sanitizeNumber, type EditorField } from './material-editor';

const number: EditorField = { fieldCode: 'PF_PRICE', fieldType: 2, title: 'Price', inputType: 'number', type: 'number', minimum: 0, maximum: 100, toFixed: 2 };
const integer: EditorField = { ...number, fieldCode: 'PF_MOQ', type: 'integer', minimum: 1 };
const group: EditorField = { ...number, fieldCode: 'PF_WIDTH', inputType: 'numberGroup', defaultValue: { unit: 6 } };
const select: EditorField = { fieldCode: 'PF_UNIT', fieldType: 2, title: 'Unit', inputType: 'select', type: 'string', dictTypeCode: 'priceUnit' };
const radio: EditorField = { ...select, fieldCode: 'PF_SEASON', inputType: 'radio', defaultValue: 1 };
const text: EditorField = { fieldCode: 'PF_NAME_CN', fieldType: 1, title: 'Name', inputType: 'text', type: 'string', maxLength: 3 };

describe('number inputs (docs/product/material-editor.md#field-rules)', () => {
  it('keep digits and one dot, and round when more than two decimals are typed', () => {
    expect(sanitizeNumber('1a2.3.4')).toBe('12.34');
    expect(sanitizeNumber('12.')).toBe('12.');
    expect(sanitizeNumber('1.005')).toBe('1');
    expect(sanitizeNumber('1.239')).toBe('1.24');
    expect(sanitizeNumber('-7,5')).toBe('75');
    expect(sanitizeNumber('7.9', 0)).toBe('7');
  });
});

describe('casting on submit', () => {
  it('rounds numbers, casts integers, sends null for empty and 0 for an untouched select', () => {
    expect(castValue(number, '12.346')).toBe(12.35);
    expect(castValue(integer, '100.7')).toBe(100);
    expect(castValue(number, '')).toBeNull();
    expect(castValue(select, '')).toBe(0);
    expect(castValue(select, 'm')).toBe('m');
    expect(castValue(group, { value: '1.5', unit: 6 })).toEqual({ value: 1.5, unit: 6 });
    expect(castValue(group, { value: '', unit: 6 })).toBeNull();
    expect(castValue(text, ' ab ')).toBe('ab');
    expect(castValue({ ...select, inputType: 'multiSelect' }, [])).toBeNull();
  });

  it('starts radios at 1 and groups at their default unit', () => {
    expect(initialValue(radio, undefined)).toBe('1');
    expect(initialValue(group, undefined)).toEqual({ value: '', unit: 6 });
    expect(initialValue(group, { value: 2, unit: 5 })).toEqual({ value: '2', unit: 5 });
  });
});

describe('checks before sending', () => {
  it('required, length, format and range', () => {
    expect(checkValue(text, true, '  ')).toEqual({ key: 'required' });
    expect(checkValue(text, false, '')).toBeNull();
    expect(checkValue(text, false, 'abcd')).toEqual({ key: 'maxLength', params: { maximum: 3 } });
    expect(checkValue(number, false, '1.2.3')).toEqual({ key: 'numberFormat' });
    expect(checkValue(number, false, '101')).toMatchObject({ key: 'outOfRange' });
    expect(checkValue(integer, false, '0')).toMatchObject({ key: 'outOfRange' });
    expect(checkValue(group, true, { value: '', unit: 6 })).toEqual({ key: 'required' });
  });

  it('finds where an error belongs, most precise first', () => {
    expect(pathCandidates('colorCards[0].imageIds[1]')).toEqual(['colorCards[0].imageIds[1]', 'colorCards[0].imageIds', 'colorCards[0]', 'colorCards']);
    expect(pathCandidates('attrs.PF_PRICE')).toEqual(['attrs.PF_PRICE', 'attrs']);
  });
});
