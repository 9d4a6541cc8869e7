/** The timing half of bench/material-import.ts, against the database the environment names. */
import ExcelJS from 'exceljs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { getDb } from '../src/lib/server/db/client';
import { companies, materialImports, users } from '../src/lib/server/db/schema';
import { checkMaterialImport } from '../src/lib/server/material-import/check-material-import';
import { getMaterialImport } from '../src/lib/server/material-import/get-material-import';
import { runMaterialImport } from '../src/lib/server/material-import/run-material-import';
import { startMaterialImport } from '../src/lib/server/material-import/start-material-import';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { DEMO_ACCOUNTS } from '../src/lib/server/seed/demo-accounts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' }, label: { type: 'string', default: '' } } });
const rows = Number(values.rows);
const runtime = await bootRuntime();

// Peak memory, sampled while each step runs (RSS as the OS sees the process, and the V8 heap in use).
let peak = { rss: 0, heap: 0 };
const sample = () => {
  const m = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) };
};
const sampler = setInterval(sample, 20);
const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  global.gc?.();
  peak = { rss: 0, heap: 0 };
  sample();
  const started = performance.now();
  const result = await fn();
  sample();
  console.log(`  ${name.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s   peak RSS ${MiB(peak.rss).padStart(9)}   peak heap ${MiB(peak.heap).padStart(9)}`);
  return result;
}

try {
  const db = getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_ACCOUNTS.supplier));
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.orgName, '东莞华皮革有限公司'));
  if (!user || !company) throw new Error('demo data missing');
  const who = { companyId: company.id, userId: user.id };

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('材料');
  sheet.addRow(['货号', '中文名称', '英文名称', '类目', '色卡', '价格', '幅宽', '克重（g/m²）', '适用季节', '适用产品', '成分', '发货地']);
  for (let i = 0; i < rows; i += 1) {
    sheet.addRow([`BENCH-${String(i).padStart(5, '0')}`, `批量斜纹 ${i}`, `Bulk twill ${i}`, '梭织面料 / 斜纹布', `藏青 #1f3a93; 黑 #111111; 灰 #${(i % 256).toString(16).padStart(2, '0')}8080`, String(10 + (i % 90)), '150 cm', String(180 + (i % 100)), '秋冬', '运动鞋、休闲鞋', '100% 棉', '福建省']);
  }
  const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  console.log(`\n${values.label}: ${rows} rows, sheet ${(bytes.byteLength / 1024).toFixed(0)} KiB`);

  for (const round of ['first import (all new)', 'same file again (all unchanged)']) {
    console.log(` ${round}`);
    const check = await step('dry run', () => checkMaterialImport(who, { file: { name: 'bench.xlsx', bytes }, marketType: 1 }, 'cn'));
    console.log(`    counts ${JSON.stringify(check.counts)}`);
    await startMaterialImport(company.id, check.importId, 'cn');
    // The job's work, in this process, as a worker runs it.
    await step('import (the import-materials job)', () => runMaterialImport(check.importId));
    const result = await getMaterialImport(company.id, check.importId, 'cn');
    console.log(`    result created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, failed ${result.failed}`);
    await db.delete(materialImports).where(eq(materialImports.id, check.importId));
  }
} finally {
  clearInterval(sampler);
  await runtime.close();
}
