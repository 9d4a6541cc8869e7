import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPathData } from '../sharing/image/qr';
import { pageQrSvg } from './page-qr-code';

describe("the toolbar's page code", () => {
  it('draws the address as an svg named for assistive technology, escaping what it is given', () => {
    const href = 'https://matlib.example/main/material-store?sort=name&page=2';
    const svg = pageQrSvg(href, { className: 'qr', label: 'Code of "this" page <here> & now' }) ?? '';
    const matrix = qrMatrix(href);
    expect(svg).toContain(`viewBox="-2 -2 ${matrix.size + 4} ${matrix.size + 4}"`);
    expect(svg).toContain(`<path d="${qrPathData(matrix)}" fill="#000"></path>`);
    expect(svg).toContain('aria-label="Code of &quot;this&quot; page &lt;here> &amp; now"');
    expect(svg.startsWith('<svg class="qr" ')).toBe(true);
  });

  it('draws each address and label apart', () => {
    const a = pageQrSvg('https://matlib.example/home', { className: 'qr', label: 'A' }) ?? '';
    expect(pageQrSvg('https://matlib.example/home', { className: 'qr', label: 'B' })).toBe(a.replace('aria-label="A"', 'aria-label="B"'));
    expect(pageQrSvg('https://matlib.example/home?x=1', { className: 'qr', label: 'A' })).not.toBe(a);
  });
});

describe('a page address too long for a code', () => {
  it('codes the page without its query, and draws nothing when the path alone is too long', () => {
    const page = 'https://matlib.example/main/material-store';
    const long = `${page}?q=${'x'.repeat(3000)}#top`;
    expect(pageQrSvg(long, { className: 'qr', label: 'A' })).toBe(pageQrSvg(page, { className: 'qr', label: 'A' }));
    // Just within a code's capacity, the address is coded as it is.
    const atLimit = `${page}?q=${'x'.repeat(2331 - page.length - 3)}`;
    expect(pageQrSvg(atLimit, { className: 'qr', label: 'A' })).toContain(qrPathData(qrMatrix(atLimit)));
    expect(pageQrSvg(`https://matlib.example/${'x'.repeat(3000)}`, { className: 'qr', label: 'A' })).toBeUndefined();
  });
});
