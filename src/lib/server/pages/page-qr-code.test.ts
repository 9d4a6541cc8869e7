import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPathData } from '../sharing/image/qr';
import { pageQrSvg } from './page-qr-code';

describe("the toolbar's page code", () => {
  it('draws the address as an svg named for assistive technology, escaping what it is given', () => {
    const href = 'https://matlib.example/main/material-store?sort=name&page=2';
    const svg = pageQrSvg(href, { className: 'qr', label: 'Code of "this" page <here> & now' });
    const matrix = qrMatrix(href);
    expect(svg).toContain(`viewBox="-2 -2 ${matrix.size + 4} ${matrix.size + 4}"`);
    expect(svg).toContain(`<path d="${qrPathData(matrix)}" fill="#000"></path>`);
    expect(svg).toContain('aria-label="Code of &quot;this&quot; page &lt;here> &amp; now"');
    expect(svg.startsWith('<svg class="qr" ')).toBe(true);
  });

  it('draws each address and label apart', () => {
    const a = pageQrSvg('https://matlib.example/home', { className: 'qr', label: 'A' });
    expect(pageQrSvg('https://matlib.example/home', { className: 'qr', label: 'B' })).toBe(a.replace('aria-label="A"', 'aria-label="B"'));
    expect(pageQrSvg('https://matlib.example/home?x=1', { className: 'qr', label: 'A' })).not.toBe(a);
  });
});
