import { describe, expect, it } from 'vitest';
import { multipartBoundary, readBoundedBody } from './bounded-body';

/** A body that arrives in chunks of `size` bytes, without Content-Length; `pulled` counts the chunks read. */
function chunked(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const state = { pulled: 0 };
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      state.pulled += 1;
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  }, { highWaterMark: 0 });
  return { body, state };
}

const post = (body: BodyInit | ReadableStream, headers: Record<string, string> = {}) => new Request('http://localhost/login', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A multipart body of `parts` empty fields. */
const multipart = (parts: number, boundary = 'b0undary') => `${`--${boundary}\r\ncontent-disposition: form-data; name="f"\r\n\r\n\r\n`.repeat(parts)}--${boundary}--\r\n`;

describe('readBoundedBody', () => {
  it('returns the bytes of a body within its limit', async () => {
    const body = await readBoundedBody(post('account=a&password=b', { 'content-type': 'application/x-www-form-urlencoded' }), { limit: 64, maxParts: 10 });
    expect('bytes' in body && new TextDecoder().decode(body.bytes)).toBe('account=a&password=b');
  });

  it('refuses a declared length over the limit without reading a byte', async () => {
    const { body, state } = chunked('x'.repeat(1000), 100);
    const request = new Request('http://localhost/login', { method: 'POST', body, headers: { 'content-length': '400000000' }, duplex: 'half' } as RequestInit);
    expect(await readBoundedBody(request, { limit: 64 * 1024, maxParts: 10 })).toEqual({ refused: 'tooLarge' });
    expect(state.pulled).toBe(0);
  });

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const { body, state } = chunked('x'.repeat(100_000), 1000);
    expect(await readBoundedBody(post(body), { limit: 10_000, maxParts: 10 })).toEqual({ refused: 'tooLarge' });
    expect(state.pulled).toBeLessThan(15);
  });

  it('refuses a multipart body with more parts than the cap as soon as it has them, and takes one at the cap', async () => {
    const type = { 'content-type': 'multipart/form-data; boundary=b0undary' };
    const atCap = await readBoundedBody(post(multipart(100), type), { limit: 1024 * 1024, maxParts: 100 });
    expect('bytes' in atCap && (await new Response(atCap.bytes, { headers: type }).formData()).getAll('f')).toHaveLength(100);
    const { body, state } = chunked(multipart(400_000), 4096);
    expect(await readBoundedBody(post(body, type), { limit: 64 * 1024 * 1024, maxParts: 100 })).toEqual({ refused: 'tooManyParts' });
    expect(state.pulled).toBeLessThan(5);
  });

  it('counts a delimiter split between two chunks once', async () => {
    const type = { 'content-type': 'multipart/form-data; boundary="b0undary"' };
    // Chunks of 7 bytes cut every delimiter of 10 somewhere; 3 parts pass a cap of 3, 4 do not.
    expect('bytes' in (await readBoundedBody(post(chunked(multipart(3), 7).body, type), { limit: 4096, maxParts: 3 }))).toBe(true);
    expect(await readBoundedBody(post(chunked(multipart(4), 7).body, type), { limit: 4096, maxParts: 3 })).toEqual({ refused: 'tooManyParts' });
  });
});

describe('multipartBoundary', () => {
  it('reads the boundary of a multipart type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/x-www-form-urlencoded; boundary=x')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
  });
});
