/**
 * Request bodies against the built server (docs/architecture.md#security): a body over its limit, or a multipart one
 * with more parts than the cap, is refused while most of it has not even been sent, so the server cannot have read
 * it whole; a frozen account's page form post changes nothing; a page address too long for its code still renders.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { users } from '../../src/lib/server/db/schema';
import { createSession, createUser } from '../fixtures/identity';
import { startFixtureServer } from './fixture-server';

let server: Awaited<ReturnType<typeof startFixtureServer>>;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(() => server.stop());

/**
 * Sends the head of a request and only `sent` of its body, then waits for the answer: one that comes proves the
 * server decided without the rest. Resolves with the status line and the answer's text.
 */
function answerBeforeTheRest(head: string, sent: Uint8Array): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = received.slice(0, end);
      const body = received.slice(end + 4);
      const status = Number(received.slice(9, 12));
      if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        if (!body.endsWith('0\r\n\r\n')) return;
        socket.destroy();
        resolve({ status, text: dechunk(body) });
        return;
      }
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (Number.isNaN(length) || Buffer.byteLength(body) >= length) {
        socket.destroy();
        resolve({ status, text: body });
      }
    });
    socket.on('error', reject);
    // In one write, so the server's one read takes all that was sent: the refusal then closes a drained connection.
    socket.write(Buffer.concat([Buffer.from(head), sent]));
  });
}

/** The text of a chunked answer (ASCII or short, so sizes count characters as well as bytes here). */
function dechunk(body: string): string {
  let text = '';
  for (let at = 0; ; ) {
    const line = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, line), 16);
    if (!size) return text;
    const chunk = Buffer.from(body.slice(line + 2)).subarray(0, size).toString('utf8');
    text += chunk;
    at = line + 2 + chunk.length + 2;
  }
}

const headOf = (method: string, target: string, headers: Record<string, string | number>) =>
  `${method} ${target} HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\naccept-language: en\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** A multipart body of `parts` empty fields, or of empty parts without even a header (9 bytes each). */
const multipart = (parts: number, bare = false) => Buffer.from(`${(bare ? '--b\r\n\r\n\r\n' : '--b\r\ncontent-disposition: form-data; name="f"\r\n\r\n\r\n').repeat(parts)}--b--\r\n`);

describe('request bodies', () => {
  it('refuses a 400 MB sign-in post from a guest by its length, before the rest is sent', async () => {
    const head = headOf('POST', '/login', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 400 * 1024 * 1024 });
    const answer = await answerBeforeTheRest(head, Buffer.from(`account=${'x'.repeat(1024)}`));
    expect(answer.status).toBe(413);
    expect(answer.text).toBe('The request is larger than 64.0 KB');
  });

  it('refuses a page post streamed without a length', async () => {
    const head = headOf('POST', '/login', { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' });
    const answer = await answerBeforeTheRest(head, Buffer.from('10\r\naccount=xxxxxxxx\r\n'));
    expect(answer.status).toBe(411);
  });

  it('refuses a page form with more parts than the cap, though within the page’s limit', async () => {
    const body = multipart(1000);
    expect(body.length).toBeLessThan(64 * 1024);
    const answer = await answerBeforeTheRest(headOf('POST', '/login', { 'content-type': 'multipart/form-data; boundary=b', 'content-length': body.length }), body);
    expect(answer.status).toBe(413);
    expect(answer.text).toBe('The form has more than 100 parts');
  });

  it('refuses a 400,000-part upload to the API once it passes the cap, before the rest is sent', async () => {
    // 3.6 MB, within the photo search's limit: only the count refuses it.
    const body = multipart(400_000, true);
    const head = headOf('POST', '/api/idealab-material/open/v2/material/search/pic', { 'content-type': 'multipart/form-data; boundary=b', 'content-length': body.length });
    const answer = await answerBeforeTheRest(head, body.subarray(0, 64 * 1024));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 413, msg: 'The form has more than 100 parts' });
  });
});

describe('page form posts', () => {
  const switchAliases = (token: string) =>
    fetch(`${server.url}/main/material-store`, {
      method: 'POST',
      headers: { cookie: `ilt=${token}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'showAliases=1',
      redirect: 'manual',
    });
  const showsAliases = async (userId: number) => (await getDb().select({ showAliases: users.showAliases }).from(users).where(eq(users.id, userId)))[0]?.showAliases;

  it('reach the page with the form the middleware read', async () => {
    const user = await createUser();
    const res = await switchAliases(await createSession(user));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/main/material-store');
    expect(await showsAliases(user.id)).toBe(true);
  });

  it('of an account waiting for removal change nothing, and go to the frozen-account page', async () => {
    const frozen = await createUser({ status: 5 });
    const res = await switchAliases(await createSession(frozen));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/logoff/cancel');
    expect(await showsAliases(frozen.id)).toBe(false);
  });
});

describe('a page address too long for its code', () => {
  it('still renders the page', async () => {
    const res = await fetch(`${server.url}/main/material-store?q=${'x'.repeat(3000)}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('</html>');
  });
});
