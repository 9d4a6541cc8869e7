import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorPageUrl, isBuilt, loginUrl, matchRoute, ROUTES, safeRedirect, type Access } from './routes';

const PAGES = path.resolve(import.meta.dirname, '../pages');
/** Static page files only: `[code].astro` answers any single segment and proves no route is built. */
const pageFiles = (readdirSync(PAGES, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.astro') && !f.includes('['));
const hasPage = (route: { path: string; prefix?: boolean }) => {
  const base = route.path.slice(1);
  if (existsSync(path.join(PAGES, `${base}.astro`)) || existsSync(path.join(PAGES, base, 'index.astro'))) return true;
  return route.prefix === true && pageFiles.some((f) => f.startsWith(`${base}/`));
};

describe('routes without a page', () => {
  it('are exactly the ones marked not built', () => {
    const pages = ROUTES.filter((r) => r.access !== 'public' && r.path !== '/');
    expect(pages.filter((r) => !hasPage(r) && !r.notBuilt).map((r) => r.path), 'a route with no page must be marked notBuilt').toEqual([]);
    expect(pages.filter((r) => hasPage(r) && r.notBuilt).map((r) => r.path), 'a built page must lose its notBuilt mark').toEqual([]);
  });

  it('are never linked to or redirected to', () => {
    expect(isBuilt('/main/material-store?categoryId=3')).toBe(true);
    expect(isBuilt('/main/plugin-center/download')).toBe(true);
    expect(isBuilt('/policy/privacy')).toBe(true);
    expect(isBuilt('/design-suite/material-store')).toBe(true);
    expect(isBuilt('/something-new')).toBe(false);
    expect(safeRedirect('/ms-teams/ms-auth')).toBe('/ms-teams/ms-auth');
    expect(safeRedirect('/news?group=samples')).toBe('/news?group=samples');
  });
});


describe('the route table', () => {
  it.each<[Access, string[]]>([
    ['public', ['/', '/api/health']],
    ['open', ['/home', '/main/material-store', '/material/detail', '/search/materials', '/login', '/help-center/article/how-to-search']],
    // The mobile pages, the share landing and the error pages.
    ['open', ['/mobile/detail', '/qrcodeShare', '/404', '/500/']],
    // The host apps' pages, and a material opened by a link.
    ['open', ['/design-suite/material-store', '/clo/material-store', '/ms-teams/material/detail', '/ms-teams/ms-auth', '/ms-teams/ms-contact-us', '/material/pass']],
    ['login', ['/ms-teams/merchant/detail', '/enterprise-library']],
    ['login', ['/main/collection/folders', '/sample-bag', '/profile/vip-center']],
    // Everything not listed needs a login, even a path that starts like a listed one.
    ['login', ['/something-new', '/homework']],
  ])('%s access for %j', (access, paths) => {
    for (const path of paths) expect(matchRoute(path).access, path).toBe(access);
  });

  it('lets a frozen account log out', () => {
    expect(matchRoute('/logout').allowFrozen).toBe(true);
  });

  it('prefers the most specific route', () => {
    expect(matchRoute('/main/plugin-center/download').access).toBe('open');
    expect(matchRoute('/main/anything-else').access).toBe('login');
    expect(matchRoute('/logoff/cancel').allowFrozen).toBe(true);
    expect(matchRoute('/logoff/main').allowFrozen).toBeUndefined();
  });

  it.each([
    ['/main/collection/folders', '0600'],
    ['/applyRecordBuyer', '1000'],
  ])('gives %s the menu code %s', (path, menu) => {
    expect(matchRoute(path).menu).toBe(menu);
  });

  it.each([
    ['/material/detail', '/mobile/detail'],
    ['/buyer/share', '/mobile/share'],
    ['/login', undefined],
    ['/main/material-store', undefined],
  ])('gives %s the mobile counterpart %s', (path, mobile) => {
    expect(matchRoute(path).mobile).toBe(mobile);
  });

  it('keeps only the supplier editor desktop-only', () => {
    expect(ROUTES.filter((r) => r.desktopOnly).map((r) => r.path)).toEqual(['/supplier/material/edit']);
  });
});

describe('redirect targets', () => {
  it.each(['/sample-bag?x=1#top', '/main/collection/folders'])('follows the same-site path to a known route %s', (target) => {
    expect(safeRedirect(target)).toBe(target);
  });

  it.each(['//evil.example/home', 'https://evil.example/', '/\\evil.example', '/no-such-page', '/login?redirect=/home', '/api/health', null])(
    'goes home instead of to %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/home');
    },
  );

  it('builds the login and error page URLs', () => {
    expect(loginUrl('/sample-bag?a=1', 'Please log in', 100401)).toBe('/login?redirect=%2Fsample-bag%3Fa%3D1&message=Please+log+in&code=100401');
    expect(errorPageUrl(404, 'gone')).toBe('/404?code=404&message=gone');
  });
});
