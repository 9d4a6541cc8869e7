import ExcelJS from 'exceljs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { makeZip } from './src/lib/server/material-files/testing/make-zip';
import { inlineRow, sheetXml, workbookParts } from './src/lib/server/material-import/testing/xlsx-fixtures';
const url = 'http://127.0.0.1:4346';
const login = await (await fetch(`${url}/api/idealab-material/passport/login/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'supplier@matlib.demo', password: 'matlib-demo' }) })).json() as any;
const session = login.data.token;
const company = login.data.companies.find((c: any) => c.isCompanyAdmin && !c.isPersonal);
await fetch(`${url}/api/idealab-material/passport/select-company?companyId=${company.id}`, { headers: { authorization: `Bearer ${session}` } });
async function check(label: string, bytes: Uint8Array, name: string) {
  const form = new FormData(); form.set('file', new File([new Uint8Array(bytes)], name));
  const t = performance.now();
  // While the sheet is read, how long the server takes to answer its health check, again and again.
  let worst = 0, answered = 0, done = false;
  const probe = (async () => { while (!done) { const s = performance.now(); await fetch(`${url}/api/health`); worst = Math.max(worst, performance.now() - s); answered++; } })();
  const res = await fetch(`${url}/api/idealab-material/v2/material/import/check`, { method: 'POST', headers: { authorization: `Bearer ${session}`, 'accept-language': 'en' }, body: form });
  const body = await res.json() as any;
  done = true; await probe;
  console.log(`${label}: ${(bytes.byteLength / 1048576).toFixed(2)} MB -> ${res.status} ${res.status === 200 ? `${body.data?.total ?? ''} rows checked` : body.msg} | ${(performance.now() - t).toFixed(0)} ms | health answered ${answered} times, slowest ${worst.toFixed(0)} ms`);
}
const wb = new ExcelJS.Workbook(); const ws = wb.addWorksheet('M'); ws.addRow(['货号', '中文名称']); for (let i = 0; i < 200; i++) ws.addRow([`P-${i}`, '斜纹']);
await check('valid 200-row xlsx', new Uint8Array(await wb.xlsx.writeBuffer()), 'ok.xlsx');
await check('1 MB xlsx, zero-filled 1 GB media entry', makeZip(workbookParts(sheetXml(inlineRow(1, ['货号']) + inlineRow(2, ['P-2'])), { extra: [{ name: 'xl/media/image1.png', data: Buffer.alloc(1024 ** 3) }] })), 'media.xlsx');
await check('1 MB xlsx, zero-filled 1 GB xml part', makeZip(workbookParts(sheetXml(inlineRow(1, ['货号']) + inlineRow(2, ['P-2'])), { extra: [{ name: 'docProps/custom.xml', data: Buffer.alloc(1024 ** 3) }] })), 'bomb.xlsx');
const rows = Array.from({ length: 400_000 }, (_, i) => inlineRow(i + 2, [`P-${i}`])).join('');
await check('400,000-row xlsx', makeZip(workbookParts(sheetXml(inlineRow(1, ['货号']) + rows))), 'many.xlsx');
await check('400,000-row csv', Buffer.from(`货号\n${'P-1\n'.repeat(400_000)}`), 'many.csv');
await check('csv with a 9M-char quoted field', Buffer.from(`货号,中文名称\nP-1,"${'x'.repeat(9_000_000)}"\n`), 'long.csv');
