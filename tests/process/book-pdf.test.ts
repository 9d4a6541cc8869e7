/**
 * The material-book PDF in the production bundle (docs/product/material-books.md#pdf): it is drawn on a worker thread
 * whose file must ship beside whichever chunk of the build opens it, so only the built server shows it is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';
import { startFixtureServer } from './fixture-server';

let server: Awaited<ReturnType<typeof startFixtureServer>>;

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(() => server.stop());

describe('the material-book PDF in the built server', () => {
  it('is drawn on its worker thread and answered as a PDF', async () => {
    await seedReferenceData();
    const maker = await createEnterprise({ company: { corpCerStatus: 2 } });
    const material = await createMaterial(maker.companyId, 'twill');
    const api = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/idealab-material${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${maker.adminToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { data: { id: number } }).data;
    };
    const book = await api('/material/book/add', { name: '打印版' });
    await api('/material/book/edit', { id: book.id, introduction: 'intro', coverMaterialId: null, materialIds: [material.id] });
    await api('/open/market/v1.4/materalbook/batch/on', { ids: [book.id] });

    const pdf = await fetch(`${server.url}/api/idealab-material/material/book/pdf?id=${book.id}`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(server.output()).not.toMatch(/Cannot find module/);
  });
});
