import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../env';
import { isSameOrigin } from './same-origin';

afterEach(() => {
  delete process.env.PUBLIC_ORIGIN;
  resetEnvCache();
});

describe('isSameOrigin without Sec-Fetch-Site', () => {
  it('compares the scheme as well as the host', () => {
    expect(isSameOrigin(undefined, 'https://matlib.example', 'https://matlib.example/profile/info')).toBe(true);
    expect(isSameOrigin(undefined, 'http://matlib.example', 'https://matlib.example/profile/info')).toBe(false);
    expect(isSameOrigin(undefined, 'https://matlib.example', 'http://matlib.example/profile/info')).toBe(false);
    expect(isSameOrigin(undefined, 'https://matlib.example:8443', 'https://matlib.example/profile/info')).toBe(false);
  });

  it('expects HTTPS behind a TLS proxy that PUBLIC_ORIGIN names, where the request itself is plain HTTP', () => {
    process.env.PUBLIC_ORIGIN = 'https://matlib.example';
    resetEnvCache();
    expect(isSameOrigin(undefined, 'https://matlib.example', 'http://matlib.example/profile/info')).toBe(true);
    expect(isSameOrigin(undefined, 'http://matlib.example', 'http://matlib.example/profile/info')).toBe(false);
  });
});
