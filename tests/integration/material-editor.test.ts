/**
 * The supplier's material editor on the server (docs/product/material-editor.md): every rule holds whatever the client
 * sends, a refusal names its fields in the caller's language and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { categories, colorCards, materials, materialVersions, uploadedFiles } from '../../src/lib/server/db/schema';
import { MESSAGES } from '../../src/lib/i18n';
import { deleteMaterials } from '../../src/lib/server/materials/delete-materials';
import { getStorage } from '../../src/lib/server/storage';
import { createEnterprise } from '../fixtures/identity';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { categoryId, createMaterial, seedReferenceData, testImage } from '../fixtures/materials';

const { call, send } = apiCaller();
const { app } = apiCaller('');
useTempDataDir('material-editor');

type Pic = Awaited<ReturnType<typeof testImage>>;
type Enterprise = Awaited<ReturnType<typeof createEnterprise>>;
let supplier: Enterprise;
let other: Enterprise;
let twill: number;
let leather: number;

const edit = (body: unknown, token = supplier.adminToken, lang?: string) => call('/v2/material/edit', { body, token, lang });
const source = (materialId: number, token = supplier.adminToken) => call(`/v2/material/edit/source?materialId=${materialId}`, { token });

/** A valid domestic twill (woven: width and grammage required). */
function twillBody(overrides: Record<string, unknown> = {}, attrs: Record<string, unknown> = {}) {
  return {
    categoryId: twill,
    marketType: 1,
    attrs: { PF_NAME_CN: '斜纹布', PF_PRICE: '18', PF_WIDTH: { value: '150', unit: 6 }, PF_GRAMMAGE: '220', ...attrs },
    colorCards: [{ name: '藏青', hex: '#1F3A93' }],
    ...overrides,
  };
}

const versionsOf = async (id: number) => (await getDb().select({ version: materialVersions.version }).from(materialVersions).where(eq(materialVersions.materialId, id))).length;
const latestAttrs = async (id: number) => {
  const [row] = await getDb().select({ version: materials.version }).from(materials).where(eq(materials.id, id));
  const [v] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, id), eq(materialVersions.version, row!.version)));
  return (v!.data as { attrs: Record<string, unknown> }).attrs;
};
const companyMaterialCount = async (companyId: number) => (await getDb().select({ id: materials.id }).from(materials).where(eq(materials.companyId, companyId))).length;
const field = (body: { data: { fields: Array<{ field: string; message: string }> } }, name: string) => body.data.fields.find((f) => f.field === name)?.message;
const words = (lang: 'cn' | 'en') => MESSAGES[lang].validation;

beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise();
  other = await createEnterprise();
  twill = await categoryId('twill');
  leather = await categoryId('full-grain');
});

describe('saving (docs/product/material-editor.md#field-rules)', () => {
  it('creates version 1 with numbers rounded, integers cast, defaults filled, empties left out, and on no market', async () => {
    const res = await edit(twillBody({}, { PF_PRICE: '12.346', PF_SAMPLE_PRICE: 3.999, PF_MOQ: '100.7', PF_WIDTH: { value: '145.556', unit: '' }, PF_THICKNESS: undefined, PF_UNIT: 0, PF_PRODUCT: [], PF_SERIAL_NO: '  ', PF_NAME_EN: 'Twill', PF_SHIP_FROM: 'CN-FJ' }));
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), version: 1 });
    const attrs = await latestAttrs(res.body.data.id);
    expect(attrs).toMatchObject({ PF_PRICE: 12.35, PF_SAMPLE_PRICE: 4, PF_MOQ: 100, PF_WIDTH: { value: 145.56, unit: 6 }, PF_GRAMMAGE: 220, PF_SEASON: '1', PF_CURRENCY: 'CNY', PF_SHIP_FROM: 'CN-FJ' });
    expect(attrs).not.toHaveProperty('PF_UNIT');
    expect(attrs).not.toHaveProperty('PF_PRODUCT');
    expect(attrs).not.toHaveProperty('PF_SERIAL_NO');
    const [row] = await getDb().select().from(materials).where(eq(materials.id, res.body.data.id));
    expect(row).toMatchObject({ nameCn: '斜纹布', nameEn: 'Twill', serialNo: '', price: 12.35, currency: 'CNY', onMarketDomestic: 0, onMarketOverseas: 0, companyId: supplier.companyId });
  });

  it('overseas: the English name is required and the currency is US dollars whatever the form says', async () => {
    const missing = await edit({ ...twillBody({ marketType: 2 }), attrs: { PF_PRICE: '5', PF_WIDTH: { value: 150 }, PF_GRAMMAGE: 200, PF_CURRENCY: 'CNY' } });
    expect(missing.body.code).toBe(300069);
    expect(field(missing.body, 'attrs.PF_NAME_EN')).toBe(words('cn').required);
    const res = await edit({ ...twillBody({ marketType: 2 }), attrs: { PF_NAME_EN: 'Twill', PF_PRICE: '5', PF_WIDTH: { value: 150 }, PF_GRAMMAGE: 200, PF_CURRENCY: 'CNY' } });
    expect(res.body.code).toBe(200);
    expect(await latestAttrs(res.body.data.id)).toMatchObject({ PF_CURRENCY: 'USD', PF_WIDTH: { value: 150, unit: 6 } });
    const [row] = await getDb().select({ currency: materials.currency, nameEn: materials.nameEn }).from(materials).where(eq(materials.id, res.body.data.id));
    expect(row).toEqual({ currency: 'USD', nameEn: 'Twill' });
  });

  it('a new version keeps where the material is on sale and the ids of the cards it keeps', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const before = (await source(id)).body.data;
    expect(before.marketTypes).toEqual([1]);
    const cards = before.colorCards.map((c: { id: number; name: string; hex: string; images: Array<{ id: number }> }) => ({ id: c.id, name: c.name, hex: c.hex, imageIds: c.images.map((i) => i.id) }));
    const res = await edit(twillBody({ materialId: id, colorCards: cards }, { PF_NAME_CN: '改名' }));
    expect(res.body.data).toEqual({ id, version: 2 });
    const [row] = await getDb().select().from(materials).where(eq(materials.id, id));
    expect(row).toMatchObject({ onMarketDomestic: 1, onMarketOverseas: 0, nameCn: '改名', version: 2 });
    const after = (await source(id)).body.data;
    expect(after.colorCards.map((c: { id: number }) => c.id)).toEqual(cards.map((c: { id: number }) => c.id));
    expect(after.colorCards[0].images).toHaveLength(1);
  });
});

describe('refusals at their fields, in the caller’s language (docs/product/material-editor.md#field-rules)', () => {
  const cases: Array<[string, Record<string, unknown>, string, number, (lang: 'cn' | 'en') => string]> = [
    ['a required field left empty', { PF_NAME_CN: '' }, 'attrs.PF_NAME_CN', 300069, (l) => words(l).required],
    ['a required number group without its value', { PF_WIDTH: { value: '', unit: 6 } }, 'attrs.PF_WIDTH', 300069, (l) => words(l).required],
    ['text over its maximum length', { PF_NAME_CN: '料'.repeat(61) }, 'attrs.PF_NAME_CN', 300070, (l) => words(l).maxLength.replace('{{maximum}}', '60')],
    ['a number over its maximum', { PF_PRICE: '1000001' }, 'attrs.PF_PRICE', 300070, (l) => words(l).outOfRange.replace('{{minimum}}', '0').replace('{{maximum}}', '1000000')],
    ['an integer under its minimum', { PF_MOQ: '0' }, 'attrs.PF_MOQ', 300070, (l) => words(l).outOfRange.replace('{{minimum}}', '1').replace('{{maximum}}', '10000000')],
    ['a number with two dots', { PF_PRICE: '12.3.4' }, 'attrs.PF_PRICE', 300068, (l) => words(l).numberFormat],
    ['a negative number', { PF_GRAMMAGE: '-5' }, 'attrs.PF_GRAMMAGE', 300068, (l) => words(l).numberFormat],
    ['letters for a number', { PF_PRICE: '12元' }, 'attrs.PF_PRICE', 300068, (l) => words(l).numberFormat],
    ['a season not in its dictionary', { PF_SEASON: '9' }, 'attrs.PF_SEASON', 300068, (l) => words(l).notInDictionary],
    ['a product not in its dictionary', { PF_PRODUCT: ['sports-shoes', 'spaceships'] }, 'attrs.PF_PRODUCT', 300068, (l) => words(l).notInDictionary],
    ['a price unit not in its dictionary', { PF_UNIT: 'furlong' }, 'attrs.PF_UNIT', 300068, (l) => words(l).notInDictionary],
    ['a unit that is not a measure', { PF_WIDTH: { value: 150, unit: 99 } }, 'attrs.PF_WIDTH', 300068, (l) => words(l).unit],
    ['an unknown place', { PF_SHIP_FROM: 'XX-NOWHERE' }, 'attrs.PF_SHIP_FROM', 300068, (l) => words(l).invalidValue],
    ['a field no template has', { PF_FOO: 'x' }, 'attrs.PF_FOO', 300068, (l) => words(l).unknownField],
    ['a field of another category', { PF_OIL_CONTENT: '5' }, 'attrs.PF_OIL_CONTENT', 300068, (l) => words(l).unknownField],
  ];
  for (const [name, attrs, at, code, message] of cases) {
    it(`${name}: ${code} at ${at}, in Chinese and in English, nothing saved`, async () => {
      const count = await companyMaterialCount(supplier.companyId);
      for (const lang of ['cn', 'en'] as const) {
        const res = await edit(twillBody({}, attrs), supplier.adminToken, lang === 'cn' ? 'zh-CN' : 'en');
        expect(res.status).toBe(422);
        expect(res.body.code).toBe(code);
        expect(field(res.body, at)).toBe(message(lang));
      }
      expect(await companyMaterialCount(supplier.companyId)).toBe(count);
    });
  }

  it('names every field at fault at once, the code being that of the first', async () => {
    const res = await edit(twillBody({}, { PF_NAME_CN: '', PF_PRICE: 'x', PF_GRAMMAGE: '99999' }));
    expect(res.body.code).toBe(300069);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['attrs.PF_NAME_CN', 'attrs.PF_PRICE', 'attrs.PF_GRAMMAGE']);
  });

  it('an edit that fails leaves the material at its version', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const res = await edit(twillBody({ materialId: id }, { PF_PRICE: '-1' }));
    expect(res.body.code).toBe(300068);
    expect(await versionsOf(id)).toBe(1);
  });

  it('an unknown category is 300068 at categoryId', async () => {
    const res = await edit(twillBody({ categoryId: 9_999_999 }));
    expect(res.body.code).toBe(300068);
    expect(field(res.body, 'categoryId')).toBe(words('cn').categoryNotFound);
  });

  it('level-2 categories use their root’s template (leather needs a thickness)', async () => {
    const res = await edit({ categoryId: leather, attrs: { PF_NAME_CN: '牛皮', PF_PRICE: 30 }, colorCards: [{ name: '黑', hex: '#111111' }] });
    expect(res.body.code).toBe(300069);
    expect(field(res.body, 'attrs.PF_THICKNESS')).toBe(words('cn').required);
    const ok = await edit({ categoryId: leather, attrs: { PF_NAME_CN: '牛皮', PF_PRICE: 30, PF_THICKNESS: { value: '1.2' } }, colorCards: [{ name: '黑', hex: '#111111' }] });
    expect(ok.body.code).toBe(200);
    expect(await latestAttrs(ok.body.data.id)).toMatchObject({ PF_THICKNESS: { value: 1.2, unit: 5 } });
  });
});

describe('who may edit (docs/product/material-editor.md#who-may-edit)', () => {
  it('another company’s material is 100404 and gets no new version; so is a deleted one', async () => {
    const { id } = await createMaterial(other.companyId, 'twill');
    const res = await edit(twillBody({ materialId: id }));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(100404);
    expect(await versionsOf(id)).toBe(1);
    expect((await source(id)).body.code).toBe(100404);
    const mine = await createMaterial(supplier.companyId, 'twill');
    await deleteMaterials(supplier.companyId, [mine.id]);
    expect((await edit(twillBody({ materialId: mine.id }))).body.code).toBe(100404);
    expect((await edit(twillBody({ materialId: 987_654_321 }))).body.code).toBe(100404);
  });

  it('a member without FUN001 is refused with 100403 and nothing is saved', async () => {
    const count = await companyMaterialCount(supplier.companyId);
    const res = await edit(twillBody(), supplier.memberToken);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(100403);
    expect((await source(1, supplier.memberToken)).body.code).toBe(100403);
    expect(await companyMaterialCount(supplier.companyId)).toBe(count);
  });
});

describe('pictures and color cards (docs/product/material-editor.md#color-cards)', () => {
  it('takes the company’s own pictures in every slot and refuses another company’s', async () => {
    const [cover, dangling, g1, g2, card] = (await Promise.all(['#101010', '#202020', '#303030', '#404040', '#505050'].map((hex) => testImage(hex, supplier.companyId)))) as [Pic, Pic, Pic, Pic, Pic];
    const theirs = await testImage('#606060', other.companyId);
    const ok = await edit(twillBody({ coverImageId: cover.id, danglingImageId: dangling.id, galleryImageIds: [g2.id, g1.id], colorCards: [{ name: 'A', hex: '#505050', imageIds: [card.id] }] }));
    expect(ok.body.code).toBe(200);
    const src = (await source(ok.body.data.id)).body.data;
    expect(src.cover.id).toBe(cover.id);
    expect(src.dangling.id).toBe(dangling.id);
    expect(src.gallery.map((g: { id: number }) => g.id)).toEqual([g2.id, g1.id]);
    expect(src.colorCards[0].images.map((g: { id: number }) => g.id)).toEqual([card.id]);

    const count = await companyMaterialCount(supplier.companyId);
    for (const [body, at] of [
      [{ galleryImageIds: [g1.id, theirs.id] }, 'galleryImageIds[1]'],
      [{ coverImageId: theirs.id }, 'coverImageId'],
      [{ colorCards: [{ name: 'A', hex: '#505050', imageIds: [theirs.id] }] }, 'colorCards[0].imageIds[0]'],
      [{ danglingImageId: 987_654_321 }, 'danglingImageId'],
    ] as const) {
      const res = await edit(twillBody(body), supplier.adminToken, 'en');
      expect(res.body.code).toBe(300068);
      expect(field(res.body, at)).toBe(words('en').imageNotOwn);
    }
    expect(await companyMaterialCount(supplier.companyId)).toBe(count);
  });

  it('takes a picture another company stored first once this company has uploaded the same file', async () => {
    const shared = await testImage('#717171', other.companyId);
    expect((await edit(twillBody({ coverImageId: shared.id }))).body.code).toBe(300068);
    await getDb().insert(uploadedFiles).values({ relativePath: `u/${supplier.companyId}/shared-${shared.id}.jpg`, fullRegion: 'local', companyId: supplier.companyId, size: 1, mime: 'image/jpeg', imageId: shared.id });
    expect((await edit(twillBody({ coverImageId: shared.id }))).body.code).toBe(200);
  });

  it('starts the form of a material saved without name fields from its stored names', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const [row] = await getDb().select({ nameCn: materials.nameCn, nameEn: materials.nameEn, serialNo: materials.serialNo }).from(materials).where(eq(materials.id, id));
    const attrs = (await source(id)).body.data.attrs;
    expect(attrs).toMatchObject({ PF_NAME_CN: row!.nameCn, PF_NAME_EN: row!.nameEn, PF_SERIAL_NO: row!.serialNo });
    expect(row!.nameCn.length).toBeGreaterThan(0);
  });

  it('keeps a picture the material already shows even when the company did not upload it', async () => {
    const platform = await testImage('#707070', null);
    const { id } = await createMaterial(supplier.companyId, 'twill', { enclosure: [platform] });
    const cards = (await source(id)).body.data.colorCards.map((c: { id: number; name: string; hex: string }) => ({ id: c.id, name: c.name, hex: c.hex }));
    expect((await edit(twillBody({ materialId: id, colorCards: cards, galleryImageIds: [platform.id] }))).body.code).toBe(200);
    // A new material may not take it.
    expect((await edit(twillBody({ galleryImageIds: [platform.id] }))).body.code).toBe(300068);
  });

  it('refuses a color card id of another material', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, id));
    const res = await edit(twillBody({ colorCards: [{ id: card!.id, name: 'X', hex: '#000000' }] }));
    expect(res.body.code).toBe(300068);
    expect(field(res.body, 'colorCards[0].id')).toBe(words('cn').colorCardNotOwn);
  });

  it('color card names are at most 32 characters and a color card is required', async () => {
    const long = await edit(twillBody({ colorCards: [{ name: 'x'.repeat(33), hex: '#000000' }] }));
    expect(long.body.code).toBe(300070);
    expect(long.body.data.fields[0].field).toBe('colorCards[0].name');
    const none = await edit(twillBody({ colorCards: [] }), supplier.adminToken, 'en');
    expect(none.body.code).toBe(300069);
    expect(field(none.body, 'colorCards')).toBe(words('en').colorCardRequired);
  });
});

describe('the edit source', () => {
  it('answers the latest version as entered, with its market state', async () => {
    const { id } = await createMaterial(supplier.companyId, 'jersey');
    const res = await source(id);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ id, version: 1, categoryId: await categoryId('jersey'), marketTypes: [1], attrs: { PF_PRICE: 12.5, PF_SEASON: '1' } });
    expect(res.body.data.colorCards).toHaveLength(2);
  });
});

describe('documents (docs/product/material-editor.md#documents)', () => {
  let fileCounter = 0;
  /** A file the company uploaded: stored bytes and its `uploaded_files` row. */
  async function uploadedDocument(companyId: number, ext = 'pdf', bytes = Buffer.from(`%PDF-1.4 test ${(fileCounter += 1)}`)) {
    const relativePath = `u/${companyId}/doc${fileCounter}-${Date.now()}.${ext}`;
    await getStorage().put(relativePath, bytes, 'application/pdf');
    await getDb().insert(uploadedFiles).values({ relativePath, fullRegion: 'local', companyId, size: bytes.length, mime: 'application/pdf' });
    return { relativePath, bytes };
  }
  const latestData = async (id: number) => {
    const [row] = await getDb().select({ version: materials.version }).from(materials).where(eq(materials.id, id));
    const [v] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, id), eq(materialVersions.version, row!.version)));
    return v!.data as { attachments?: unknown[] };
  };

  it('takes the company’s own file, stores its real size and type, and the edit source answers it', async () => {
    const file = await uploadedDocument(supplier.companyId);
    const res = await edit(twillBody({ attachments: [{ relativePath: file.relativePath, name: '  检测报告  ' }] }));
    expect(res.body.code).toBe(200);
    const expected = { relativePath: file.relativePath, name: '检测报告', size: file.bytes.length, mime: 'application/pdf' };
    expect((await latestData(res.body.data.id)).attachments).toEqual([expected]);
    expect((await source(res.body.data.id)).body.data.attachments).toEqual([expected]);
  });

  it('refuses another company’s file at its place, in the caller’s language, and changes nothing', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const theirs = await uploadedDocument(other.companyId);
    const mine = await uploadedDocument(supplier.companyId);
    const cards = (await source(id)).body.data.colorCards.map((c: { id: number; name: string; hex: string }) => ({ id: c.id, name: c.name, hex: c.hex }));
    const attachments = [{ relativePath: mine.relativePath, name: 'Mine' }, { relativePath: theirs.relativePath, name: 'Theirs' }];
    const res = await edit(twillBody({ materialId: id, colorCards: cards, attachments }), supplier.adminToken, 'en');
    expect(res.body.code).toBe(300068);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['attachments[1].relativePath']);
    expect(field(res.body, 'attachments[1].relativePath')).toBe(words('en').attachmentNotOwn);
    const cn = await edit(twillBody({ materialId: id, colorCards: cards, attachments }));
    expect(field(cn.body, 'attachments[1].relativePath')).toBe(words('cn').attachmentNotOwn);
    expect(await versionsOf(id)).toBe(1);
    expect((await source(id)).body.data.attachments).toEqual([]);
  });

  it('keeps a document the material already holds, and refuses more than ten or a name too long', async () => {
    const file = await uploadedDocument(supplier.companyId);
    const { id } = await createMaterial(supplier.companyId, 'twill', { attachments: [{ relativePath: 'u/0/kept.pdf', name: 'Kept', size: 10, mime: 'application/pdf' }] });
    const cards = (await source(id)).body.data.colorCards.map((c: { id: number; name: string; hex: string }) => ({ id: c.id, name: c.name, hex: c.hex }));
    const kept = await edit(twillBody({ materialId: id, colorCards: cards, attachments: [{ relativePath: 'u/0/kept.pdf', name: 'Renamed' }] }));
    expect(kept.body.code).toBe(200);
    expect((await latestData(id)).attachments).toEqual([{ relativePath: 'u/0/kept.pdf', name: 'Renamed', size: 10, mime: 'application/pdf' }]);

    const eleven = Array.from({ length: 11 }, (_, i) => ({ relativePath: file.relativePath, name: `Doc ${i}` }));
    const tooMany = await edit(twillBody({ materialId: id, colorCards: cards, attachments: eleven }));
    expect(tooMany.body.code).toBe(300070);
    expect(tooMany.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['attachments']);
    const long = await edit(twillBody({ materialId: id, colorCards: cards, attachments: [{ relativePath: file.relativePath, name: 'x'.repeat(121) }] }));
    expect(long.body.code).toBe(300070);
    expect(long.body.data.fields[0].field).toBe('attachments[0].name');
    expect(await versionsOf(id)).toBe(2);
  });

  it('an older snapshot without documents reads as none', async () => {
    const { id } = await createMaterial(supplier.companyId, 'twill');
    const [row] = await getDb().select({ data: materialVersions.data }).from(materialVersions).where(eq(materialVersions.materialId, id));
    const { attachments: _gone, ...older } = row!.data as Record<string, unknown>;
    await getDb().update(materialVersions).set({ data: older }).where(eq(materialVersions.materialId, id));
    expect((await source(id)).body.data.attachments).toEqual([]);
    const detail = await call('/open/v2/material/detail', { body: { id }, token: supplier.adminToken });
    expect(detail.body.data.attachments).toEqual([]);
  });

  describe('downloads (docs/product/catalogue.md#documents)', () => {
    const download = (query: string, token?: string) => send(`/material/attachment?${query}`, { token });

    it('the detail lists a published material’s documents and the link redirects to the stored bytes under their name', async () => {
      const file = await uploadedDocument(supplier.companyId);
      const { id } = await createMaterial(supplier.companyId, 'twill', { attachments: [{ relativePath: file.relativePath, name: '检测报告', size: file.bytes.length, mime: 'application/pdf' }] });
      const detail = await call('/open/v2/material/detail', { body: { id } });
      expect(detail.body.data.attachments).toEqual([{ index: 0, name: '检测报告', size: file.bytes.length, mime: 'application/pdf' }]);

      const res = await download(`materialId=${id}&version=1&index=0`);
      expect(res.status).toBe(302);
      const location = res.headers.get('location')!;
      expect(location).toMatch(/^\/api\/storage\/object\?/);
      const object = await app.request(location);
      expect(object.status).toBe(200);
      expect(Buffer.from(await object.arrayBuffer()).equals(file.bytes)).toBe(true);
      expect(object.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('检测报告.pdf')}`);
      // The name is signed with the link: another name is refused.
      const renamed = await app.request(location.replace(/name=[^&]+/, 'name=evil.html'));
      expect(renamed.status).toBe(403);
    });

    it('an unpublished material’s documents are its own company’s only; a bad index or version is 100404', async () => {
      const file = await uploadedDocument(supplier.companyId);
      const { id } = await createMaterial(supplier.companyId, 'twill', { marketTypes: [], attachments: [{ relativePath: file.relativePath, name: 'Draft sheet', size: file.bytes.length, mime: 'application/pdf' }] });
      for (const token of [undefined, other.adminToken]) {
        const res = await download(`materialId=${id}&index=0`, token);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: number }).code).toBe(100404);
      }
      expect((await download(`materialId=${id}&index=0`, supplier.adminToken)).status).toBe(302);
      for (const query of [`materialId=${id}&index=1`, `materialId=${id}&version=7&index=0`, `materialId=987654321&index=0`]) {
        const res = await download(query, supplier.adminToken);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { code: number }).code).toBe(100404);
      }
    });
  });
});

describe('what the editor page draws on', () => {
  it('every template per level-1 category and market, the dictionaries in the page language, the places', async () => {
    const { loadEditorCatalogue } = await import('../../src/lib/server/catalogue/load-editor-catalogue');
    const { templateKey } = await import('../../src/lib/material-editor');
    const [root] = await getDb().select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, twill));
    const en = await loadEditorCatalogue('en');
    const domestic = en.templates[templateKey(root!.parentId!, 1)]!;
    expect(domestic).toEqual(expect.arrayContaining([{ code: 'PF_WIDTH', required: true }, { code: 'PF_NAME_CN', required: true }, { code: 'PF_NAME_EN', required: false }]));
    expect(en.templates[templateKey(root!.parentId!, 2)]).toEqual(expect.arrayContaining([{ code: 'PF_NAME_EN', required: true }]));
    expect(en.fields.PF_WIDTH).toMatchObject({ inputType: 'numberGroup', title: 'Width', defaultValue: { unit: 6 } });
    expect(en.dictionaries.season).toEqual([{ value: '1', label: 'Spring/summer' }, { value: '2', label: 'Autumn/winter' }, { value: '3', label: 'All seasons' }]);
    expect(en.places).toEqual(expect.arrayContaining([{ value: 'CN-FJ', label: 'Fujian' }]));
    expect((await loadEditorCatalogue('cn')).dictionaries.season![0]).toEqual({ value: '1', label: '春夏' });
  });
});
