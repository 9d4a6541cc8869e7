/**
 * Sessions offered in a page URL (docs/product/routes.md#route-guard): what the guard does with `ilt` and a hand-off `token` before the
 * page renders. Only a live session is taken, and it is taken without asking only for a navigation from this site
 * or the user while nobody else is signed in here.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHandOffToken } from '../../src/lib/server/identity/hand-off-session';
import { findSession } from '../../src/lib/server/identity/find-session';
import { revokeSession } from '../../src/lib/server/identity/revoke-session';
import { takeUrlSession } from '../../src/lib/server/pages/url-session';
import { createSession, createUser } from '../fixtures/identity';

const site = 'http://matlib.test';
const visit = (path: string, headers: Record<string, string> = {}, handOff = true) => takeUrlSession(new URL(path, site), new Headers(headers), { handOff });
const switchPage = (token: string, next: string) => `/switch-account?${new URLSearchParams({ ilt: token, redirect: next })}`;

describe('an ilt query', () => {
  it('sets no cookie for a token that is no session, or no longer one', async () => {
    const random = randomBytes(32).toString('base64url');
    expect(await visit(`/sample-bag?ilt=${random}&tab=1`)).toEqual({ location: '/sample-bag?tab=1' });
    const user = await createUser();
    const revoked = await createSession(user);
    await revokeSession(revoked);
    expect(await visit(`/home?ilt=${revoked}`)).toEqual({ location: '/home' });
    const idle = await createSession(user, { lastSeenAt: new Date(Date.now() - 3 * 60 * 60 * 1000) });
    expect(await visit(`/home?ilt=${idle}`)).toEqual({ location: '/home' });
  });

  it('becomes the session straight away when this site or a host app opened it', async () => {
    const token = await createSession(await createUser());
    // A host app's web view sends no Sec-Fetch-Site, or `none` with its own user agent.
    const teams = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Teams/24000.0.0.0 Edg/120.0';
    for (const headers of [{}, { 'sec-fetch-site': 'none', 'user-agent': teams }, { 'sec-fetch-site': 'same-origin' }, { referer: `${site}/home` }] as Record<string, string>[]) {
      expect(await visit(`/home?ilt=${token}&tab=new`, headers)).toEqual({ location: '/home?tab=new', token });
    }
  });

  it('waits for a yes when a browser opened it from outside (a link in mail or chat), whatever host the link names', async () => {
    const token = await createSession(await createUser());
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    for (const path of [`/home?ilt=${token}`, `/home?ilt=${token}&host=teams`]) {
      const step = await visit(path, { 'sec-fetch-site': 'none', 'user-agent': chrome });
      expect(step?.token, path).toBeUndefined();
      expect(new URL(step!.location, site).pathname).toBe('/switch-account');
    }
  });

  it('waits for a yes on the switch page when another site opened it', async () => {
    const token = await createSession(await createUser());
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { referer: 'https://elsewhere.example/page' }, { origin: 'null' }] as Record<string, string>[]) {
      expect(await visit(`/sample-bag?ilt=${token}`, headers)).toEqual({ location: switchPage(token, '/sample-bag') });
    }
  });

  it('waits for a yes when someone else is signed in in this browser, not when it is the same user', async () => {
    const user = await createUser();
    const token = await createSession(user);
    const other = await createSession(await createUser());
    expect(await visit(`/home?ilt=${token}`, { cookie: `ilt=${other}` })).toEqual({ location: switchPage(token, '/home') });
    const mine = await createSession(user);
    expect(await visit(`/home?ilt=${token}`, { cookie: `ilt=${mine}` })).toEqual({ location: '/home', token });
  });

  it('leaves a malformed token, or none, alone', async () => {
    expect(await visit('/home?ilt=short')).toBeNull();
    expect(await visit('/home')).toBeNull();
  });
});

describe('a hand-off token query', () => {
  it('is exchanged, and the new session waits for a yes when another site opened the link', async () => {
    const user = await createUser();
    const handOff = await createHandOffToken(user.id, user.companyId);
    const step = await visit(`/sample-bag?token=${handOff}&_companyId=${user.companyId}&tab=1`, { 'sec-fetch-site': 'cross-site' });
    expect(step?.token).toBeUndefined();
    const offered = new URL(step!.location, site);
    expect(offered.pathname).toBe('/switch-account');
    expect(offered.searchParams.get('redirect')).toBe('/sample-bag?tab=1');
    const session = offered.searchParams.get('ilt')!;
    expect(session).not.toBe(handOff);
    expect((await findSession(session))?.user.id).toBe(user.id);
  });

  it('becomes the session straight away when opened from here, and sends a spent one to login', async () => {
    const user = await createUser();
    const handOff = await createHandOffToken(user.id, null);
    const step = await visit(`/sample-bag?token=${handOff}`, { 'sec-fetch-site': 'same-origin' });
    expect(step?.location).toBe('/sample-bag');
    expect((await findSession(step!.token!))?.user.id).toBe(user.id);
    expect(await visit(`/sample-bag?token=${handOff}`)).toEqual({ location: '/login?redirect=%2Fsample-bag' });
  });

  it('waits for a yes when someone else is signed in here, and is left alone on public routes', async () => {
    const user = await createUser();
    const other = await createSession(await createUser());
    const handOff = await createHandOffToken(user.id, null);
    expect(await visit(`/logout?token=${handOff}`, {}, false)).toBeNull();
    const step = await visit(`/sample-bag?token=${handOff}`, { cookie: `ilt=${other}` });
    expect(step?.token).toBeUndefined();
    expect(step?.location).toMatch(/^\/switch-account\?ilt=/);
  });
});
