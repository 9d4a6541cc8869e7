/**
 * The color library's calls (docs/product/color-library.md#calls): the book types and their colors, and color-card
 * books on the buyer path and, for a supplier company, on the supplier path. Bad input changes nothing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readAse } from '../../src/lib/server/colors/read-ase';
import { readPaletteCsv } from '../../src/lib/server/colors/read-palette-csv';
import { systemColors } from '../../src/lib/server/colors/color-system';
import { getDb } from '../../src/lib/server/db/client';
import { colorBookColors, colorBooks, colorCards } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser, grantCodes } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call, send } = apiCaller();
const third = apiCaller('/api/third-platform-center/color-card');
const S = '/supplier';
const B = '/color/card/book';

const addBook = (token: string, name: string, userType?: number, path = '') => call(`${path}${B}/add`, { token, body: userType === undefined ? { name } : { name, userType } });
const addColors = (token: string, bookId: number, colors: unknown[], path = '') => call(`${path}${B}/color/add`, { token, body: { bookId, colors } });
const colorList = (token: string, bookId: number, sort = 'added', path = '') => call(`${path}${B}/color/list`, { token, body: { bookId, sort } });
const bookList = (token: string, query = '', path = '') => call(`${path}${B}/list${query}`, { token });
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

useTempDataDir('color-books');
let buyer: string;
let other: string;
let supplier: Awaited<ReturnType<typeof createEnterprise>>;
let cardId: number;
const [grey, red] = [systemColors().find((c) => c.code === '000-50-00')!, systemColors().find((c) => c.family === 'red' && c.lch.c >= 40)!];

/** Every book and book color there is, to show a refused call changed nothing. */
const snapshot = async () => ({ books: await getDb().select().from(colorBooks).orderBy(colorBooks.id), colors: await getDb().select().from(colorBookColors).orderBy(colorBookColors.id) });

beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise();
  // The company's books are for members holding the color-card books code (FUN003).
  await grantCodes(supplier.companyId, supplier.member.id, ['FUN003']);
  const material = await createMaterial(supplier.companyId, 'twill');
  [{ id: cardId }] = (await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, material.id))) as [{ id: number }];
  buyer = await createSession(await createUser({ role: 1 }));
  other = await createSession(await createUser({ role: 1 }));
});

describe('book types (color-book-names, color-books, color-books-page, color-book-families)', () => {
  it('lists the built-in system with its ~2,000 colors, then Coloro and Pantone empty until imported', async () => {
    const { status, body } = await third.call('/color-book-names', { body: {} });
    expect(status).toBe(200);
    expect(body.data.slice(0, 3)).toEqual([
      { type: 'matlib', name: 'MatLib 色彩体系', count: systemColors().length, builtIn: true, proprietary: false },
      { type: 'coloro', name: 'Coloro', count: 0, builtIn: false, proprietary: true },
      { type: 'pantone', name: 'Pantone', count: 0, builtIn: false, proprietary: true },
    ]);
    expect(systemColors().length).toBeGreaterThan(1800);
  });

  it('answers a family’s colors, every one of that family, at most 999', async () => {
    const { body } = await third.call('/color-books', { body: { type: 'matlib', family: 'red' } });
    expect(body.data.length).toBeGreaterThan(10);
    expect(body.data.length).toBeLessThanOrEqual(999);
    expect(body.data.every((c: { family: string }) => c.family === 'red')).toBe(true);
    expect(body.data[0]).toMatchObject({ type: 'matlib', code: expect.stringMatching(/^\d{3}-\d{2}-\d{2}$/), hex: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  });

  it('finds by code, by name in the caller’s language and by hex (nearest first)', async () => {
    const byCode = await third.call('/color-books', { body: { type: 'matlib', keyword: red.code } });
    expect(byCode.body.data.map((c: { code: string }) => c.code)).toEqual([red.code]);
    const byName = await third.call('/color-books', { body: { type: 'matlib', keyword: 'grey' }, lang: 'en' });
    expect(byName.body.data.length).toBeGreaterThan(3);
    expect(byName.body.data.every((c: { name: string }) => /grey/i.test(c.name))).toBe(true);
    const byHex = await third.call('/color-books', { body: { type: 'matlib', keyword: red.hex } });
    expect(byHex.body.data[0].code).toBe(red.code);
  });

  it('pages with a total, and counts families from the same definition', async () => {
    const page = await third.call('/color-books-page', { body: { type: 'matlib', page: 2, size: 50 } });
    expect(page.body.data.records).toHaveLength(50);
    expect(page.body.data.total).toBe(systemColors().length);
    expect(page.body.data.records[0].code).toBe(systemColors()[50]!.code);
    const families = await third.call('/color-book-families', { body: { type: 'matlib' }, lang: 'en' });
    const total = families.body.data.reduce((n: number, f: { count: number }) => n + f.count, 0);
    expect(total).toBe(systemColors().length);
    expect(families.body.data.find((f: { family: string }) => f.family === 'red')).toMatchObject({ label: expect.any(String) });
  });

  it('says 404 for a type there is none of and 422 for a malformed one', async () => {
    expect((await third.call('/color-books', { body: { type: 'acme' } })).status).toBe(404);
    expect((await third.call('/color-books', { body: { type: 'Bad Type!' } })).status).toBe(422);
    expect((await third.call('/color-books-page', { body: { type: 'matlib', size: 1000 } })).status).toBe(422);
  });
});

describe('color-card books (add, rename, list, delete)', () => {
  it('creates, renames and lists a buyer’s books, newest first, filtered by keyword', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const a = (await addBook(token, '  春季色卡  ')).body.data;
    expect(a).toMatchObject({ name: '春季色卡', userType: 1, isShared: 0, count: 0, swatches: [] });
    const b = (await addBook(token, 'Autumn', 1)).body.data;
    expect((await call(`${B}/rename`, { token, body: { id: a.id, name: 'Spring' } })).body.data.name).toBe('Spring');
    expect((await bookList(token)).body.data.records.map((r: { name: string }) => r.name)).toEqual(['Autumn', 'Spring']);
    expect((await bookList(token, '?keyword=spr')).body.data.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await bookList(token, '?userType=1')).body.data.total).toBe(2);
    const removed = await call(`${B}/delete?id=${b.id}`, { token, headers: sameOrigin });
    expect(removed.body.data).toEqual({ id: b.id });
    expect((await bookList(token)).body.data.total).toBe(1);
  });

  it('refuses names over 32 characters and names in use, changing nothing', async () => {
    const token = await createSession(await createUser({ role: 1 }));
    const book = (await addBook(token, 'Taken')).body.data;
    const before = await snapshot();
    const long = await addBook(token, 'x'.repeat(33));
    expect(long.status).toBe(422);
    expect(long.body.data.fields?.[0]).toMatchObject({ field: 'name', message: '色卡本名称最多 32 个字符' });
    expect((await addBook(token, 'x'.repeat(32))).status).toBe(200);
    expect((await addBook(token, 'Taken')).status).toBe(409);
    expect((await call(`${B}/rename`, { token, body: { id: book.id, name: 'y'.repeat(33) } })).status).toBe(422);
    expect((await addBook(token, '   ')).status).toBe(422);
    const after = await snapshot();
    expect(after.books.filter((b) => !before.books.some((x) => x.id === b.id)).map((b) => b.name)).toEqual(['x'.repeat(32)]);
    expect(after.books.find((b) => b.id === book.id)?.name).toBe('Taken');
  });

  it('refuses an unknown userType, and one that is not the path’s', async () => {
    const before = await snapshot();
    const unknown = await addBook(buyer, 'Typed', 3);
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields?.[0]?.field).toBe('userType');
    expect((await addBook(buyer, 'Typed', 2)).status).toBe(422);
    expect((await bookList(buyer, '?userType=7')).status).toBe(422);
    expect((await call(`${B}/belong/9`, { token: buyer, body: [{ source: 'picked', hex: '#102030' }] })).status).toBe(422);
    expect((await call(`${B}/belong/2`, { token: buyer, body: [{ source: 'picked', hex: '#102030' }] })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('treats another person’s book as not there: 404, and nothing changes', async () => {
    const mine = (await addBook(buyer, 'Mine')).body.data;
    await addColors(buyer, mine.id, [{ source: 'book', type: 'matlib', code: grey.code }]);
    const before = await snapshot();
    for (const answer of [
      await call(`${B}/rename`, { token: other, body: { id: mine.id, name: 'Stolen' } }),
      await call(`${B}/delete?id=${mine.id}`, { token: other, headers: sameOrigin }),
      await colorList(other, mine.id),
      await addColors(other, mine.id, [{ source: 'picked', hex: '#abcdef' }]),
      await call(`${B}/color/remove`, { token: other, body: { bookId: mine.id, colorIds: before.colors.filter((c) => c.bookId === mine.id).map((c) => c.id) } }),
      await call(`${B}/export?id=${mine.id}`, { token: other }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes only from our own pages (same origin)', async () => {
    const book = (await addBook(buyer, 'Kept')).body.data;
    expect((await call(`${B}/delete?id=${book.id}`, { token: buyer, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await bookList(buyer, '?keyword=Kept')).body.data.total).toBe(1);
  });
});

describe('colors in a book (color/add, color/remove, color/list, belong)', () => {
  it('adds book colors, a material’s color card and a picked color once each, in order', async () => {
    const book = (await addBook(buyer, 'Palette')).body.data;
    const first = await addColors(buyer, book.id, [
      { source: 'book', type: 'matlib', code: red.code },
      { source: 'card', colorCardId: cardId },
      { source: 'picked', hex: '#AA3322', name: 'Brick' },
      { source: 'book', type: 'matlib', code: red.code.toLowerCase() },
    ]);
    expect(first.body.data).toEqual({ added: 3, count: 3 });
    expect((await addColors(buyer, book.id, [{ source: 'book', type: 'matlib', code: grey.code }, { source: 'picked', hex: '#aa3322' }])).body.data).toEqual({ added: 1, count: 4 });
    const listed = (await colorList(buyer, book.id, 'added', '')).body.data;
    expect(listed.records.map((c: { source: string }) => c.source)).toEqual(['matlib', 'card', 'picked', 'matlib']);
    expect(listed.records[0]).toMatchObject({ code: red.code, hex: red.hex, name: red.nameCn, family: 'red' });
    expect(listed.records[1]).toMatchObject({ source: 'card', colorCardId: cardId, materialId: expect.any(Number) });
    expect(listed.records[2]).toMatchObject({ name: 'Brick', hex: '#aa3322', r: 170, g: 51, b: 34 });
    // The system's names follow the reader's language.
    const english = await call(`${B}/color/list`, { token: buyer, body: { bookId: book.id }, lang: 'en' });
    expect(english.body.data.records[0].name).toBe(red.nameEn);
    const byLightness = (await colorList(buyer, book.id, 'lightness')).body.data.records.map((c: { id: number }) => c.id);
    expect(new Set(byLightness)).toEqual(new Set(listed.records.map((c: { id: number }) => c.id)));
    expect(listed.book.swatches[0]).toBe(red.hex);

    const belong = await call(`${B}/belong/1`, { token: buyer, body: [{ source: 'book', type: 'matlib', code: red.code }, { source: 'picked', hex: '#000001' }] });
    expect(belong.body.data).toEqual([
      { key: `matlib:${red.code}`, bookIds: [book.id] },
      { key: 'picked:#000001', bookIds: [] },
    ]);

    const removed = await call(`${B}/color/remove`, { token: buyer, body: { bookId: book.id, colorIds: [listed.records[0].id, 999_999_999] } });
    expect(removed.body.data).toEqual({ removed: 1, count: 3 });
  });

  it('refuses an unknown color, naming its place, and adds none of the others', async () => {
    const book = (await addBook(buyer, 'Strict')).body.data;
    const before = await snapshot();
    const unknown = await addColors(buyer, book.id, [{ source: 'book', type: 'matlib', code: grey.code }, { source: 'book', type: 'matlib', code: '999-99-99' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields?.[0]?.field).toBe('colors[1]');
    expect((await addColors(buyer, book.id, [{ source: 'card', colorCardId: 999_999_999 }])).status).toBe(422);
    expect((await addColors(buyer, book.id, [{ source: 'picked', hex: 'red' }])).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses 1,000 colors at once, and a book past 999 colors, changing nothing', async () => {
    const book = (await addBook(buyer, 'Big')).body.data;
    const codes = systemColors().map((c) => c.code);
    const before = await snapshot();
    const thousand = await addColors(buyer, book.id, codes.slice(0, 1000).map((code) => ({ source: 'book', type: 'matlib', code })));
    expect(thousand.status).toBe(422);
    expect(thousand.body.data.fields).toEqual([{ field: 'colors', message: '一次最多处理 100 个颜色' }]);
    expect(await snapshot()).toEqual(before);

    for (let i = 0; i < 990; i += 100) {
      const batch = codes.slice(i, Math.min(i + 100, 990)).map((code) => ({ source: 'book', type: 'matlib', code }));
      expect((await addColors(buyer, book.id, batch)).status).toBe(200);
    }
    const full = await addColors(buyer, book.id, codes.slice(990, 1000).map((code) => ({ source: 'book', type: 'matlib', code })));
    expect(full.status).toBe(422);
    expect(full.body.msg).toBe('一个色卡本最多 999 个颜色');
    const count = (await colorList(buyer, book.id)).body.data.total;
    expect(count).toBe(990);
    expect((await addColors(buyer, book.id, codes.slice(990, 999).map((code) => ({ source: 'book', type: 'matlib', code })))).body.data).toEqual({ added: 9, count: 999 });
  });
});

describe('the supplier path: a supplier company’s books', () => {
  it('keeps the company’s books apart from its members’ own, shared by every member at work', async () => {
    const book = (await addBook(supplier.adminToken, 'House colors', 2, S)).body.data;
    expect(book.userType).toBe(2);
    expect((await bookList(supplier.memberToken, '', S)).body.data.records.map((b: { id: number }) => b.id)).toEqual([book.id]);
    expect((await addColors(supplier.memberToken, book.id, [{ source: 'card', colorCardId: cardId }], S)).body.data.added).toBe(1);
    // The same person on the buyer path sees their own books only.
    expect((await bookList(supplier.adminToken)).body.data.records.some((b: { id: number }) => b.id === book.id)).toBe(false);
    expect((await colorList(supplier.adminToken, book.id)).status).toBe(404);
    // A buyer cannot use the supplier path.
    expect((await bookList(buyer, '', S)).status).toBe(403);

    // The rest of a book's life on the supplier path, by another member.
    const token = supplier.memberToken;
    expect((await call(`${S}${B}/rename`, { token, body: { id: book.id, name: 'House' } })).body.data.name).toBe('House');
    expect((await call(`${S}${B}/belong/2`, { token, body: [{ source: 'card', colorCardId: cardId }] })).body.data).toEqual([{ key: `card:${cardId}`, bookIds: [book.id] }]);
    const exported = await send(`${S}${B}/export?id=${book.id}&format=csv`, { token });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('House');
    const [color] = (await colorList(token, book.id, 'added', S)).body.data.records;
    expect((await call(`${S}${B}/color/remove`, { token, body: { bookId: book.id, colorIds: [color.id] } })).body.data).toEqual({ removed: 1, count: 0 });
    expect((await call(`${S}${B}/delete?id=${book.id}`, { token, headers: sameOrigin })).body.data).toEqual({ id: book.id });
    expect((await bookList(supplier.adminToken, '', S)).body.data.total).toBe(0);
  });
});

describe('export (ASE and CSV)', () => {
  it('exports a book that the palette readers read back', async () => {
    const book = (await addBook(buyer, 'Export, "me"')).body.data;
    await addColors(buyer, book.id, [{ source: 'book', type: 'matlib', code: red.code }, { source: 'picked', hex: '#123456', name: '=cmd' }]);
    const ase = await send(`${B}/export?id=${book.id}&format=ase`, { token: buyer });
    expect(ase.status).toBe(200);
    expect(ase.headers.get('content-disposition')).toContain('.ase');
    const swatches = readAse(Buffer.from(await ase.arrayBuffer()));
    expect(swatches.errors).toEqual([]);
    expect(swatches.swatches.map((s) => s.hex)).toEqual([red.hex, '#123456']);
    expect(swatches.swatches[0]!.group).toBe('Export, "me"');

    const csv = await send(`${B}/export?id=${book.id}&format=csv`, { token: buyer });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = readPaletteCsv(Buffer.from(await csv.arrayBuffer()));
    expect(rows.errors).toEqual([]);
    expect(rows.rows.map((r) => [r.code, r.hex])).toEqual([
      [red.code, red.hex],
      [expect.stringMatching(/^\d{3}-\d{2}-\d{2}$/), '#123456'],
    ]);
    // A name a spreadsheet would run as a formula is kept as text.
    expect(rows.rows[1]!.name).toBe("'=cmd");
  });
});
