import { describe, expect, it } from 'vitest';
import { pagedHref } from './paged-href';

describe('pagedHref', () => {
  it('leaves the first page and empty filters out of the address', () => {
    expect(pagedHref('/merchant/home', { keyword: undefined }, 1)).toBe('/merchant/home');
    expect(pagedHref('/merchant/home', { keyword: '' }, 1)).toBe('/merchant/home');
  });

  it('keeps the filters before the page number, encoded', () => {
    expect(pagedHref('/merchant/home', { keyword: '牛皮 A&B' }, 3)).toBe('/merchant/home?keyword=%E7%89%9B%E7%9A%AE+A%26B&page=3');
    expect(pagedHref('/applyRecordBuyer', { state: 'shipped' }, 1)).toBe('/applyRecordBuyer?state=shipped');
    expect(pagedHref('/logistics-manage', {}, 2)).toBe('/logistics-manage?page=2');
  });
});
