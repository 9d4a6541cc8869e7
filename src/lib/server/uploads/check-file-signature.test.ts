import { describe, expect, it } from 'vitest';
import { signatureAgrees } from './check-file-signature';

describe('signatureAgrees', () => {
  it('wants the signature of a type that has one', () => {
    expect(signatureAgrees('png', 'png')).toBe(true);
    expect(signatureAgrees('jpeg', 'jpg')).toBe(true);
    expect(signatureAgrees('png', 'zip')).toBe(false);
    expect(signatureAgrees('png', undefined)).toBe(false);
    expect(signatureAgrees('docx', 'zip')).toBe(true);
    // A U3M package is a zip; a bare description (.u3m) is JSON text and has no signature.
    expect(signatureAgrees('u3ma', 'zip')).toBe(true);
    expect(signatureAgrees('u3ma', 'png')).toBe(false);
    expect(signatureAgrees('u3m', undefined)).toBe(true);
    expect(signatureAgrees('xtex', 'zip')).toBe(true);
  });

  it('accepts text and unknown formats unless the bytes say otherwise', () => {
    expect(signatureAgrees('txt', undefined)).toBe(true);
    expect(signatureAgrees('svg', 'xml')).toBe(true);
    expect(signatureAgrees('json', 'png')).toBe(false);
    expect(signatureAgrees('3dm', undefined)).toBe(true);
    expect(signatureAgrees('admf', 'zip')).toBe(true);
    expect(signatureAgrees('4ddat', 'exe')).toBe(false);
  });
});

describe('signatureAgrees with names Object.prototype holds', () => {
  it('reads them as unknown extensions instead of throwing', () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
      expect(signatureAgrees(name, undefined)).toBe(true);
      expect(signatureAgrees(name, 'exe')).toBe(false);
    }
  });
});
