/** Rate limits as an operator sets them and a page answers them, in the built server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, spawnServer, startServer, tempDataDir, type ServerProcess } from './server-process';

let server: ServerProcess;
beforeAll(async () => {
  ensureBuilt();
  server = await startServer(tempDataDir(), { RATE_LIMIT_LOGIN_ACCOUNT_IP: '1/900' });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

const signIn = (password: string) =>
  fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams({ account: 'nobody@example.com', password }),
    redirect: 'manual',
  });

describe('rate limits', () => {
  it('follow the environment, and a page over one answers 429 with Retry-After and the RateLimit headers', async () => {
    const first = await signIn('wrong once');
    expect(first.status).toBe(422);
    expect(first.headers.get('ratelimit-policy')).toContain('"login.accountIp";q=1;w=900');
    const second = await signIn('wrong twice');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.headers.get('ratelimit')).toMatch(/"login\.accountIp";r=0;t=\d+/);
  });

  it.each([
    ['a limit that does not exist', { RATE_LIMIT_LOGIN_IPP: '5/60' }, 'RATE_LIMIT_LOGIN_IPP: no rate limit has this name'],
    ['a value that is not points/seconds', { RATE_LIMIT_LOGIN_IP: '50 per minute' }, 'RATE_LIMIT_LOGIN_IP: points/seconds'],
  ])('stop the start on %s, naming the variable', async (_what, env, message) => {
    const proc = spawnServer(tempDataDir(), env);
    expect(await proc.exited).not.toBe(0);
    expect(proc.output()).toContain(message);
  });
});
