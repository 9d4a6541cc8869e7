/**
 * The bulk import of materials (docs/product/integrations.md#bulk-import), against the real database and the real job
 * queue, with real .xlsx (exceljs), .csv and .zip files built here: the dry run names every error by row and column,
 * nothing changes until the user confirms, pictures come only from the zip, and importing the same file twice changes
 * nothing the second time.
 */
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_IMPORT_MAX_ROWS, MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES } from '../../src/lib/contracts/material-import-rules';
import { MESSAGES } from '../../src/lib/i18n';
import { getDb } from '../../src/lib/server/db/client';
import { createApiToken } from '../../src/lib/server/integrations/create-api-token';
import { images, materialImports, materials, materialVersions } from '../../src/lib/server/db/schema';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { bufferSource, openArchive } from '../../src/lib/server/material-files/open-archive';
import { makeZip } from '../../src/lib/server/material-files/testing/make-zip';
import type { StoredMaterial } from '../../src/lib/server/materials/stored-material';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { categoryId, seedReferenceData } from '../fixtures/materials';

const { call, send } = apiCaller('/api/idealab-material/v2/material/import');
useTempDataDir('material-import');

type Company = Awaited<ReturnType<typeof createEnterprise>>;
let workers: JobWorkers;
let twill: number;

beforeAll(async () => {
  await seedReferenceData();
  twill = await categoryId('twill');
  workers = await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
});
afterAll(() => workers.stop());

/** The export's Chinese headers for a woven material (docs/product/supplier.md#export), and the images column. */
const HEADERS = ['货号', '中文名称', '英文名称', '类目', '色卡', '价格', '幅宽', '克重（g/m²）', '适用季节', '适用产品', '图片'];
type Row = Partial<Record<'serial' | 'nameCn' | 'nameEn' | 'category' | 'cards' | 'price' | 'width' | 'grammage' | 'season' | 'products' | 'images', string>>;
const good = (serial: string, more: Row = {}): Row => ({
  serial,
  nameCn: `导入斜纹 ${serial}`,
  nameEn: `Imported twill ${serial}`,
  category: '梭织面料 / 斜纹布',
  cards: '藏青 #1f3a93; 黑 #111111',
  price: '12.5',
  width: '150 cm',
  grammage: '220',
  season: '秋冬',
  products: '运动鞋、休闲鞋',
  ...more,
});
const cellsOf = (r: Row) => [r.serial, r.nameCn, r.nameEn, r.category, r.cards, r.price, r.width, r.grammage, r.season, r.products, r.images].map((v) => v ?? '');

async function xlsx(rows: Row[], headers = HEADERS): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('材料');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(cellsOf(r));
  return new File([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], 'materials.xlsx');
}

/** A file's zip entries, to build a sheet no spreadsheet program would write. */
async function zipEntries(file: File): Promise<{ name: string; data: Buffer }[]> {
  const archive = await openArchive(bufferSource(Buffer.from(await file.arrayBuffer())));
  return Promise.all(archive.entries.map(async (e) => ({ name: e.path, data: await archive.read(e) })));
}

function csv(rows: Row[], headers = HEADERS): File {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const text = [headers, ...rows.map(cellsOf)].map((r) => r.map(quote).join(',')).join('\r\n');
  return new File([`\uFEFF${text}`], 'materials.csv');
}

const png = (hex: string, width = 40) => sharp({ create: { width, height: 30, channels: 3, background: hex } }).png().toBuffer();
const zipOf = (entries: { name: string; data: Buffer | string }[]) => new File([new Uint8Array(makeZip(entries))], 'pictures.zip');

function form(sheet: File, extra: { images?: File; categoryId?: number } = {}): FormData {
  const f = new FormData();
  f.set('file', sheet);
  if (extra.images) f.set('images', extra.images);
  if (extra.categoryId) f.set('categoryId', String(extra.categoryId));
  return f;
}

const check = (token: string, body: FormData, lang?: string) => call('/check', { token, form: body, lang });
const start = (token: string, importId: number) => call('/start', { token, body: { importId } });
const status = (token: string, importId: number, lang?: string) => call(`/status?importId=${importId}`, { token, lang });

/** Confirms a dry run and waits for the job to finish; answers the result. */
async function importAll(token: string, importId: number) {
  const started = await start(token, importId);
  expect(started.body.code).toBe(200);
  return (await waitUntil(`import ${importId}`, () => status(token, importId), (r) => r.body.data.state === 'done' || r.body.data.state === 'failed')).body.data;
}

const companyMaterials = (companyId: number) =>
  getDb().select({ id: materials.id, serialNo: materials.serialNo, version: materials.version }).from(materials).where(eq(materials.companyId, companyId));
const importsOf = (companyId: number) => getDb().select({ id: materialImports.id }).from(materialImports).where(eq(materialImports.companyId, companyId));

describe('the dry run (docs/product/integrations.md#bulk-import)', () => {
  let s: Company;
  beforeAll(async () => {
    s = await createEnterprise();
  });

  it('says per row what would happen and names every error with its row and column, in both languages; nothing is written', async () => {
    const sheet = await xlsx([
      good('DRY-1'),
      good('DRY-2', { price: 'abc', grammage: '' }),
      good('', {}),
      good('DRY-4', { images: 'https://example.com/photo.jpg' }),
      good('DRY-5', { cards: 'red' }),
      good('DRY-1'),
      good('DRY-7', { season: '盛夏' }),
    ]);
    const res = await check(s.adminToken, form(sheet));
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.total).toBe(7);
    expect(data.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 6 });
    const byRow = new Map((data.rows as { row: number; action: string; errors: { column: string; columnTitle: string; message: string }[] }[]).map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ action: 'create', errors: [] });
    const cn = MESSAGES.cn;
    expect(byRow.get(3)!.errors).toEqual([
      { column: 'PF_PRICE', columnTitle: '价格', message: cn.validation.numberFormat },
      { column: 'PF_GRAMMAGE', columnTitle: '克重（g/m²）', message: cn.validation.required },
    ]);
    expect(byRow.get(4)!.errors).toEqual([{ column: 'serialNo', columnTitle: '货号', message: cn.materialImport.errors.serialRequired }]);
    expect(byRow.get(5)!.errors).toEqual([{ column: 'images', columnTitle: '图片', message: cn.materialImport.errors.imageUrl.replace('{{value}}', 'https://example.com/photo.jpg') }]);
    expect(byRow.get(6)!.errors[0]).toMatchObject({ column: 'colorCards', columnTitle: '色卡' });
    expect(byRow.get(7)!.errors).toEqual([{ column: 'serialNo', columnTitle: '货号', message: cn.materialImport.errors.serialTwice.replace('{{row}}', '2') }]);
    expect(byRow.get(8)!.errors).toEqual([{ column: 'PF_SEASON', columnTitle: '适用季节', message: cn.validation.notInDictionary }]);

    // The same rows in English, and only the refused ones.
    const en = await call(`/rows?importId=${data.importId}&only=error&size=2&page=1`, { token: s.adminToken, lang: 'en' });
    expect(en.body.data.total).toBe(6);
    expect(en.body.data.records[0]).toMatchObject({ row: 3, errors: [{ columnTitle: 'Price', message: MESSAGES.en.validation.numberFormat }, { columnTitle: 'Grammage (g/m²)', message: MESSAGES.en.validation.required }] });

    // No material, no picture fetched: the URL was never requested.
    expect(await companyMaterials(s.companyId)).toEqual([]);
  });

  // A dozen sheets, each read in a worker thread of its own: seconds each where the worker loads TypeScript.
  it('refuses a file it cannot use whole, with a clear error, and keeps nothing', { timeout: 120_000 }, async () => {
    const before = (await importsOf(s.companyId)).length;
    const refused = async (body: FormData, message: string) => {
      const res = await check(s.adminToken, body);
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe(message);
    };
    const v = MESSAGES.cn.validation;
    await refused(form(new File(['a,b'], 'materials.txt')), v.importSheetType);
    await refused(form(new File(['not a zip'], 'materials.xlsx')), v.importSheetType);
    await refused(form(await xlsx([])), v.importSheetEmpty);
    await refused(form(csv([good('X-1')], HEADERS.filter((h) => h !== '货号'))), v.importColumnMissing.replace('{{column}}', '货号 / Serial no.'));
    const many = Array.from({ length: MATERIAL_IMPORT_MAX_ROWS + 1 }, (_, i) => good(`MANY-${i}`));
    await refused(form(csv(many)), v.importSheetTooManyRows.replace('{{max}}', String(MATERIAL_IMPORT_MAX_ROWS)));
    await refused(form(await xlsx(many)), v.importSheetTooManyRows.replace('{{max}}', String(MATERIAL_IMPORT_MAX_ROWS)));
    // An .xlsx is checked by its zip directory before a byte is inflated: a picture inside, a part that unpacks huge.
    const sheetZip = async (extra: { name: string; data: Buffer; claimedSize?: number }) => {
      const entries = await zipEntries(await xlsx([good('B-1')]));
      return form(new File([new Uint8Array(makeZip([...entries, extra]))], 'materials.xlsx'));
    };
    await refused(await sheetZip({ name: 'xl/media/image1.png', data: Buffer.alloc(1024 * 1024) }), v.importSheetUnexpectedPart.replace('{{name}}', 'xl/media/image1.png'));
    await refused(await sheetZip({ name: 'docProps/custom.xml', data: Buffer.alloc(8 * 1024 * 1024) }), v.importSheetInflatesTooMuch.replace('{{max}}', String(MATERIAL_IMPORT_SHEET_MAX_INFLATED_BYTES / 1024 / 1024)));
    // The zip: a path leaving the archive, a file that is not a picture.
    await refused(form(csv([good('Z-1')]), { images: zipOf([{ name: '../evil.png', data: await png('#ff0000') }]) }), v.importZipUnsafePath);
    await refused(form(csv([good('Z-1')]), { images: zipOf([{ name: 'a.png', data: await png('#ff0000') }, { name: 'run.sh', data: 'echo hi' }]) }), v.importZipNotImage.replace('{{name}}', 'run.sh'));
    await refused(form(csv([good('Z-1')]), { images: new File(['x'], 'pictures.rar') }), v.importZipType);
    expect((await importsOf(s.companyId)).length).toBe(before);
    expect(await companyMaterials(s.companyId)).toEqual([]);
  });

  it('gives a template per category whose columns include the category’s fields', async () => {
    const res = await send(`/template?categoryId=${twill}`, { token: s.adminToken, lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const headers = (workbook.worksheets[0]!.getRow(1).values as string[]).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['Serial no.', 'Name (Chinese)', 'Category', 'Color cards', 'Price', 'Width', 'Grammage (g/m²)', 'Images']));
    expect(headers).not.toContain('Thickness');
    expect(workbook.worksheets[1]!.rowCount).toBeGreaterThan(5);
  });
});

describe('importing (docs/product/integrations.md#bulk-import)', () => {
  let s: Company;
  beforeAll(async () => {
    s = await createEnterprise();
  });

  it('imports the good rows only after the confirmation, and reports the bad ones', async () => {
    const rows = [good('GB-1'), good('GB-2', { price: '-3' }), good('GB-3'), good('GB-4', { width: '150 furlongs' }), good('GB-5'), good('GB-6', { category: '不存在的类目' }), good('GB-7'), good('GB-8')];
    const dry = await check(s.adminToken, form(csv(rows)));
    expect(dry.body.data.counts).toEqual({ create: 5, update: 0, unchanged: 0, error: 3 });
    // Nothing until confirmed.
    expect(await companyMaterials(s.companyId)).toEqual([]);
    const before = await status(s.adminToken, dry.body.data.importId);
    expect(before.body.data).toMatchObject({ state: 'checked', total: 5, rowsDone: 0, failed: 3 });

    const result = await importAll(s.adminToken, dry.body.data.importId);
    expect(result).toMatchObject({ state: 'done', total: 5, rowsDone: 5, created: 5, updated: 0, unchanged: 0, failed: 3 });
    expect(result.failures.map((f: { row: number; serialNo: string }) => [f.row, f.serialNo])).toEqual([[3, 'GB-2'], [5, 'GB-4'], [7, 'GB-6']]);
    expect(result.failures[1].errors[0]).toMatchObject({ column: 'PF_WIDTH', columnTitle: '幅宽' });
    const made = await companyMaterials(s.companyId);
    expect(made.map((m) => m.serialNo).sort()).toEqual(['GB-1', 'GB-3', 'GB-5', 'GB-7', 'GB-8']);
    expect(made.every((m) => m.version === 1)).toBe(true);

    // Stored as the editor stores them: values as their dictionaries spell them, units, currency of the market.
    const [version] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(eq(materialVersions.materialId, made.find((m) => m.serialNo === 'GB-1')!.id));
    const data = version!.data as StoredMaterial;
    expect(data.attrs).toMatchObject({ PF_PRICE: 12.5, PF_WIDTH: { value: 150, unit: 6 }, PF_GRAMMAGE: 220, PF_SEASON: '2', PF_PRODUCT: ['sports-shoes', 'casual-shoes'], PF_CURRENCY: 'CNY' });
    expect(data.colorCards.map((c) => [c.name, c.hex, c.isDefault])).toEqual([['藏青', '#1f3a93', 1], ['黑', '#111111', 0]]);

    // Confirming again changes nothing.
    expect((await start(s.adminToken, dry.body.data.importId)).body.data).toMatchObject({ state: 'done', created: 5 });
  });

  it('changes nothing when the same file is imported twice, and makes a new version only of a changed row', async () => {
    const rows = [good('ID-1'), good('ID-2'), good('ID-3')];
    const first = await check(s.adminToken, form(await xlsx(rows)));
    expect((await importAll(s.adminToken, first.body.data.importId)).created).toBe(3);
    const versions = async () => new Map((await companyMaterials(s.companyId)).filter((m) => m.serialNo.startsWith('ID-')).map((m) => [m.serialNo, m.version]));
    const after1 = await versions();

    const again = await check(s.adminToken, form(await xlsx(rows)));
    expect(again.body.data.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(await importAll(s.adminToken, again.body.data.importId)).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect(await versions()).toEqual(after1);

    // One cell changed: that row alone becomes a new version, the way the editor saves.
    const changed = await check(s.adminToken, form(await xlsx([good('ID-1', { price: '13' }), good('ID-2'), good('ID-3')])));
    expect(changed.body.data.counts).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });
    expect(changed.body.data.rows[0]).toMatchObject({ action: 'update', materialId: expect.any(Number) });
    expect(await importAll(s.adminToken, changed.body.data.importId)).toMatchObject({ updated: 1, unchanged: 2 });
    expect(await versions()).toEqual(new Map([...after1, ['ID-1', after1.get('ID-1')! + 1]]));
  });

  it('attaches the zip’s pictures the sheet names, processed as the editor’s uploads are; a second import of both is unchanged', async () => {
    const a = await png('#aa3300', 41);
    const b = await sharp({ create: { width: 42, height: 30, channels: 3, background: '#0033aa' } }).jpeg().toBuffer();
    const zip = () => zipOf([{ name: 'photos/a.png', data: a }, { name: 'photos/b.jpg', data: b }]);
    const rows = [good('IMG-1', { images: 'photos/a.png; photos/b.jpg' }), good('IMG-2', { images: 'photos/missing.png' })];
    const dry = await check(s.adminToken, form(await xlsx(rows), { images: zip() }));
    expect(dry.body.data.images).toBe(2);
    expect(dry.body.data.counts).toMatchObject({ create: 1, error: 1 });
    expect(dry.body.data.rows[1].errors).toEqual([{ column: 'images', columnTitle: '图片', message: MESSAGES.cn.materialImport.errors.imageMissing.replace('{{value}}', 'photos/missing.png') }]);
    expect(await importAll(s.adminToken, dry.body.data.importId)).toMatchObject({ created: 1, failed: 1 });

    const [m] = await getDb().select({ id: materials.id, version: materials.version, cover: materials.coverImageId }).from(materials).where(and(eq(materials.companyId, s.companyId), eq(materials.serialNo, 'IMG-1')));
    const [version] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(eq(materialVersions.materialId, m!.id));
    const gallery = (version!.data as StoredMaterial).enclosure;
    expect(gallery).toHaveLength(2);
    const stored = await getDb().select({ id: images.id, mime: images.mime, width: images.width }).from(images).where(inArray(images.id, gallery.map((g) => g.id)));
    expect(stored.map((i) => [i.mime, i.width]).sort()).toEqual([['image/jpeg', 42], ['image/png', 41]]);
    expect(m!.cover).toBe(gallery[0]!.id);

    const again = await check(s.adminToken, form(await xlsx(rows.slice(0, 1)), { images: zip() }));
    expect(again.body.data.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
    expect(await importAll(s.adminToken, again.body.data.importId)).toMatchObject({ unchanged: 1 });
    const [still] = await getDb().select({ version: materials.version }).from(materials).where(eq(materials.id, m!.id));
    expect(still!.version).toBe(m!.version);
  });

  it('reads a sheet exported from the workspace back without changing anything', async () => {
    const exported = await apiCaller('/api/idealab-material').send('/v2/material/export', { token: s.adminToken, body: { query: { keywords: 'GB' } } });
    expect(exported.status).toBe(200);
    const file = new File([await exported.arrayBuffer()], 'materials-export.xlsx');
    const dry = await check(s.adminToken, form(file));
    expect(dry.body.code).toBe(200);
    expect(dry.body.data.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    expect(dry.body.data.counts.unchanged).toBeGreaterThan(0);
  });
});

describe('who may import', () => {
  it('refuses a buyer, and nothing is kept', async () => {
    const buyer = await createUser({ role: 1 });
    const token = await createSession(buyer);
    const res = await check(token, form(csv([good('B-1')])));
    expect(res.status).toBe(403);
    expect(await importsOf(buyer.companyId)).toEqual([]);
    expect((await send(`/template?categoryId=${twill}`, { token })).status).toBe(403);
  });

  it('opens to an API token with materials:write, and to no other scope', async () => {
    const s = await createEnterprise();
    const token = async (scopes: ('materials:write' | 'catalogue:read')[]) => (await createApiToken({ companyId: s.companyId, userId: s.admin.id, userName: 'Wang' }, { name: `import ${scopes.join()}`, scopes })).token;
    const writer = await token(['materials:write']);
    const dry = await check(writer, form(csv([good('TOK-1')])));
    expect(dry.body.data.counts).toMatchObject({ create: 1 });
    expect(await importAll(writer, dry.body.data.importId)).toMatchObject({ created: 1 });
    const reader = await check(await token(['catalogue:read']), form(csv([good('TOK-2')])));
    expect(reader.status).toBe(403);
    expect(reader.body.data).toEqual({ scope: 'materials:write' });
  });

  it('does not show one company’s import to another', async () => {
    const s = await createEnterprise();
    const other = await createEnterprise();
    const dry = await check(s.adminToken, form(csv([good('O-1')])));
    expect((await status(other.adminToken, dry.body.data.importId)).body.code).toBe(100404);
    expect((await start(other.adminToken, dry.body.data.importId)).body.code).toBe(100404);
    expect(await companyMaterials(s.companyId)).toEqual([]);
  });
});
