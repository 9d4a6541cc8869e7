import { describe, expect, it } from 'vitest';
import { errorPageUrl, loginUrl, matchRoute, safeRedirect } from './routes';

describe('the route table', () => {
  it('applies the §4 access rules', () => {
    expect(matchRoute('/').access).toBe('public');
    expect(matchRoute('/home').access).toBe('open');
    expect(matchRoute('/main/material-store').access).toBe('open');
    expect(matchRoute('/material/detail').access).toBe('open');
    expect(matchRoute('/search/materials').access).toBe('open');
    expect(matchRoute('/main/collection/folders').access).toBe('login');
    expect(matchRoute('/sample-bag').access).toBe('login');
    expect(matchRoute('/profile/vip-center').access).toBe('login');
    expect(matchRoute('/login').access).toBe('open');
    expect(matchRoute('/help-center/article/how-to-search').access).toBe('open');
    expect(matchRoute('/mobile/detail').access).toBe('open');
    expect(matchRoute('/qrcodeShare').access).toBe('open');
    expect(matchRoute('/404').access).toBe('open');
    expect(matchRoute('/500/').access).toBe('open');
    expect(matchRoute('/api/health').access).toBe('public');
    expect(matchRoute('/logout').allowFrozen).toBe(true);
  });

  it('treats unknown pages as login-required (everything except the listed ones)', () => {
    expect(matchRoute('/something-new').access).toBe('login');
    expect(matchRoute('/homework').access).toBe('login');
  });

  it('prefers the most specific route', () => {
    expect(matchRoute('/main/plugin-center/download').access).toBe('open');
    expect(matchRoute('/main/anything-else').access).toBe('login');
    expect(matchRoute('/logoff/cancel').allowFrozen).toBe(true);
    expect(matchRoute('/logoff/main').allowFrozen).toBeUndefined();
  });

  it('knows each page’s menu code and mobile counterpart', () => {
    expect(matchRoute('/main/collection/folders').menu).toBe('0600');
    expect(matchRoute('/applyRecordBuyer').menu).toBe('1000');
    expect(matchRoute('/material/detail').mobile).toBe('/mobile/detail');
    expect(matchRoute('/buyer/share').mobile).toBe('/mobile/share');
    expect(matchRoute('/login').mobile).toBe(false);
    expect(matchRoute('/main/material-store').mobile).toBeUndefined();
  });
});

describe('redirect targets', () => {
  it('follows same-site paths to known routes only', () => {
    expect(safeRedirect('/sample-bag?x=1#top')).toBe('/sample-bag?x=1#top');
    expect(safeRedirect('/main/collection/folders')).toBe('/main/collection/folders');
    expect(safeRedirect('//evil.example/home')).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect('/no-such-page')).toBe('/home');
    expect(safeRedirect('/login?redirect=/home')).toBe('/home');
    expect(safeRedirect('/api/health')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });

  it('builds the login and error page URLs of §8', () => {
    expect(loginUrl('/sample-bag?a=1', 'Please log in', 100401)).toBe('/login?redirect=%2Fsample-bag%3Fa%3D1&message=Please+log+in&code=100401');
    expect(errorPageUrl(404, 'gone')).toBe('/404?code=404&message=gone');
  });
});
