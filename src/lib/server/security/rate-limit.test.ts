import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '../env';
import { consumeLimit, LIMITS, limitOf, limitSettings, limitVariable, rateLimitHeaders, RateLimitedError, reportLimits, resetLimiters, type LimitReport } from './rate-limit';

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetLimiters();
}
afterEach(() => setEnv({ RATE_LIMIT_CONTACT_IP: undefined, RATE_LIMIT_CODE_ACOUNT: undefined, RATE_LIMIT_CODE_ACCOUNT_IP: undefined }));

describe('rate limit settings', () => {
  it('name one variable per limit', () => {
    expect(limitVariable('code.accountIp')).toBe('RATE_LIMIT_CODE_ACCOUNT_IP');
    expect(limitVariable('login.ip')).toBe('RATE_LIMIT_LOGIN_IP');
    const variables = Object.keys(LIMITS).map(limitVariable);
    expect(new Set(variables).size).toBe(variables.length);
    expect(variables).not.toContain('RATE_LIMIT_STORE');
  });

  it('take points/seconds from the environment, and the default otherwise', async () => {
    setEnv({ RATE_LIMIT_CONTACT_IP: '2/60' });
    expect(limitOf('contact.ip')).toEqual({ points: 2, duration: 60 });
    expect(limitOf('login.ip')).toEqual(LIMITS['login.ip']);
    await consumeLimit('contact.ip', 'settings-test');
    await consumeLimit('contact.ip', 'settings-test');
    await expect(consumeLimit('contact.ip', 'settings-test')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it.each([['5'], ['0/60'], ['5/0'], ['five/60'], ['5/60/2'], ['-1/60']])('refuse %s at start with the variable and the expected form', (value) => {
    setEnv({ RATE_LIMIT_CODE_ACCOUNT_IP: value });
    expect(() => env()).toThrow(/RATE_LIMIT_CODE_ACCOUNT_IP: .*(points\/seconds|at least)/);
  });

  it('are each listed in docs/operations.md with their default and variable', () => {
    const operations = readFileSync('docs/operations.md', 'utf8');
    for (const [name, { points, duration }] of Object.entries(LIMITS)) {
      expect(operations, name).toMatch(new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\|.*\\| \`${points}/${duration}\` \\| \`${limitVariable(name)}\` \\|$`, 'm'));
    }
  });

  it('refuse a variable that names no limit, so a typo is not silently ignored', () => {
    setEnv({ RATE_LIMIT_CODE_ACOUNT: '5/60' });
    expect(() => limitSettings()).toThrow(/RATE_LIMIT_CODE_ACOUNT: no rate limit has this name/);
  });
});

describe('the RateLimit headers', () => {
  it('list every limit the request met, as the httpapi draft writes them', async () => {
    const report: LimitReport = new Map();
    await reportLimits(report, async () => {
      await consumeLimit('contact.ip', 'headers-test');
      await consumeLimit('code.ip', 'headers-test');
    });
    const fields = rateLimitHeaders(report)!;
    expect(fields['RateLimit-Policy']).toBe(`"contact.ip";q=${LIMITS['contact.ip'].points};w=${LIMITS['contact.ip'].duration}, "code.ip";q=30;w=3600`);
    expect(fields.RateLimit).toMatch(new RegExp(`^"contact\\.ip";r=${LIMITS['contact.ip'].points - 1};t=\\d+, "code\\.ip";r=29;t=(3600|3599)$`));
    expect(rateLimitHeaders(new Map())).toBeNull();
  });
});
