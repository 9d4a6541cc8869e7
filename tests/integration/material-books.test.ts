/**
 * Material books (docs/product/material-books.md#calls): a supplier company makes a book of its own materials,
 * orders them and puts the book on the market; buyers read, search inside and keep it. Another company's book is
 * not there (404, nothing changed); a member without the material-books permission is refused (100403).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR } from '../../src/lib/errors';
import { MATERIAL_BOOK_PDF_RENDERS } from '../../src/lib/server/material-books/render-book-pdf';
import { LIMITS } from '../../src/lib/server/security/rate-limit';
import { getDb } from '../../src/lib/server/db/client';
import { materialBookItems, materialBooks } from '../../src/lib/server/db/schema';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

const { call, send } = apiCaller();
const B = '/material/book';
const ON = '/open/market/v1.4/materalbook/batch/on';
const OFF = '/open/market/materalbook/batch/of';

const dataDir = useTempDataDir('material-books');
let maker: Awaited<ReturnType<typeof createEnterprise>>;
let rival: Awaited<ReturnType<typeof createEnterprise>>;
let buyer: string;
const own: number[] = [];
let foreign: number;

/** Every book and book item there is, to show a refused call changed nothing. */
const snapshot = async () => ({ books: await getDb().select().from(materialBooks).orderBy(materialBooks.id), items: await getDb().select().from(materialBookItems) });

async function newBook(name: string, materialIds: number[], onMarket = true) {
  const book = (await call(`${B}/add`, { token: maker.adminToken, body: { name } })).body.data;
  expect((await call(`${B}/edit`, { token: maker.adminToken, body: { id: book.id, introduction: `${name} intro`, coverMaterialId: null, materialIds } })).status).toBe(200);
  if (onMarket) expect((await call(ON, { token: maker.adminToken, body: { ids: [book.id] } })).body.data).toEqual({ changed: 1 });
  return book.id as number;
}

beforeAll(async () => {
  await seedReferenceData();
  // Certified: it puts more books on the market than an uncertified company may (docs/product/markets.md#uncertified-companies).
  maker = await createEnterprise({ company: { corpCerStatus: 2 } });
  rival = await createEnterprise();
  for (const kind of ['twill', 'twill', 'twill', 'twill', 'twill'] as const) own.push((await createMaterial(maker.companyId, kind)).id);
  foreign = (await createMaterial(rival.companyId, 'twill')).id;
  buyer = await createSession(await createUser({ role: 1 }));
});

describe('making a book', () => {
  it('creates, fills in order, renames and lists a company’s book, off the market until put on', async () => {
    const created = await call(`${B}/add`, { token: maker.adminToken, body: { name: '  春夏精选  ', introduction: '主推' } });
    expect(created.body.data).toMatchObject({ name: '春夏精选', introduction: '主推', onMarket: 0, count: 0, own: true, cover: null });
    const id = created.body.data.id;
    const edited = await call(`${B}/edit`, { token: maker.adminToken, body: { id, introduction: '新介绍', coverMaterialId: own[2], materialIds: [own[2], own[0], own[1]] } });
    expect(edited.body.data).toMatchObject({ introduction: '新介绍', count: 3, cover: { src: expect.any(String) } });
    const detail = await call(`/collection/detail?id=${id}`, { token: maker.memberToken });
    expect(detail.body.data.records.map((m: { id: number }) => m.id)).toEqual([own[2], own[0], own[1]]);
    expect((await call(`${B}/rename`, { token: maker.adminToken, body: { id, name: '春夏' } })).body.data.name).toBe('春夏');
    const listed = await call(`${B}/list?keyword=春`, { token: maker.adminToken });
    expect(listed.body.data.records.map((b: { id: number }) => b.id)).toContain(id);
    // Off the market the book is the company's alone.
    expect((await call(`/open/collection/detail?id=${id}`)).status).toBe(404);
    expect((await call(ON, { token: maker.adminToken, body: { ids: [id] } })).status).toBe(200);
    expect((await call(`/open/collection/detail?id=${id}`)).body.data.book).toMatchObject({ name: '春夏', onMarket: 1, count: 3, own: false });
    const taken = await call(`${B}/remove?id=${id}&materialId=${own[0]}`, { token: maker.adminToken, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(taken.body.data).toEqual({ removed: 1 });
  });

  it('refuses a name over 20 characters, a name in use, another company’s material and more than 200, changing nothing', async () => {
    await call(`${B}/add`, { token: maker.adminToken, body: { name: '已有' } });
    const id = (await call(`${B}/add`, { token: maker.adminToken, body: { name: '检查' } })).body.data.id;
    const before = await snapshot();
    const long = await call(`${B}/add`, { token: maker.adminToken, body: { name: '一'.repeat(21) } });
    expect(long.status).toBe(422);
    expect(long.body.data.fields[0]).toEqual({ field: 'name', message: '材料册名称最多 20 个字' });
    expect((await call(`${B}/add`, { token: maker.adminToken, body: { name: '已有' } })).status).toBe(409);
    const stranger = await call(`${B}/edit`, { token: maker.adminToken, body: { id, introduction: '', coverMaterialId: null, materialIds: [own[0], foreign] } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.data.fields[0].field).toBe('materialIds[1]');
    const tooMany = await call(`${B}/edit`, { token: maker.adminToken, body: { id, introduction: '', coverMaterialId: null, materialIds: Array.from({ length: 201 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may change a book', () => {
  it('treats another company’s book as not there: 404 for every change, and nothing changes', async () => {
    const id = await newBook('别家的', [own[0]!]);
    const before = await snapshot();
    for (const answer of [
      await call(`${B}/rename`, { token: rival.adminToken, body: { id, name: '改名' } }),
      await call(`${B}/edit`, { token: rival.adminToken, body: { id, introduction: '', coverMaterialId: null, materialIds: [] } }),
      await call(`${B}/delete`, { token: rival.adminToken, body: { id } }),
      await call(`${B}/remove?id=${id}&materialId=${own[0]}`, { token: rival.adminToken, headers: { 'sec-fetch-site': 'same-origin' } }),
      await call(OFF, { token: rival.adminToken, body: { ids: [id] } }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a member without the material-books permission (100403), changing nothing', async () => {
    const id = await newBook('权限', [own[1]!]);
    const before = await snapshot();
    const member = await call(`${B}/add`, { token: maker.memberToken, body: { name: '成员的' } });
    expect(member.body.code).toBe(100403);
    expect((await call(`${B}/rename`, { token: maker.memberToken, body: { id, name: 'x' } })).body.code).toBe(100403);
    expect((await call(OFF, { token: maker.memberToken, body: { ids: [id] } })).body.code).toBe(100403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('reading a book', () => {
  it('searches inside a book, keeps it, and drops it from the kept list while it is off the market', async () => {
    const id = await newBook('可搜索', [own[3]!, own[4]!]);
    const all = await call(`${B}/material/search`, { body: { id, keywords: '' } });
    expect(all.body.data.total).toBe(2);
    const name = all.body.data.records[1].name as string;
    const found = await call(`${B}/material/search`, { body: { id, keywords: name.slice(0, 4) } });
    expect(found.body.data.records.map((m: { id: number }) => m.id)).toContain(own[4]);
    const none = await call(`${B}/material/search`, { body: { id, keywords: 'zzzz-none' } });
    expect(none.body.data).toMatchObject({ total: 0, records: [] });

    expect((await call(`${B}/collect`, { token: buyer, body: { id } })).body.data).toEqual({ collected: true });
    expect((await call(`/buyer/collection/detail?id=${id}`, { token: buyer })).body.data.book.collected).toBe(true);
    expect((await call(`${B}/collected`, { token: buyer })).body.data.records.map((b: { id: number }) => b.id)).toContain(id);
    await call(OFF, { token: maker.adminToken, body: { ids: [id] } });
    expect((await call(`${B}/collected`, { token: buyer })).body.data.records.map((b: { id: number }) => b.id)).not.toContain(id);
    expect((await call(`${B}/material/search`, { token: buyer, body: { id, keywords: '' } })).status).toBe(404);
    expect((await call(`${B}/collect`, { token: buyer, body: { id } })).status).toBe(404);
    expect((await call(`${B}/collect`, { token: buyer, body: { id, collect: false } })).body.data).toEqual({ collected: false });
  });

  it('deletes a book with its list, leaving its materials', async () => {
    const id = await newBook('删除', [own[0]!]);
    expect((await call(`${B}/delete`, { token: maker.adminToken, body: { id } })).body.data).toEqual({ id });
    expect((await call(`/collection/detail?id=${id}`, { token: maker.adminToken })).status).toBe(404);
    const still = await call('/open/v2/material/list/by-ids', { body: { ids: [own[0]] } });
    expect(JSON.stringify(still.body.data)).toContain(`"id":${own[0]}`);
  });
});

describe('the PDF of a book', () => {
  it('is a PDF whose text is real text (a font with a Unicode map), for a reader of a book on the market only', async () => {
    const id = await newBook('打印版', own.slice(0, 3));
    const res = await send(`${B}/pdf?id=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('.pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    // Embedded fonts with a ToUnicode map: readers can select and copy the Chinese and Latin text.
    expect(text).toContain('/ToUnicode');
    expect(text).toContain('/FontFile2');
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(2);
    await call(OFF, { token: maker.adminToken, body: { ids: [id] } });
    expect((await send(`${B}/pdf?id=${id}`)).status).toBe(404);
    expect((await send(`${B}/pdf?id=${id}`, { token: maker.memberToken })).status).toBe(200);
  });

  /** The versions of a book's PDF kept in storage. */
  const kept = (id: number) => {
    const dir = path.join(dataDir.path, 'files', 'book-pdf', String(id));
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const pdfOf = async (id: number, ip: string) => {
    const res = await send(`${B}/pdf?id=${id}`, { ip });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('is drawn once per version and kept in storage; a change to the book or its materials makes a new version', async () => {
    const id = await newBook('存档版', own.slice(0, 2));
    expect(kept(id)).toEqual([]);
    const first = await pdfOf(id, '10.44.0.1');
    expect(kept(id)).toHaveLength(1);
    expect((await pdfOf(id, '10.44.0.1')).equals(first)).toBe(true);
    expect(kept(id)).toHaveLength(1);
    // Another language is another version.
    expect((await send(`${B}/pdf?id=${id}`, { ip: '10.44.0.1', lang: 'en' })).status).toBe(200);
    expect(kept(id)).toHaveLength(2);
    await call(`${B}/rename`, { token: maker.adminToken, body: { id, name: '存档版二' } });
    expect((await pdfOf(id, '10.44.0.1')).equals(first)).toBe(false);
    expect(kept(id)).toHaveLength(3);
    await call(`${B}/edit`, { token: maker.adminToken, body: { id, introduction: '存档版 intro', coverMaterialId: null, materialIds: own.slice(0, 3) } });
    await pdfOf(id, '10.44.0.1');
    expect(kept(id)).toHaveLength(4);
  });

  it('draws a version once for readers who ask at the same moment, more of them than PDFs drawn at once', async () => {
    const id = await newBook('同时版', own.slice(0, 3));
    const answers = await Promise.all(Array.from({ length: MATERIAL_BOOK_PDF_RENDERS + 3 }, (_, i) => pdfOf(id, `10.45.0.${i + 1}`)));
    for (const pdf of answers) expect(pdf.equals(answers[0]!)).toBe(true);
    expect(kept(id)).toHaveLength(1);
  });

  it('is limited per address, with Retry-After, and another address is not refused', async () => {
    const id = await newBook('限次版', own.slice(0, 1));
    for (let i = 0; i < LIMITS['materialBookPdf.ip'].points; i += 1) await pdfOf(id, '10.46.0.1');
    const refused = await call(`${B}/pdf?id=${id}`, { ip: '10.46.0.1', lang: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERROR.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await pdfOf(id, '10.46.0.2');
  });
});
