import { describe, expect, it } from 'vitest';
import { pagedHref, pageFromUrl } from './paging';

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

describe('pageFromUrl', () => {
  const at = (query: string) => new URL(`http://localhost/main/share${query}`);

  it('reads a whole page number within the limit', () => {
    expect(pageFromUrl(at(''), 500)).toBe(1);
    expect(pageFromUrl(at('?page=7'), 500)).toBe(7);
    expect(pageFromUrl(at('?page=500'), 500)).toBe(500);
  });

  it('falls back to the first page for anything else', () => {
    for (const bad of ['?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=501']) expect(pageFromUrl(at(bad), 500)).toBe(1);
  });
});
