import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startServer, tempDataDir, type ServerProcess } from './server-process';

let server: ServerProcess;
beforeAll(async () => {
  ensureBuilt();
  const providers = [{ id: 'wechat', name: 'WeChat', issuer: 'https://login.example.com', clientId: 'matlib', clientSecret: 'secret' }];
  server = await startServer(tempDataDir(), { OIDC_PROVIDERS: JSON.stringify(providers) });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

describe('the sign-in page', () => {
  it('offers each configured OpenID Connect provider, keeping the way back', async () => {
    const html = await (await fetch(`${server.url}/login?redirect=%2Fsample-bag`, { headers: { 'accept-language': 'en' } })).text();
    expect(html).toContain('href="/api/idealab-material/passport/oidc/wechat/start?redirect=%2Fsample-bag"');
    expect(html).toContain('Sign in with WeChat');
    // Not on the other steps.
    const register = await (await fetch(`${server.url}/login?step=register`, { headers: { 'accept-language': 'en' } })).text();
    expect(register).not.toContain('Sign in with WeChat');
  });
});
