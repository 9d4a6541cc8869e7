import { Hono } from 'hono';
import type { AstroCookies } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../env';
import { clientIp } from '../http/client-ip';
import { honoCookies } from '../http/cookies';
import type { ApiEnv } from '../http/context';
import { pageClientIp, pageCookies } from '../pages/request';
import { addressGroup, clientIpOf } from './client-ip';
import { hasSessionCookie, readSessionToken } from '../identity/session-token';
import { clearSessionCookie, readShareGrant, writeSessionCookie, writeShareGrant, type CookieJar } from './cookies';

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
afterEach(() => setEnv({ TRUST_PROXY: undefined, PUBLIC_ORIGIN: undefined }));

/** The address the API and a page each read from the same request. */
async function bothSides(headers: Record<string, string>, peer: string | undefined) {
  const api = new Hono<ApiEnv>().get('/', (c) => c.text(clientIp(c)));
  const fromApi = await (await api.request('/', { headers }, { clientAddress: peer })).text();
  const request = new Request('http://localhost/', { headers });
  const fromPage = pageClientIp({
    request,
    get clientAddress(): string {
      if (peer === undefined) throw new Error('no address');
      return peer;
    },
  });
  return { fromApi, fromPage };
}

describe('the client address', () => {
  it('is the socket address unless a trusted proxy says otherwise, for the API and pages alike', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' };
    expect(await bothSides(forwarded, '10.0.0.1')).toEqual({ fromApi: '10.0.0.1', fromPage: '10.0.0.1' });
    setEnv({ TRUST_PROXY: 'true' });
    // The proxy's own entry is the last one; earlier entries are whatever the client wrote.
    expect(await bothSides(forwarded, '10.0.0.1')).toEqual({ fromApi: '198.51.100.7', fromPage: '198.51.100.7' });
    expect(await bothSides({}, undefined)).toEqual({ fromApi: 'unknown', fromPage: 'unknown' });
    expect(clientIpOf(new Headers({ 'x-forwarded-for': ' , ' }), '10.0.0.2')).toBe('10.0.0.2');
  });

  it('counts an IPv6 address as its /64, whichever way it is written, and keeps IPv4 whole', async () => {
    const group = '2001:db8:1:2::/64';
    for (const peer of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '[2001:db8:1:2::9]', '2001:db8:1:2::1%eth0']) {
      expect(await bothSides({}, peer)).toEqual({ fromApi: group, fromPage: group });
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressGroup('::ffff:c000:201')).toBe('192.0.2.1');
    expect(addressGroup('192.0.2.1')).toBe('192.0.2.1');
    setEnv({ TRUST_PROXY: 'true' });
    expect(clientIpOf(new Headers({ 'x-forwarded-for': '2001:db8:1:2::77' }), '10.0.0.1')).toBe(group);
  });
});

/** Set-Cookie headers the API answers after `write` ran on its jar (for a request carrying `cookie`). */
async function apiSetCookies(url: string, write: (jar: CookieJar, url: URL) => void, cookie?: string): Promise<string[]> {
  const api = new Hono().get('/', (c) => {
    write(honoCookies(c), new URL(c.req.url));
    return c.text('');
  });
  return (await api.request(url, cookie ? { headers: { cookie } } : {})).headers.getSetCookie();
}

/** What a page's jar hands Astro's cookies, recorded; `sent` are the cookies the request carried. */
function pageCalls(write: (jar: CookieJar, url: URL) => void, url: string, sent: Record<string, string> = {}) {
  const calls: unknown[][] = [];
  const cookies = { get: (name: string) => (name in sent ? { value: sent[name] } : undefined), set: (...a: unknown[]) => calls.push(['set', ...a]), delete: (...a: unknown[]) => calls.push(['delete', ...a]) } as unknown as AstroCookies;
  write(pageCookies(cookies), new URL(url));
  return calls;
}

describe('the cookies the server sets', () => {
  const token = 'a'.repeat(43);
  // Browsers cap a cookie's life at 400 days (and Hono refuses more); a grant lives a week at most.
  const grant = { value: '123.sig', expires: new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000) };

  it('write the session HttpOnly and SameSite=Lax for a week, Secure only over HTTPS', async () => {
    const [plain] = await apiSetCookies('http://localhost/', (jar, url) => writeSessionCookie(jar, token, url));
    expect(plain).toBe(`ilt=${token}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`);
    const [tls] = await apiSetCookies('https://localhost/', (jar, url) => writeSessionCookie(jar, token, url));
    expect(tls).toBe(`__Host-ilt=${token}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax`);
    // Behind a TLS-terminating proxy the request is plain HTTP; the public origin decides.
    setEnv({ PUBLIC_ORIGIN: 'https://materials.example.com' });
    const [proxied] = await apiSetCookies('http://localhost/', (jar, url) => writeSessionCookie(jar, token, url));
    expect(proxied).toMatch(/^__Host-ilt=.*; Secure/);
    expect(pageCalls((jar, url) => writeSessionCookie(jar, token, url), 'http://localhost/')).toEqual([
      ['set', '__Host-ilt', token, { path: '/', httpOnly: true, sameSite: 'lax', secure: true, maxAge: 604800 }],
    ]);
  });

  it('name the session __Host-ilt over HTTPS, with no Domain, and drop a plain one left from before', async () => {
    const cookies = await apiSetCookies('https://materials.example.com/', (jar, url) => writeSessionCookie(jar, token, url), `ilt=${'b'.repeat(43)}`);
    expect(cookies).toEqual([`__Host-ilt=${token}; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax`, expect.stringMatching(/^ilt=; Max-Age=0; Path=\//)]);
    expect(cookies.join('\n')).not.toMatch(/Domain=/i);
    expect(pageCalls((jar, url) => writeSessionCookie(jar, token, url), 'https://materials.example.com/', { ilt: 'old' })).toEqual([
      ['set', '__Host-ilt', token, { path: '/', httpOnly: true, sameSite: 'lax', secure: true, maxAge: 604800 }],
      ['delete', 'ilt', { path: '/' }],
    ]);
  });

  it('read the session from __Host-ilt, and from the plain name only over plain HTTP', () => {
    const secure = 's'.repeat(43);
    const plain = 'p'.repeat(43);
    expect(readSessionToken(`lang=en; __Host-ilt=${secure}`, null, true)).toBe(secure);
    expect(readSessionToken(`ilt=${plain}`, null, true)).toBeNull();
    expect(readSessionToken(`ilt=${plain}; __Host-ilt=${secure}`, null, true)).toBe(secure);
    expect(readSessionToken(`ilt=${plain}`, null, false)).toBe(plain);
    expect(readSessionToken(`ilt=${plain}; __Host-ilt=${secure}`, null, false)).toBe(secure);
    expect(readSessionToken(null, `Bearer ${plain}`, true)).toBe(plain);
    expect([hasSessionCookie(`__Host-ilt=${secure}`), hasSessionCookie(`ilt=${plain}`), hasSessionCookie('lang=en; x-ilt=1')]).toEqual([true, true, false]);
  });

  it('keep a share grant in a cookie of that share, until the grant expires', async () => {
    const [set] = await apiSetCookies('http://localhost/', (jar, url) => writeShareGrant(jar, 'S1', grant, url));
    expect(set).toBe(`sg_S1=123.sig; Path=/; Expires=${grant.expires.toUTCString()}; HttpOnly; SameSite=Lax`);
    expect(pageCalls((jar, url) => writeShareGrant(jar, 'S1', grant, url), 'http://localhost/')).toEqual([
      ['set', 'sg_S1', '123.sig', { path: '/', httpOnly: true, sameSite: 'lax', secure: false, expires: grant.expires }],
    ]);
    const api = new Hono().get('/', (c) => c.text(`${readShareGrant(honoCookies(c), 'S1')}|${readShareGrant(honoCookies(c), 'S2')}`));
    expect(await (await api.request('/', { headers: { cookie: 'sg_S1=123.sig; sg_S3=x' } })).text()).toBe('123.sig|undefined');
  });

  it('clear the session on the whole site', async () => {
    const [cleared] = await apiSetCookies('http://localhost/', (jar, url) => clearSessionCookie(jar, url));
    expect(cleared).toMatch(/^ilt=; Max-Age=0; Path=\//);
    expect(pageCalls((jar, url) => clearSessionCookie(jar, url), 'http://localhost/')).toEqual([['delete', 'ilt', { path: '/' }]]);
    const tls = await apiSetCookies('https://localhost/', (jar, url) => clearSessionCookie(jar, url));
    expect(tls).toEqual([expect.stringMatching(/^__Host-ilt=; Max-Age=0; Path=\/.*; Secure/)]);
    expect(pageCalls((jar, url) => clearSessionCookie(jar, url), 'https://localhost/', { ilt: 'old' })).toEqual([
      ['delete', '__Host-ilt', { path: '/', secure: true }],
      ['delete', 'ilt', { path: '/' }],
    ]);
  });
});
