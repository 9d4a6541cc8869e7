import { describe, expect, it } from 'vitest';
import { parseColor } from './parse-color';

describe('RGB parsing (docs/product/catalogue.md#rules: three numbers from an rgb string, default 0,0,0)', () => {
  it.each([
    ['12,34,56', '#0c2238'],
    [' 12, 34 ,56 ', '#0c2238'],
    ['rgb(255, 0, 128)', '#ff0080'],
    ['RGB(255 0 128)', '#ff0080'],
    ['rgba(1, 2, 3, 0.5)', '#010203'],
    ['rgb(0.4, 254.6, 10)', '#00ff0a'],
    ['#AABBCC', '#aabbcc'],
    ['#abc', '#aabbcc'],
    ['', '#000000'],
    ['   ', '#000000'],
  ])('%j is %s', (input, hex) => {
    expect(parseColor(input)?.hex).toBe(hex);
  });

  it('gives the channels', () => {
    expect(parseColor('rgb(1,2,3)')).toEqual({ r: 1, g: 2, b: 3, hex: '#010203' });
  });

  it.each(['#ggg000', '#abcd', 'aabbcc', '123', '1,2', '1,2,3,4,5', '256,0,0', '-1,0,0', 'rgb(1,2,3', '1,2,3)', 'red', 'hsl(0, 50%, 50%)', 'rgb(a,b,c)'])('refuses %j', (input) => {
    expect(parseColor(input)).toBeNull();
  });
});
