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

describe('S3 download links', () => {
  it('ask the store to serve the file under the signed name', async () => {
    const { S3Storage } = await import('./s3-storage');
    const store = new S3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'files', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    const url = new URL(await store.signedGetUrl('u/1/abc.pdf', 900, { downloadName: '检测报告.pdf' }));
    expect(url.searchParams.get('response-content-disposition')).toBe(attachmentDisposition('检测报告.pdf'));
    const plain = new URL(await store.signedGetUrl('u/1/abc.pdf', 900));
    expect(plain.searchParams.get('response-content-disposition')).toBe('attachment');
  });
});
