/**
 * The API document as tools take it (docs/product/integrations.md#the-api-document), from a running server:
 * Redocly's recommended lint finds no error; every operation is named, secured and documents a failure; a
 * TypeScript client generated from it compiles with a program that uses it, and that program works against the
 * server with an API token.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startServer, tempDataDir, type ServerProcess } from './server-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: ServerProcess;
let document: { paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }>> };
const work = mkdtempSync(path.join(tmpdir(), 'matlib-client-'));

beforeAll(async () => {
  ensureBuilt();
  // With the demo catalogue and accounts, as `npm start` serves them.
  server = await startServer(tempDataDir(), { SEED_DEMO: 'always', SEED_MATERIALS: '12' });
  document = await (await fetch(`${server.url}/api/openapi.json`)).json();
  writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(document));
});
afterAll(() => server?.child.kill('SIGTERM'));

describe('the API document', () => {
  it('passes Redocly’s recommended lint without an error', () => {
    const lint = spawnSync(path.join(ROOT, 'node_modules/.bin/redocly'), ['lint', path.join(work, 'openapi.json'), '--format=json', '--max-problems=1000'], { cwd: work, encoding: 'utf8' });
    const problems = (JSON.parse(lint.stdout) as { problems: { ruleId: string; severity: string; message: string }[] }).problems;
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(lint.status).toBe(0);
  });

  it('names, secures and documents a failure for every operation', () => {
    const operations = Object.entries(document.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ at: `${method} ${p}`, ...op })));
    expect(operations.length).toBeGreaterThan(250);
    expect(operations.filter((op) => !op.operationId).map((op) => op.at)).toEqual([]);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    expect(operations.filter((op) => !op.security?.length).map((op) => op.at)).toEqual([]);
    expect(operations.filter((op) => !Object.keys(op.responses).some((status) => status.startsWith('4'))).map((op) => op.at)).toEqual([]);
  });

  it('generates a TypeScript client that compiles with a program using it', async () => {
    writeFileSync(path.join(work, 'schema.d.ts'), astToString(await openapiTS(JSON.stringify(document))));
    copyFileSync(path.join(import.meta.dirname, 'api-client/usage.ts'), path.join(work, 'usage.ts'));
    // openapi-fetch is resolved from this project, as an integrator's program would from theirs.
    writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', skipLibCheck: true, baseUrl: '.', paths: { 'openapi-fetch': [path.join(ROOT, 'node_modules/openapi-fetch')] } }, files: ['usage.ts'] }));
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', work], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});

/** What `api-client/usage.ts` exports; the program itself is typed by the generated client, outside this project. */
type Usage = {
  signInAsAdministrator(baseUrl: string, account: string, password: string): Promise<string>;
  createToken(baseUrl: string, session: string, name: string, scopes: string[]): Promise<{ token: string; id: number; hint: string }>;
  revokeToken(baseUrl: string, session: string, id: number): Promise<void>;
  useToken(baseUrl: string, token: string): Promise<Record<'store' | 'requests' | 'accept', { status: number; code?: number; materials?: number; total?: number | null; scope?: string }>>;
};

describe('the generated client', () => {
  it('calls the running server with an API token: reads what its scopes open, is refused a write, and stops when revoked', async () => {
    // Loaded by a path the type checker does not follow: `schema.d.ts` exists only where the test above wrote it.
    const program = path.join(import.meta.dirname, 'api-client/usage.ts');
    const { createToken, revokeToken, signInAsAdministrator, useToken } = (await import(/* @vite-ignore */ program)) as Usage;
    const session = await signInAsAdministrator(server.url, 'supplier@matlib.demo', 'matlib-demo');
    const { token, id, hint } = await createToken(server.url, session, 'Client test', ['catalogue:read', 'samples:read']);
    expect(token.endsWith(hint)).toBe(true);

    const used = await useToken(server.url, token);
    expect(used.store.status).toBe(200);
    expect(used.store.materials).toBeGreaterThan(0);
    expect(used.requests).toMatchObject({ status: 200 });
    expect(used.requests.total).toBeGreaterThanOrEqual(0);
    expect(used.accept).toEqual({ status: 403, code: 100403, scope: 'samples:write' });

    await revokeToken(server.url, session, id);
    const refused = await useToken(server.url, token);
    expect([refused.store.status, refused.requests.status, refused.accept.status]).toEqual([401, 401, 401]);
    expect(refused.store.code).toBe(100401);
  });
});
