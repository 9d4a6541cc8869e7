import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, getPool } from '../../src/lib/server/db/client';
import { images, materials } from '../../src/lib/server/db/schema';
import { DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION } from '../../src/lib/server/images/descriptor';
import { PHOTO_SEARCHES_AT_ONCE, photoSearchGate } from '../../src/lib/server/images/find-materials-by-image';
import { indexMaterialImages } from '../../src/lib/server/images/index-material-images';
import { storeImage } from '../../src/lib/server/images/store-image';
import { renderTexture, type TextureKind } from '../../src/lib/server/seed/textures';
import { apiCaller } from '../fixtures/api';
import { photoOf, searchByPhoto } from '../fixtures/photos';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { categoryId, createMaterial, seedReferenceData } from '../fixtures/materials';

const { call } = apiCaller();
let token: string;
let org: number;
const made = new Map<string, number>();

const upload = (bytes: Buffer | null, opts: { name?: string; type?: string; fields?: Record<string, string>; auth?: boolean; lang?: string } = {}) =>
  searchByPhoto(call, bytes, { ...opts, token: opts.auth === false ? undefined : token });
const ownNames = (r: { body: { data: { records: { name: string; supplierInfo: { supplierId: number } }[] } } }) =>
  r.body.data.records.filter((m) => m.supplierInfo.supplierId === org).map((m) => m.name);

beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise({ company: { orgName: '纹理测试有限公司' } })).companyId;
  token = await createSession(await createUser({ role: 1 }));
  const add = async (name: string, code: string, kind: TextureKind, hex: string) => {
    const image = await storeImage(await renderTexture(kind, hex, 1, 640), { companyId: org });
    const saved = await createMaterial(org, code, { nameCn: name, colorCards: [{ name: 'C1', hex, images: [image] }] });
    made.set(name, saved.id);
  };
  await add('靛蓝牛仔', 'microfiber', 'denim', '#2a4b7c');
  await add('棕色荔枝纹', 'full-grain', 'full-grain', '#7a4a2a');
  await add('白色网布', 'flyknit', 'air-mesh', '#e8e8e4');
  await add('黑色漆皮', 'full-grain', 'patent', '#151515');
  await add('未上架牛仔', 'microfiber', 'denim', '#2b4c7d');
  await getDb()
    .update(materials)
    .set({ onMarketDomestic: 0 })
    .where(eq(materials.id, made.get('未上架牛仔')!));
  await indexMaterialImages();
});

describe('image descriptors (docs/product/search.md#how-results-are-ranked)', () => {
  it('are computed for every material image, in the current version, and not twice', async () => {
    const ids = [...made.values()];
    const { rows } = await getPool().query<{ n: string; dims: number; version: number }>(
      `select count(distinct d.image_id) as n, min(length(d.quantized)) - 4 as dims, min(d.version) as version
         from image_descriptors d join material_images mi on mi.image_id = d.image_id where mi.material_id = any($1::bigint[])`,
      [ids],
    );
    expect(Number(rows[0]!.n)).toBe(ids.length);
    expect(rows[0]!.dims).toBe(DESCRIPTOR_DIMENSIONS);
    expect(rows[0]!.version).toBe(DESCRIPTOR_VERSION);
    expect(await indexMaterialImages()).toBe(0);
  });

  it('are not kept for uploads: a searched photo never becomes a candidate', async () => {
    const answer = await upload(await photoOf('denim', '#2a4b7c'));
    const { rows } = await getPool().query(`select 1 from image_descriptors d join images i on i.id = d.image_id where i.sha256 = $1`, [answer.body.data.image.sha256]);
    expect(rows).toHaveLength(0);
  });

  it('keep a layout beside the vector, and a row stored before layouts were is described again', async () => {
    const imageId = (await getPool().query<{ image_id: string }>(`select image_id from material_images where material_id = $1`, [made.get('靛蓝牛仔')])).rows[0]!.image_id;
    const layoutOf = async () => (await getPool().query<{ layout: Buffer | null }>(`select layout from image_descriptors where image_id = $1`, [imageId])).rows[0]!.layout;
    const layout = await layoutOf();
    expect(layout).not.toBeNull();
    await getPool().query(`update image_descriptors set layout = null where image_id = $1`, [imageId]);
    expect(await indexMaterialImages()).toBe(1);
    expect(await layoutOf()).toEqual(layout);
  });
});

describe('search by photo (docs/product/search.md#calls search/pic)', () => {
  it('finds the material in another photo of it first, and never an unpublished one', async () => {
    const found = await upload(await photoOf('denim', '#2a4b7c'));
    expect(found.status).toBe(200);
    expect(ownNames(found)[0]).toBe('靛蓝牛仔');
    expect(ownNames(found)).not.toContain('未上架牛仔');
    const similarities = found.body.data.records.map((r: { match: { similarity: number } }) => r.match.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(similarities[0]).toBeGreaterThan(similarities.at(-1));
    expect(found.body.data.image.sha256).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await getPool().query<{ installed: boolean }>("select exists (select 1 from pg_extension where extname = 'vector') as installed");
    expect(found.body.data.mode).toBe(rows[0]!.installed ? 'hnsw' : 'exact');

    expect(ownNames(await upload(await photoOf('air-mesh', '#e8e8e4'), { name: 'mesh.webp', type: 'image/webp' })).at(0)).toBe('白色网布');
    expect(ownNames(await upload(await photoOf('full-grain', '#7a4a2a'), { name: 'leather.PNG', type: 'image/png' })).at(0)).toBe('棕色荔枝纹');
  });

  it('searches a region of the photo only', async () => {
    const denim = await sharp(await photoOf('denim', '#2a4b7c')).resize(400, 400).toBuffer();
    const patent = await sharp(await photoOf('patent', '#151515')).resize(400, 400).toBuffer();
    const both = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#ffffff' } })
      .composite([
        { input: denim, left: 0, top: 0 },
        { input: patent, left: 400, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const left = await upload(both, { fields: { region: '0,0,0.5,1' } });
    expect(left.status).toBe(200);
    expect(ownNames(left)[0]).toBe('靛蓝牛仔');
    expect(ownNames(await upload(both, { fields: { region: '0.5,0,0.5,1' } }))[0]).toBe('黑色漆皮');
  });

  it('narrows to a category and pages', async () => {
    const leather = await upload(await photoOf('denim', '#2a4b7c'), { fields: { categoryId: String(await categoryId('full-grain')) } });
    expect(ownNames(leather).every((n) => n === '棕色荔枝纹' || n === '黑色漆皮')).toBe(true);
    const first = await upload(await photoOf('denim', '#2a4b7c'), { fields: { size: '1' } });
    const second = await upload(await photoOf('denim', '#2a4b7c'), { fields: { size: '1', page: '2' } });
    expect(first.body.data.records).toHaveLength(1);
    expect(second.body.data.records[0].id).not.toBe(first.body.data.records[0].id);
    expect(second.body.data.total).toBe(first.body.data.total);
  });

  it('takes png, jpg, jpeg and webp only, with a clear message in the reader’s language', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } }).gif().toBuffer();
    const asGif = await upload(gif, { name: 'a.gif', type: 'image/gif' });
    expect(asGif.status).toBe(422);
    expect(asGif.body.msg).toContain('只支持 png、jpg、jpeg 或 webp');
    // A gif renamed .png is found out by decoding.
    const renamed = await upload(gif, { name: 'a.png', type: 'image/png', lang: 'en' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.msg).toContain('Only png, jpg, jpeg or webp');
    const text = await upload(Buffer.from('not an image at all'), { name: 'x.jpeg', lang: 'en' });
    expect(text.status).toBe(422);
    expect(text.body.msg).toContain('not an image');
    const none = await upload(null, { lang: 'en' });
    expect(none.status).toBe(422);
    expect(none.body.msg).toContain('Choose an image');
    const region = await upload(await photoOf('denim', '#2a4b7c'), { fields: { region: '0.8,0,0.5,1' }, lang: 'en' });
    expect(region.status).toBe(422);
    expect(region.body.msg).toContain('select an area inside the picture');
  });

  it('runs at most PHOTO_SEARCHES_AT_ONCE searches at once, refusing one more with Retry-After and a clear message', async () => {
    const held = Array.from({ length: PHOTO_SEARCHES_AT_ONCE }, () => photoSearchGate.tryEnter());
    try {
      expect(held.every(Boolean)).toBe(true);
      const refused = await upload(await photoOf('denim', '#2a4b7c'), { lang: 'en' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.msg).toContain('try again in a few seconds');
      const cn = await upload(await photoOf('denim', '#2a4b7c'));
      expect(cn.body.msg).toContain('请几秒后再试');
      // Refused before anything is spent: the photo is neither decoded nor kept.
      const unseen = await photoOf('denim', '#3c5d8e');
      expect((await upload(unseen)).status).toBe(429);
      const sha256 = createHash('sha256').update(unseen).digest('hex');
      expect(await getDb().select({ id: images.id }).from(images).where(eq(images.sha256, sha256))).toEqual([]);
    } finally {
      for (const release of held) release?.();
    }
    expect((await upload(await photoOf('denim', '#2a4b7c'))).status).toBe(200);
  });

  it('refuses a guest and an upload over 5 MB', async () => {
    expect((await upload(await photoOf('denim', '#2a4b7c'), { auth: false })).status).toBe(401);
    const huge = Buffer.alloc(6 * 1024 * 1024, 1);
    expect((await upload(huge, { lang: 'en' })).status).toBe(413);
  });
});

describe('search by photo, as the catalogue grows', () => {
  it('finds a material whose picture was described after searches had started', async () => {
    // The first search has loaded the exact scan's rows (without pgvector); the new picture must reach them too.
    expect((await upload(await photoOf('denim', '#2a4b7c'))).status).toBe(200);
    // Another supplier's, so the other cases' counts stay as they are whatever the order.
    const other = (await createEnterprise({ company: { orgName: '后来者有限公司' } })).companyId;
    const image = await storeImage(await renderTexture('patent', '#b01028', 1, 640), { companyId: other });
    await createMaterial(other, 'full-grain', { nameCn: '红色漆皮', colorCards: [{ name: 'C1', hex: '#b01028', images: [image] }] });
    expect(await indexMaterialImages()).toBe(1);
    // Rows stored since the last load are picked up within two seconds; poll rather than guess the moment.
    const photo = await photoOf('patent', '#b01028');
    let first: string | undefined;
    for (let tries = 0; tries < 20 && first !== '红色漆皮'; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      first = (await upload(photo)).body.data.records[0]?.name;
    }
    expect(first).toBe('红色漆皮');
  });

  it('ranks the very picture a crop was cut from first, among photos of the same material', async () => {
    const other = (await createEnterprise({ company: { orgName: '同款有限公司' } })).companyId;
    const pictures: Buffer[] = [];
    for (const [seed, name] of [[1, '棕漆皮一号'], [2, '棕漆皮二号'], [3, '棕漆皮三号']] as const) {
      const bytes = await renderTexture('patent', '#7a4a2a', seed, 640);
      pictures.push(bytes);
      const image = await storeImage(bytes, { companyId: other });
      await createMaterial(other, 'full-grain', { nameCn: name, colorCards: [{ name: 'C1', hex: '#7a4a2a', images: [image] }] });
    }
    await indexMaterialImages();
    // A centre crop of half each side of the second picture, as a designer cuts it from a catalogue page.
    const cropped = await sharp(pictures[1]!).extract({ left: 160, top: 160, width: 320, height: 320 }).jpeg({ quality: 80 }).toBuffer();
    let records: { name: string; match: { similarity: number } }[] = [];
    for (let tries = 0; tries < 20 && records[0]?.name !== '棕漆皮二号'; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      records = (await upload(cropped)).body.data.records;
    }
    expect(records[0]!.name).toBe('棕漆皮二号');
    // Shown as the same picture: only the layout step puts a crop at distance ~0.
    expect(records[0]!.match.similarity).toBeGreaterThanOrEqual(0.999);
    expect(records.slice(1, 3).map((r) => r.name).sort()).toEqual(['棕漆皮一号', '棕漆皮三号']);
    expect(records[1]!.match.similarity).toBeLessThan(0.99);
  });
});
