import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBodyLimit, refuseOversizedPageBody } from './page-body';

let server: Server;
let port = 0;
let reached = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (refuseOversizedPageBody(req, res)) return;
    reached += 1;
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends a request head and `sent` of its body in one write; resolves with the status once the answer's head is in. */
function status(head: string, sent = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (!received.includes('\r\n\r\n')) return;
      socket.destroy();
      resolve(Number(received.slice(9, 12)));
    });
    socket.on('error', reject);
    socket.write(`${head}\r\n\r\n${sent}`);
  });
}

describe('refuseOversizedPageBody', () => {
  it('refuses a page post declaring more than its limit, or streamed, before the handler sees it', async () => {
    const before = reached;
    expect(await status('POST /login HTTP/1.1\r\nhost: x\r\ncontent-length: 419430400', 'account=x')).toBe(413);
    expect(await status('POST /login HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked', '5\r\nabcde\r\n')).toBe(411);
    expect(reached).toBe(before);
  });

  it('passes a page post within its limit, a larger one where the page needs it, reads, and the API', async () => {
    expect(await status('POST /login HTTP/1.1\r\nhost: x\r\ncontent-length: 9', 'account=x')).toBe(200);
    expect(pageBodyLimit('/content-preview')).toBeGreaterThan(pageBodyLimit('/login'));
    expect(await status(`POST /content-preview HTTP/1.1\r\nhost: x\r\ncontent-length: ${pageBodyLimit('/login') + 1}`, 'c'.repeat(pageBodyLimit('/login') + 1))).toBe(200);
    expect(await status('GET /login HTTP/1.1\r\nhost: x')).toBe(200);
    expect(await status('POST /api/idealab-material/passport/login/1 HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked', '0\r\n\r\n')).toBe(200);
  });
});
