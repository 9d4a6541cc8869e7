/**
 * Importing a book of colors (docs/product/color-library.md#importing-a-book): an administrator's ASE or CSV file
 * lands its good rows by code, reports its bad rows by place, and changes nothing else; a preview writes nothing; a
 * file or key that cannot be used is refused whole.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { paletteColors, palettes, users } from '../../src/lib/server/db/schema';
import { colorFamilyOf, labOf } from '../../src/lib/server/colors/color-family';
import { loadBookColors } from '../../src/lib/server/colors/load-book-colors';
import { writeAse } from '../../src/lib/server/colors/write-ase';
import { apiCaller, type CallInit } from '../fixtures/api';
import { createSession, createUser } from '../fixtures/identity';

const { call, send } = apiCaller();
const A = '/admin/color-book';
let admin: string;
let buyer: string;

beforeAll(async () => {
  const user = await createUser();
  await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, user.id));
  admin = await createSession(user);
  buyer = await createSession(await createUser());
});

/** A key no other test file uses: the database is shared by the whole run. */
const newKey = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

function upload(fields: { key: string; nameCn?: string; nameEn?: string; commit?: boolean }, file: { name: string; bytes: Buffer | string }, token = admin, lang?: string) {
  const form = new FormData();
  form.append('key', fields.key);
  if (fields.nameCn !== undefined) form.append('nameCn', fields.nameCn);
  if (fields.nameEn !== undefined) form.append('nameEn', fields.nameEn);
  form.append('commit', String(fields.commit ?? false));
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes;
  form.append('file', new File([new Uint8Array(bytes)], file.name));
  return call(`${A}/import`, { form, token, lang });
}

/** Everything stored of a book, in a form that compares whole. */
async function snapshot(key: string) {
  const db = getDb();
  const [palette] = await db.select().from(palettes).where(eq(palettes.key, key));
  const colors = await db.select().from(paletteColors).where(eq(paletteColors.paletteKey, key)).orderBy(asc(paletteColors.code));
  return { palette: palette ? { ...palette, updatedAt: palette.updatedAt.toISOString() } : null, colors };
}

/** A book with a few colors, imported the ordinary way. */
async function seedBook(key: string, rows: string[][]) {
  const csv = ['code,name,hex', ...rows.map((r) => r.join(','))].join('\n');
  const res = await upload({ key, nameCn: `品牌 ${key}`, nameEn: `Brand ${key}`, commit: true }, { name: 'seed.csv', bytes: csv });
  expect(res.body.data).toMatchObject({ committed: true, accepted: rows.length, rejected: 0, created: rows.length });
}

/** An ASE file as design tools write it, with its `index`th color block (from 0) in a color model no reader knows. */
function aseWithBrokenRow(colors: { name: string; hex: string }[], index: number): Buffer {
  const bytes = writeAse(colors);
  let at = -1;
  for (let i = 0; i <= index; i += 1) at = bytes.indexOf('RGB ', at + 1, 'latin1');
  expect(at).toBeGreaterThan(12);
  bytes.write('XYZ ', at, 'latin1');
  return bytes;
}

describe('importing a book from an ASE file', () => {
  it('lands the good rows, reports the broken one by its place, and leaves the book’s other colors and other books alone', async () => {
    const key = newKey('brand');
    const other = newKey('other');
    await seedBook(key, [
      ['OLD-1', 'Old one', '#101010'],
      ['OLD-2', 'Old two', '#202020'],
    ]);
    await seedBook(other, [['X-1', 'Elsewhere', '#303030']]);
    const before = await snapshot(key);
    const otherBefore = await snapshot(other);
    expect((await loadBookColors(key, 'en'))?.map((c) => c.code)).toEqual(['OLD-1', 'OLD-2']);

    const file = aseWithBrokenRow(
      [
        { name: 'BR-100', hex: '#1f3a93' },
        { name: 'BR-101', hex: '#d8c3a5' },
        { name: 'BR-102', hex: '#4a5d23' },
        { name: 'OLD-2', hex: '#c0392b' },
        { name: 'BR-100', hex: '#000000' },
      ],
      1,
    );
    const res = await upload({ key, commit: true }, { name: 'brand.ase', bytes: file }, admin, 'en');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ key, nameCn: `品牌 ${key}`, nameEn: `Brand ${key}`, format: 'ase', committed: true, total: 5, accepted: 3, rejected: 2, created: 2, updated: 1 });
    expect(res.body.data.errors).toEqual([
      { row: 2, field: 'color', message: 'paletteImport.rowErrors.colorModel', value: 'BR-101' },
      { row: 5, field: 'code', message: 'paletteImport.rowErrors.duplicateCode', value: 'BR-100' },
    ]);
    expect(res.body.data.preview).toEqual([
      { code: 'BR-100', name: 'BR-100', hex: '#1f3a93', family: 'blue' },
      { code: 'BR-102', name: 'BR-102', hex: '#4a5d23', family: expect.any(String) },
      { code: 'OLD-2', name: 'OLD-2', hex: '#c0392b', family: colorFamilyOf('#c0392b') },
    ]);

    const after = await snapshot(key);
    expect(after.colors.map((c) => [c.code, c.hex, c.sort])).toEqual([
      ['BR-100', '#1f3a93', 1],
      ['BR-102', '#4a5d23', 2],
      ['OLD-1', '#101010', 1],
      ['OLD-2', '#c0392b', 3],
    ]);
    // The color the file does not name is exactly as it was; the one it names again is replaced, Lab and family too.
    expect(after.colors.find((c) => c.code === 'OLD-1')).toEqual(before.colors.find((c) => c.code === 'OLD-1'));
    const replaced = after.colors.find((c) => c.code === 'OLD-2')!;
    expect(replaced).toMatchObject({ name: 'OLD-2', family: colorFamilyOf('#c0392b') });
    expect([replaced.labL, replaced.labA, replaced.labB]).toEqual(labOf('#c0392b'));
    expect(after.palette).toMatchObject({ nameCn: `品牌 ${key}`, nameEn: `Brand ${key}` });
    expect(Date.parse(after.palette!.updatedAt)).toBeGreaterThan(Date.parse(before.palette!.updatedAt));
    expect(await snapshot(other)).toEqual(otherBefore);
    // The book's readers see the import at once: the moved `updated_at` retires the cached copy.
    expect((await loadBookColors(key, 'en'))?.map((c) => c.code)).toEqual(['BR-100', 'OLD-1', 'BR-102', 'OLD-2']);
  });

  it('writes nothing for a preview, and says what an import would do', async () => {
    const key = newKey('brand');
    await seedBook(key, [['P-1', 'Kept', '#445566']]);
    const before = await snapshot(key);
    const file = writeAse([
      { name: 'P-1', hex: '#ffffff' },
      { name: 'P-2', hex: '#000000' },
    ]);
    const res = await upload({ key, nameEn: 'Renamed' }, { name: 'swatches', bytes: file });
    expect(res.body.data).toMatchObject({ committed: false, format: 'ase', accepted: 2, rejected: 0, created: 1, updated: 1, nameEn: 'Renamed' });
    expect(await snapshot(key)).toEqual(before);

    const fresh = newKey('fresh');
    const preview = await upload({ key: fresh, nameCn: '新色库' }, { name: 'new.ase', bytes: file });
    // A book named in one language only takes that name in the other.
    expect(preview.body.data).toMatchObject({ committed: false, created: 2, updated: 0, nameCn: '新色库', nameEn: '新色库' });
    expect(await snapshot(fresh)).toEqual({ palette: null, colors: [] });
  });
});

describe('importing a book from a CSV file', () => {
  it('reports a bad hex by its line and imports the rest; a row without a code is coded by its name', async () => {
    const key = newKey('csv');
    const csv = ['Name,Hex,Code,Group', 'Classic Blue,#0F4C81,19-4052 TCX,Blues', 'Broken,#12345,19-0000 TCX,Blues', 'Sand,d8c3a5,,Neutrals', 'Again,#000000,19-4052 TCX,'].join('\r\n');
    const res = await upload({ key, nameCn: '样例', nameEn: 'Sample', commit: true }, { name: 'book.csv', bytes: csv });
    expect(res.body.data).toMatchObject({ format: 'csv', committed: true, total: 4, accepted: 2, rejected: 2, created: 2, updated: 0 });
    expect(res.body.data.errors).toEqual([
      { row: 3, field: 'hex', message: 'paletteImport.rowErrors.hex', value: 'Broken' },
      { row: 5, field: 'code', message: 'paletteImport.rowErrors.duplicateCode', value: '19-4052 TCX' },
    ]);
    const { colors } = await snapshot(key);
    expect(colors.map((c) => [c.code, c.name, c.hex, c.groupName, c.sort])).toEqual([
      ['19-4052 TCX', 'Classic Blue', '#0f4c81', 'Blues', 1],
      ['Sand', 'Sand', '#d8c3a5', 'Neutrals', 2],
    ]);
  });

  it('names a licensee’s nameless row after the book and its code, and defaults the book’s name', async () => {
    const csv = 'code,name,hex\n085-40-48,,#d8c3a5\n,,#000000\n';
    const res = await upload({ key: 'Coloro' }, { name: 'coloro.csv', bytes: csv });
    expect(res.body.data).toMatchObject({ key: 'coloro', committed: false, accepted: 1, rejected: 1 });
    expect(res.body.data.preview).toEqual([{ code: '085-40-48', name: 'Coloro 085-40-48', hex: '#d8c3a5', family: expect.any(String) }]);
    expect(res.body.data.errors).toEqual([{ row: 3, field: 'name', message: 'paletteImport.rowErrors.name' }]);
    if (!(await snapshot('coloro')).palette) expect(res.body.data).toMatchObject({ nameCn: 'Coloro', nameEn: 'Coloro' });
  });

  it('lands nothing when no row is good', async () => {
    const key = newKey('csv');
    const res = await upload({ key, nameEn: 'Empty', commit: true }, { name: 'bad.csv', bytes: 'name,hex\nA,nothex\n' });
    expect(res.body.data).toMatchObject({ committed: false, accepted: 0, rejected: 1 });
    expect(await snapshot(key)).toEqual({ palette: null, colors: [] });
  });
});

describe('what is refused whole', () => {
  it('refuses a bad key, a missing name, and a file that cannot be read, and changes nothing', async () => {
    const key = newKey('brand');
    await seedBook(key, [['K-1', 'Kept', '#abcdef']]);
    const before = await snapshot(key);
    const good = writeAse([{ name: 'K-1', hex: '#000000' }]);
    const refused = async (fields: Parameters<typeof upload>[0], file: Parameters<typeof upload>[1], field: string, message: string) => {
      const res = await upload({ ...fields, commit: true }, file, admin, 'en');
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.data.fields).toContainEqual({ field, message });
    };
    await refused({ key: 'matlib', nameEn: 'Mine' }, { name: 'a.ase', bytes: good }, 'key', 'The MatLib color system is built in: choose another key');
    await refused({ key: 'Bad Key!', nameEn: 'Mine' }, { name: 'a.ase', bytes: good }, 'key', 'A book’s key is 2–24 lower-case letters, digits or dashes, starting with a letter');
    await refused({ key, nameEn: 'x'.repeat(33) }, { name: 'a.ase', bytes: good }, 'nameEn', 'A book’s name has at most 32 characters');
    await refused({ key: newKey('nameless') }, { name: 'a.ase', bytes: good }, 'nameCn', 'Name the new book in Chinese or English');
    await refused({ key }, { name: 'photo.png', bytes: randomBytes(300) }, 'file', 'Only Adobe Swatch Exchange (.ase) and CSV (.csv) files can be imported');
    await refused({ key }, { name: 'garbage.ase', bytes: randomBytes(300) }, 'file', 'The file is damaged or not an Adobe Swatch Exchange file');
    await refused({ key }, { name: 'cut.ase', bytes: good.subarray(0, good.length - 5) }, 'file', 'The file is damaged or not an Adobe Swatch Exchange file');
    await refused({ key }, { name: 'colors.csv', bytes: 'title,color\nA,#000000' }, 'file', 'The CSV file needs a first row naming its columns, with at least name and hex');
    await refused({ key }, { name: 'colors.csv', bytes: 'name,hex\n' }, 'file', 'The file holds no colors');
    await refused({ key }, { name: 'colors.csv', bytes: 'name,hex\n"Open,#000000' }, 'file', 'The CSV file opens a quote that it never closes');
    expect(await snapshot(key)).toEqual(before);
    expect(await snapshot('matlib')).toEqual({ palette: null, colors: [] });
  });

  it('is for platform administrators only', async () => {
    const key = newKey('brand');
    const csv = 'name,hex\nA,#000000\n';
    expect((await upload({ key, nameEn: 'A', commit: true }, { name: 'a.csv', bytes: csv }, buyer)).status).toBe(403);
    expect((await call(`${A}/list`, { token: buyer })).status).toBe(403);
    expect((await call(`${A}/remove`, { token: buyer, body: { key } })).status).toBe(403);
    expect((await call(`${A}/list`)).status).toBe(401);
    expect(await snapshot(key)).toEqual({ palette: null, colors: [] });
    // As the security matrix calls every route: an empty JSON body, which the administrator's routes refuse as input.
    for (const path of [`${A}/import`, `${A}/remove`]) {
      const init: CallInit = { method: 'POST', rawBody: '{}' };
      expect((await send(path, init)).status).toBe(401);
      expect((await send(path, { ...init, token: buyer })).status).toBe(403);
      expect([400, 415, 422]).toContain((await send(path, { ...init, token: admin })).status);
    }
    const doc = (await (await apiCaller('').send('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Record<string, string>>> };
    for (const [path, method] of [['import', 'post'], ['list', 'get'], ['remove', 'post']] as const) {
      expect(doc.paths[`/api/idealab-material${A}/${path}`]?.[method]).toMatchObject({ 'x-access': 'platformAdmin', 'x-frozen': method === 'get' ? 'allowed' : 'refused' });
    }
  });
});

describe('the imported books', () => {
  it('are listed with their names and counts, and one can be removed with its colors', async () => {
    const key = newKey('brand');
    await seedBook(key, [
      ['L-1', 'One', '#111111'],
      ['L-2', 'Two', '#222222'],
    ]);
    const list = await call(`${A}/list`, { token: admin });
    expect(list.body.data).toContainEqual({ key, nameCn: `品牌 ${key}`, nameEn: `Brand ${key}`, count: 2, proprietary: false, updatedAt: expect.any(String) });

    const removed = await call(`${A}/remove`, { token: admin, body: { key } });
    expect(removed.body.data).toEqual({ key, removed: 2 });
    expect(await snapshot(key)).toEqual({ palette: null, colors: [] });
    expect(await loadBookColors(key, 'en')).toBeNull();
    expect((await call(`${A}/remove`, { token: admin, body: { key } })).status).toBe(404);
    expect((await call(`${A}/list`, { token: admin })).body.data.map((b: { key: string }) => b.key)).not.toContain(key);
  });
});

function randomBytes(n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + 13) % 256));
}
