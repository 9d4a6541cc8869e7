import { describe, expect, it } from 'vitest';
import { detectHost, environmentOf, hintOfHost, hintOfPath, isHostAppUserAgent, materialDetailPath } from './host';
import { supplierPath, pathForRole } from './supplier-path';
import { badgeText, currencySymbol, currencySymbolOf, formatFileSize, timezoneOffset } from './constants';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const host = (userAgent: string, url = 'https://materials.example.com/home') => detectHost({ userAgent, url: new URL(url) });

describe('host detection', () => {
  it('selects the terminal id by host type', () => {
    expect(host(CHROME)).toMatchObject({ type: 'browser', terminalId: '208', mobile: false });
    expect(host(`${CHROME} Teams/1.7`)).toMatchObject({ type: 'teamsDesktop', terminalId: '211' });
    expect(host(`${IPHONE} Teams/1.7`)).toMatchObject({ type: 'teamsMobile', mobile: true });
    expect(host(`${IPHONE} miniProgram`).type).toBe('miniProgram');
    expect(host(CHROME, 'https://m.example.com/clo/material-store').type).toBe('clo');
    expect(host(CHROME, 'https://m.example.com/design-suite/material-store').type).toBe('designPlugin');
  });

  it('routes material detail per host (docs/product/routes.md#detail-routing)', () => {
    expect(materialDetailPath(host(CHROME))).toBe('/material/detail');
    // A phone's own browser gets the responsive detail page; the mini-program web view gets the phone counterpart.
    expect(materialDetailPath(host(IPHONE))).toBe('/material/detail');
    expect(materialDetailPath(host(`${IPHONE} miniProgram`))).toBe('/mobile/detail');
    expect(materialDetailPath(host(CHROME, 'https://x.example/clo/material-store'))).toBe('/mobile/detail');
    expect(materialDetailPath(host(CHROME, 'https://overseas.example.com/'))).toBe('/material/detail');
    expect(materialDetailPath(host(`${IPHONE} Teams/1.7`))).toBe('/mobile/detail');
    expect(materialDetailPath(host(`${CHROME} Teams/1.7`))).toBe('/ms-teams/material/detail');
    expect(host(CHROME, 'https://x.example/clo/material-store').merchantNavigation).toBe(false);
  });

  it('keeps a host named once for the rest of the visit: the query, a host path, then the kept hint', () => {
    const at = (url: string, hint?: string) => detectHost({ userAgent: CHROME, url: new URL(url), hint });
    expect(at('https://m.example.com/main/material-store?host=clo').type).toBe('clo');
    expect(at('https://m.example.com/material/detail?materialId=1', 'clo').type).toBe('clo');
    expect(at('https://m.example.com/material/detail?materialId=1', 'plugin').type).toBe('designPlugin');
    // The URL wins over what was kept; an unknown hint is nothing.
    expect(at('https://m.example.com/x?host=plugin', 'clo').type).toBe('designPlugin');
    expect(at('https://m.example.com/design-suite/material-store', 'clo').type).toBe('designPlugin');
    expect(at('https://m.example.com/x', 'constructor').type).toBe('browser');
    expect(at('https://m.example.com/x?host=__proto__').type).toBe('browser');
    expect(hintOfPath('/clo/material-store')).toBe('clo');
    expect(hintOfPath('/ms-teams/ms-auth')).toBe('teams');
    expect(hintOfPath('/main/material-store')).toBeNull();
    expect(hintOfHost('teamsMobile')).toBe('teams');
    expect(hintOfHost('browser')).toBeNull();
    expect(at('https://m.example.com/x', 'plugin').merchantNavigation).toBe(false);
  });

  it('serves the market the operator set over the domain’s', () => {
    expect(detectHost({ userAgent: CHROME, url: new URL('https://materials.example.com/'), market: 2 })).toMatchObject({ marketType: 2, overseas: true });
    expect(detectHost({ userAgent: CHROME, url: new URL('https://overseas.example.com/'), market: 1 })).toMatchObject({ marketType: 1, overseas: false });
    expect(currencySymbolOf('USD')).toBe('$');
    expect(currencySymbolOf('CNY')).toBe('¥');
  });

  it('chooses the environment and market from the host name', () => {
    expect(environmentOf('localhost')).toBe('development');
    expect(environmentOf('staging.materials.example.com')).toBe('staging');
    expect(environmentOf('uat.materials.example.com')).toBe('uat');
    expect(environmentOf('materials.example.com')).toBe('production');
    expect(host(CHROME, 'https://overseas.example.com/').marketType).toBe(2);
    expect(currencySymbol(2)).toBe('$');
    expect(currencySymbol(1)).toBe('¥');
  });
});

describe('host apps by user agent', () => {
  it('knows each host app by its user agent alone, and a browser as none of them', () => {
    for (const ua of ['Mozilla/5.0 Teams/24000.0 Edg/120', 'Mozilla/5.0 miniProgram', 'CLO3D/7.2', 'Mozilla/5.0 UXP/7.1', 'MatlibApp/3.1 (iPhone)']) {
      expect(isHostAppUserAgent(ua), ua).toBe(true);
      // The same hosts detectHost names from the user agent.
      expect(detectHost({ userAgent: ua, url: new URL('https://matlib.example/home') }).type, ua).not.toBe('browser');
    }
    expect(isHostAppUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe(false);
  });
});

describe('supplier paths (docs/product/routes.md#roles)', () => {
  it('insert the supplier segment after the service prefix, once', () => {
    expect(supplierPath('/idealab-material/collect/folder/add')).toBe('/idealab-material/supplier/collect/folder/add');
    expect(supplierPath('/api/idealab-material/color/card/book/list')).toBe('/api/idealab-material/supplier/color/card/book/list');
    expect(supplierPath('/idealab-material/supplier/color/card/book/list')).toBe('/idealab-material/supplier/color/card/book/list');
    expect(pathForRole('/idealab-material/collect/list', 1)).toBe('/idealab-material/collect/list');
    expect(pathForRole('/idealab-material/collect/list', 2)).toBe('/idealab-material/supplier/collect/list');
  });
});

describe('formatting constants (docs/product/constants.md)', () => {
  it('caps the badge at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('shows file sizes with one decimal', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_073_741_824)).toBe('1.0 GB');
  });
  it('sends the timezone as a signed hh:mm offset', () => {
    expect(timezoneOffset({ getTimezoneOffset: () => -480 } as Date)).toBe('+08:00');
    expect(timezoneOffset({ getTimezoneOffset: () => 330 } as Date)).toBe('-05:30');
  });
});
