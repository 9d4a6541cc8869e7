import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('is a bare attachment without a name', () => {
    expect(attachmentDisposition()).toBe('attachment');
  });

  it('keeps a Chinese name in the UTF-8 form and gives old clients an ASCII one', () => {
    expect(attachmentDisposition('检测报告.pdf')).toBe(`attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('检测报告.pdf')}`);
  });

  it('cannot be broken out of: quotes, slashes and line breaks are replaced', () => {
    const header = attachmentDisposition('a"b/c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_b_c__Set-Cookie: x.pdf"')).toBe(true);
  });
});
