/**
 * The bulk import's sheet reader in the production bundle (docs/product/integrations.md#bulk-import): the worker
 * thread it reads in ships beside the bundle, a sheet is read through it, and a zip bomb is refused by its directory
 * while the server keeps answering.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_IMPORT_MAX_ROWS } from '../../src/lib/contracts/material-import-rules';
import { MESSAGES } from '../../src/lib/i18n';
import { makeZip } from '../../src/lib/server/material-files/testing/make-zip';
import { inlineRow, sheetXml, workbookParts } from '../../src/lib/server/material-import/testing/xlsx-fixtures';
import { ensureBuilt, startServer, tempDataDir, type ServerProcess } from './server-process';

let server: ServerProcess;
let session: string;

beforeAll(async () => {
  ensureBuilt();
  server = await startServer(tempDataDir(), { SEED_DEMO: 'always', SEED_MATERIALS: '1' });
  const login = await fetch(`${server.url}/api/idealab-material/passport/login/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'supplier@matlib.demo', password: 'matlib-demo' }),
  });
  const { data } = (await login.json()) as { data: { token: string; companies: { id: number; isCompanyAdmin: boolean; isPersonal: boolean }[] } };
  session = data.token;
  const company = data.companies.find((c) => c.isCompanyAdmin && !c.isPersonal)!;
  const chosen = await fetch(`${server.url}/api/idealab-material/passport/select-company?companyId=${company.id}`, { headers: { authorization: `Bearer ${session}` } });
  expect(chosen.status).toBe(200);
});
afterAll(() => server?.child.kill('SIGTERM'));

async function check(bytes: Uint8Array, name: string): Promise<{ status: number; body: { code: number; msg: string; data?: { total?: number } } }> {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name));
  const res = await fetch(`${server.url}/api/idealab-material/v2/material/import/check`, { method: 'POST', headers: { authorization: `Bearer ${session}`, 'accept-language': 'en' }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('the import sheet reader in the built server', () => {
  it('reads a sheet in its worker thread, and refuses a zip bomb and a sheet past the row limit while pages answer', async () => {
    // Every file is made before the first request: making them blocks this process for seconds, longer than the
    // server keeps an idle connection, and a connection it closed meanwhile would be reused for the next request.
    const bomb = makeZip(workbookParts(sheetXml(inlineRow(1, ['货号']) + inlineRow(2, ['P-2'])), { extra: [{ name: 'docProps/custom.xml', data: Buffer.alloc(1024 ** 3) }] }));
    const rows = Array.from({ length: MATERIAL_IMPORT_MAX_ROWS + 1 }, (_, i) => inlineRow(i + 2, [`P-${i}`])).join('');
    const pastTheLimit = makeZip(workbookParts(sheetXml(inlineRow(1, ['货号']) + rows)));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Materials');
    sheet.addRow(['货号', '中文名称']);
    sheet.addRow(['P-1', '斜纹']);
    const read = await check(new Uint8Array(await workbook.xlsx.writeBuffer()), 'materials.xlsx');
    expect(read.status, JSON.stringify(read.body)).toBe(200);

    const v = MESSAGES.en.validation;
    // The penetration test's file: a megabyte of zeros that inflates to a gigabyte.
    const [refused, health] = await Promise.all([check(bomb, 'bomb.xlsx'), fetch(`${server.url}/api/health`)]);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(v.importSheetInflatesTooMuch.replace('{{max}}', '128'));
    expect(health.status).toBe(200);

    const many = await check(pastTheLimit, 'many.xlsx');
    expect(many.body.msg).toBe(v.importSheetTooManyRows.replace('{{max}}', String(MATERIAL_IMPORT_MAX_ROWS)));
    expect(server.output()).not.toMatch(/import sheet worker exited|Cannot find module/);
  });
});
