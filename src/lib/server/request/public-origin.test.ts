import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '../env';
import { configuredOrigin, publicOriginFor, publicUrl, setListenPort } from './public-origin';

const saved = { NODE_ENV: process.env.NODE_ENV, PORT: process.env.PORT };
function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
afterEach(() => {
  setEnv({ ...saved, PUBLIC_ORIGIN: undefined, ALLOWED_HOSTS: undefined });
  setListenPort(Number(env().PORT));
});

const origin = (url: string) => publicOriginFor(new URL(url));

describe('the origin of absolute links', () => {
  it('in production without PUBLIC_ORIGIN, keeps its own port on localhost and never follows another Host', () => {
    setEnv({ NODE_ENV: 'production', PORT: '4321' });
    setListenPort(4321);
    expect(origin('http://localhost:4321/home')).toBe('http://localhost:4321');
    expect(origin('http://127.0.0.1:4321/home')).toBe('http://127.0.0.1:4321');
    expect(origin('http://evil.example/home')).toBe('http://localhost:4321');
    expect(origin('http://localhost:9999/home')).toBe('http://localhost:4321');
    expect(publicUrl(new URL('http://evil.example/material/detail?id=7')).href).toBe('http://localhost:4321/material/detail?id=7');
    expect(configuredOrigin()).toBe('http://localhost:4321');
  });

  it('answers on the hosts ALLOWED_HOSTS names, and sends any other Host to the first of them', () => {
    setEnv({ NODE_ENV: 'production', ALLOWED_HOSTS: 'Materials.example.com, shop.example.com:8080' });
    expect(origin('https://materials.example.com/x')).toBe('https://materials.example.com');
    expect(origin('http://shop.example.com:8080/x')).toBe('http://shop.example.com:8080');
    expect(origin('https://evil.example/x')).toBe('https://materials.example.com');
    expect(configuredOrigin()).toBe('http://materials.example.com');
  });

  it('follows the port the server really listens on', () => {
    setEnv({ NODE_ENV: 'production', PORT: '0' });
    setListenPort(53123);
    expect(origin('http://127.0.0.1:53123/')).toBe('http://127.0.0.1:53123');
    expect(origin('http://evil.example/')).toBe('http://localhost:53123');
  });

  it('is PUBLIC_ORIGIN whenever it is set', () => {
    setEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://materials.example.com/' });
    expect(origin('http://localhost:4321/')).toBe('https://materials.example.com');
    expect(configuredOrigin()).toBe('https://materials.example.com');
  });

  it('follows the request in development', () => {
    setEnv({ NODE_ENV: 'development' });
    expect(origin('http://192.168.1.20:4321/')).toBe('http://192.168.1.20:4321');
  });

  it('refuses an ALLOWED_HOSTS entry that is not a host', () => {
    setEnv({ ALLOWED_HOSTS: 'https://materials.example.com' });
    expect(() => env()).toThrow(/ALLOWED_HOSTS/);
  });
});
