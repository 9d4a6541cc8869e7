/**
 * A material file bound to a material (docs/product/material-files.md): binding a reading in the editor with the
 * colors it proposes, declining them (-1000), rendering every color card in the background (queued → rendering →
 * success, failed with a reason, cancelled, retried), the file's settings per version, and taking the material out
 * again as a U3MA and an ASE that parse back to what went in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/i18n';
import { getDb } from '../../src/lib/server/db/client';
import { colorCards, materialFileReads, materials, uploadedFiles } from '../../src/lib/server/db/schema';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { bufferSource } from '../../src/lib/server/material-files/open-archive';
import { FILE_CODES } from '../../src/lib/server/material-files/parse-codes';
import { readU3m } from '../../src/lib/server/material-files/read-u3m';
import { u3mPackage } from '../../src/lib/server/material-files/testing/u3m-fixtures';
import { getStorage } from '../../src/lib/server/storage';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { categoryId, seedReferenceData } from '../fixtures/materials';

const { call, send } = apiCaller();
useTempDataDir('material-file-renders');

type Enterprise = Awaited<ReturnType<typeof createEnterprise>>;
let supplier: Enterprise;
let other: Enterprise;
let twill: number;
let workers: JobWorkers | null = null;
let uploads = 0;

beforeAll(async () => {
  await seedReferenceData();
  supplier = await createEnterprise();
  other = await createEnterprise();
  twill = await categoryId('twill');
});
afterAll(() => workers?.stop());

const startWorkers = async () => {
  workers ??= await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
};

async function upload(bytes: Buffer, companyId = supplier.companyId): Promise<string> {
  const relativePath = `u/${companyId}/render-file-${++uploads}.bin`;
  await getStorage().put(relativePath, bytes, 'application/zip');
  await getDb().insert(uploadedFiles).values({ relativePath, fullRegion: 'local', companyId, size: bytes.length, mime: 'application/zip' });
  return relativePath;
}

/** Reads a U3M package through the API and waits for the reading to end; answers the reading. */
async function readFile(bytes: Buffer, fileName = 'Twill navy.u3ma', enterprise = supplier) {
  await startWorkers();
  const asked = await call('/datapipe/parser/u3m', { body: { relativePath: await upload(bytes, enterprise.companyId), fileName }, token: enterprise.adminToken });
  expect(asked.body.code).toBe(200);
  const id = asked.body.data.id as number;
  const done = await waitUntil(`reading ${id}`, () => call(`/datapipe/parser/result?id=${id}`, { token: enterprise.adminToken }), (r) => ['done', 'failed'].includes(r.body.data.state));
  return done.body.data as { id: number; state: string; code: number; material: { colors: Array<{ name: string; hex: string }> } };
}

const edit = (body: unknown, token = supplier.adminToken, lang?: string) => call('/v2/material/edit', { body, token, lang });
const twillBody = (overrides: Record<string, unknown> = {}) => ({
  categoryId: twill,
  marketType: 1,
  attrs: { PF_NAME_CN: '斜纹布', PF_NAME_EN: 'Twill', PF_PRICE: '18', PF_WIDTH: { value: '150', unit: 6 }, PF_GRAMMAGE: '220' },
  colorCards: [{ name: 'Navy', hex: '#1f3a93', isBan: 1 }],
  ...overrides,
});
const render = (materialId: number, token = supplier.adminToken) => call(`/v2/material/fast/render?materialId=${materialId}`, { token });
const field = (body: { data: { fields: Array<{ field: string; message: string }> } }, name: string) => body.data.fields.find((f) => f.field === name)?.message;
const words = MESSAGES.en.validation;

/** Waits until no card of the material waits or renders; answers its render state. */
async function settled(materialId: number) {
  await startWorkers();
  return (await waitUntil(`renders of ${materialId}`, () => render(materialId), (r) => r.body.data.cards.every((c: { renderingStatus: number }) => ![1, 5].includes(c.renderingStatus)))).body.data;
}

/** A material bound to a freshly read package of base color `hex`, its file's color accepted as its one card. */
async function boundMaterial(hex = '#1f3a93', extra: Record<string, unknown> = {}) {
  const read = await readFile(await u3mPackage({ hex }));
  expect(read.material.colors).toEqual([{ name: 'Twill navy', hex }]);
  const saved = await edit(twillBody({ materialFileReadId: read.id, colorCards: [{ name: 'Twill navy', hex, isBan: 1 }], ...extra }));
  expect(saved.body.code).toBe(200);
  return { id: saved.body.data.id as number, readId: read.id };
}

describe('binding a read file in the editor', () => {
  it('binds the file, its accepted color becomes a bound card, and every card renders from queued to success with its pictures', async () => {
    const { id, readId } = await boundMaterial('#1f3a93', { colorCards: [{ name: 'Twill navy', hex: '#1f3a93', isBan: 1 }, { name: 'Sand', hex: '#d8c3a5' }] });
    const [row] = await getDb().select({ hasFile: materials.hasFile }).from(materials).where(eq(materials.id, id));
    expect(row!.hasFile).toBe(1);
    const source = (await call(`/v2/material/edit/source?materialId=${id}`, { token: supplier.adminToken })).body.data;
    expect(source.file).toMatchObject({ readId, fileName: 'Twill navy.u3ma', settings: { widthCm: 12.5, heightCm: 10 } });
    expect(source.file.settings.maps.sort()).toEqual(['alpha', 'basecolor', 'displacement', 'metalness', 'normal', 'roughness']);
    expect(source.colorCards.map((c: { name: string; isBan: number }) => [c.name, c.isBan])).toEqual([
      ['Twill navy', 1],
      ['Sand', 0],
    ]);

    const state = await settled(id);
    expect(state).toMatchObject({ materialId: id, hasFile: true, fullyRendered: true });
    for (const card of state.cards) {
      expect(card.renderingStatus).toBe(2);
      for (const picture of ['preview', 'previewWithRuler', 'crease', 'swatch']) expect(card.pictures[picture].src).toMatch(/^\/api\/img\//);
    }
    // The swatch is the base color recoloured per card: the two cards' swatches are different pictures.
    const [navy, sand] = await getDb().select({ outputs: colorCards.renderOutputs }).from(colorCards).where(eq(colorCards.materialId, id)).orderBy(colorCards.sort);
    expect(navy!.outputs!.swatch.id).not.toBe(sand!.outputs!.swatch.id);

    const stat = await call('/v2/material/fast/render/stat', { token: supplier.adminToken });
    expect(stat.body.data.success).toBeGreaterThanOrEqual(2);
  });

  it('refuses a reading of another company, one not finished or failed, and a bound color the file does not propose — nothing saved', async () => {
    const foreign = await readFile(await u3mPackage({ hex: '#aa3300' }), 'x.u3ma', other);
    const refused = await edit(twillBody({ materialFileReadId: foreign.id, colorCards: [{ name: 'A', hex: '#aa3300' }] }), supplier.adminToken, 'en');
    expect(refused.body.code).toBe(300068);
    expect(field(refused.body, 'materialFileReadId')).toBe(words.materialFileNotRead);

    const broken = await readFile(Buffer.from('not a zip at all'), 'broken.u3ma');
    expect(broken.state).toBe('failed');
    expect((await edit(twillBody({ materialFileReadId: broken.id }), supplier.adminToken, 'en')).body.code).toBe(300068);

    const own = await readFile(await u3mPackage({ hex: '#336699' }));
    const wrongColor = await edit(twillBody({ materialFileReadId: own.id, colorCards: [{ name: 'Red', hex: '#ff0000', isBan: 1 }] }), supplier.adminToken, 'en');
    expect(field(wrongColor.body, 'colorCards[0].hex')).toBe(words.colorCardNotInFile);
    const noFile = await edit(twillBody({ colorCards: [{ name: 'Navy', hex: '#1f3a93', isBan: 1 }] }), supplier.adminToken, 'en');
    expect(field(noFile.body, 'colorCards[0].hex')).toBe(words.colorCardNotInFile);
    const count = await getDb().select({ id: materials.id }).from(materials).where(eq(materials.companyId, supplier.companyId));
    expect(count).toHaveLength(1);
  });

  it('declining the proposed colors ends the reading with -1000 and its message, and it can no longer be bound', async () => {
    const read = await readFile(await u3mPackage({ hex: '#556b2f' }));
    const declined = await call('/datapipe/parser/decline', { body: { id: read.id }, token: supplier.adminToken, lang: 'en' });
    expect(declined.body.data).toMatchObject({ state: 'failed', code: FILE_CODES.colorAdjustDeclined, message: MESSAGES.en.materialFile.code['-1000'] });
    expect((await call('/datapipe/parser/decline', { body: { id: read.id }, token: supplier.adminToken })).body.data.code).toBe(-1000);
    expect((await edit(twillBody({ materialFileReadId: read.id, colorCards: [{ name: 'Olive', hex: '#556b2f' }] }))).body.code).toBe(300068);
    // Another company's reading is not found.
    expect((await call('/datapipe/parser/decline', { body: { id: read.id }, token: other.adminToken })).body.code).toBe(100404);
  });

  it('a bound card keeps the file’s color while the file stays; unbinding the file frees it and the material counts as rendered', async () => {
    const { id, readId } = await boundMaterial('#8b4513');
    await settled(id);
    const [card] = await getDb().select({ id: colorCards.id }).from(colorCards).where(eq(colorCards.materialId, id));
    const locked = await edit(twillBody({ materialId: id, materialFileReadId: readId, colorCards: [{ id: card!.id, name: 'Brown', hex: '#ff0000' }] }), supplier.adminToken, 'en');
    expect(field(locked.body, 'colorCards[0].hex')).toBe(words.colorCardLocked);
    // Renaming keeps it bound and, the color and file unchanged, does not render it again.
    const renamed = await edit(twillBody({ materialId: id, materialFileReadId: readId, colorCards: [{ id: card!.id, name: 'Brown', hex: '#8b4513' }] }));
    expect(renamed.body.data.version).toBe(2);
    const [kept] = await getDb().select({ isBan: colorCards.isBan, status: colorCards.renderingStatus }).from(colorCards).where(eq(colorCards.id, card!.id));
    expect(kept).toEqual({ isBan: 1, status: 2 });
    // Had its render failed, removing the file leaves nothing to render: the card counts as rendered.
    await getDb().update(colorCards).set({ renderingStatus: 3 }).where(eq(colorCards.id, card!.id));
    const unbound = await edit(twillBody({ materialId: id, materialFileReadId: null, colorCards: [{ id: card!.id, name: 'Brown', hex: '#ff0000' }] }));
    expect(unbound.body.code).toBe(200);
    const [free] = await getDb().select({ isBan: colorCards.isBan, hex: colorCards.hex, status: colorCards.renderingStatus }).from(colorCards).where(eq(colorCards.id, card!.id));
    expect(free).toEqual({ isBan: 0, hex: '#ff0000', status: 2 });
    expect((await render(id)).body.data).toMatchObject({ hasFile: false, fullyRendered: true });
    const retried = await call('/v2/material/fast/render/retry', { body: { materialId: id }, token: supplier.adminToken, lang: 'en' });
    expect(retried.body.code).toBe(300068);
    expect(field(retried.body, 'materialId')).toBe(words.renderNoFile);
    const [m] = await getDb().select({ hasFile: materials.hasFile }).from(materials).where(eq(materials.id, id));
    expect(m!.hasFile).toBe(0);
  });
});

describe('render failures, cancelling and retrying', () => {
  it('a map gone from storage fails the render at once with the reason; a retry after it is back succeeds', async () => {
    const { id, readId } = await boundMaterial('#123456');
    await settled(id);
    const [read] = await getDb().select({ mapKeys: materialFileReads.mapKeys }).from(materialFileReads).where(eq(materialFileReads.id, readId));
    const key = read!.mapKeys!.front.basecolor!;
    const bytes = await getStorage().getRange(key, 0, (await getStorage().stat(key))!.size);
    await getStorage().remove(key);
    expect((await call('/v2/material/fast/render/retry', { body: { materialId: id }, token: supplier.adminToken })).body.data.cards).toBe(0);
    // Settings changed: every card renders again, and this time the map is missing.
    await call('/v2/material/buff/edit', { body: { id, settings: { maps: ['basecolor'], widthCm: 20, heightCm: 20 } }, token: supplier.adminToken });
    const failed = await settled(id);
    expect(failed.fullyRendered).toBe(false);
    expect(failed.cards[0]).toMatchObject({ renderingStatus: 3, reason: 'the basecolor map is missing from storage', pictures: null });
    expect((await call('/v2/material/supplier/list?state=renderFailed', { token: supplier.adminToken })).body.data.records.map((r: { id: number }) => r.id)).toContain(id);
    // The company's administrator reads of it in their news, with a way to the material (docs/product/news.md).
    const news = (await call('/news/list?group=renders', { token: supplier.adminToken })).body.data.records;
    expect(news.find((n: { link: string }) => n.link === `/supplier/material/edit?materialId=${id}`)).toMatchObject({ kind: 'render-failed', read: false });

    await getStorage().put(key, bytes, 'image/png');
    expect((await call('/v2/material/fast/render/retry', { body: { materialId: id }, token: supplier.adminToken })).body.data.cards).toBe(1);
    expect((await settled(id)).fullyRendered).toBe(true);
  });

  it('cancelling queued renders leaves them cancelled even when their jobs run later, until they are retried', async () => {
    await workers?.stop();
    workers = null;
    const read = await readFileWithoutWorkers();
    const saved = await edit(twillBody({ materialFileReadId: read, colorCards: [{ name: 'Twill navy', hex: '#654321', isBan: 1 }] }));
    const id = saved.body.data.id as number;
    expect((await render(id)).body.data.cards[0].renderingStatus).toBe(5);
    expect((await call('/v2/material/fast/render/cancel', { body: { materialId: id }, token: supplier.adminToken })).body.data.cards).toBe(1);
    expect((await call('/v2/material/fast/render/cancel', { body: { materialId: id }, token: other.adminToken })).body.code).toBe(100404);
    await startWorkers();
    // The cancelled job is taken and does nothing; give it the time to.
    await waitUntil('queue drained', () => call('/health', {}), () => true, { timeoutMs: 1500 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await render(id)).body.data.cards[0].renderingStatus).toBe(4);
    expect((await call('/v2/material/fast/render/retry', { body: { materialId: id }, token: supplier.adminToken })).body.data.cards).toBe(1);
    expect((await settled(id)).fullyRendered).toBe(true);
  });
});

/** A reading finished by hand, so no worker has to run (the cancel scenario needs its render jobs left waiting). */
async function readFileWithoutWorkers(): Promise<number> {
  const relativePath = await upload(await u3mPackage({ hex: '#654321' }));
  const [row] = await getDb().insert(materialFileReads).values({ companyId: supplier.companyId, userId: supplier.admin.id, relativePath, fileName: 'Twill navy.u3ma', parser: 'u3m' }).returning({ id: materialFileReads.id });
  const { readMaterialFile } = await import('../../src/lib/server/material-files/read-material-file');
  await readMaterialFile(row!.id);
  return row!.id;
}

describe('file settings per version (buff/detail, buff/edit)', () => {
  it('answers the settings of a version; new settings are a new version; a map the file lacks is refused with nothing written', async () => {
    const onlyBase = await readFile(await u3mPackage({ hex: '#2e8b57', maps: ['basecolor', 'normal'] }));
    const saved = await edit(twillBody({ materialFileReadId: onlyBase.id, colorCards: [{ name: 'Twill navy', hex: '#2e8b57', isBan: 1 }] }));
    const id = saved.body.data.id as number;
    const detail = await call('/v2/material/buff/detail', { body: { id, version: -1 }, token: supplier.adminToken });
    expect(detail.body.data).toMatchObject({ materialId: id, version: 1, fileName: 'Twill navy.u3ma', settings: { widthCm: 12.5, heightCm: 10 } });
    expect(detail.body.data.settings.maps.sort()).toEqual(['basecolor', 'normal']);

    const refused = await call('/v2/material/buff/edit', { body: { id, settings: { maps: ['roughness'], widthCm: 5, heightCm: 5 } }, token: supplier.adminToken, lang: 'en' });
    expect(refused.body.code).toBe(300068);
    expect(refused.body.data.fields[0]).toEqual({ field: 'settings.maps[0]', message: 'The material file has no roughness map' });
    const tooBig = await call('/v2/material/buff/edit', { body: { id, settings: { maps: [], widthCm: 5000, heightCm: 5 } }, token: supplier.adminToken });
    expect(tooBig.body.code).not.toBe(200);

    const changed = await call('/v2/material/buff/edit', { body: { id, settings: { maps: ['basecolor'], widthCm: 30, heightCm: 25 } }, token: supplier.adminToken });
    expect(changed.body.data).toEqual({ id, version: 2 });
    expect((await call('/v2/material/buff/detail', { body: { id, version: 2 }, token: supplier.adminToken })).body.data.settings).toEqual({ maps: ['basecolor'], widthCm: 30, heightCm: 25 });
    expect((await call('/v2/material/buff/detail', { body: { id, version: 1 }, token: supplier.adminToken })).body.data.settings.widthCm).toBe(12.5);
    expect((await call('/v2/material/buff/detail', { body: { id, version: 1 }, token: other.adminToken })).body.code).toBe(100404);
  });
});

describe('taking a material out again', () => {
  it('round trip: the U3MA downloaded parses back to the same maps, tile size and color; the ASE holds the cards', async () => {
    const { id } = await boundMaterial('#1f3a93');
    await call('/v2/material/on', { body: { materialIds: [id], marketTypes: [1] }, token: supplier.adminToken });
    const res = await send(`/material/file/download?materialId=${id}&format=u3ma`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.u3ma');
    const archive = Buffer.from(await res.arrayBuffer());
    const back = await readU3m(bufferSource(archive), 'Twill navy.u3ma');
    expect(Object.keys(back.material.front.maps).sort()).toEqual(['alpha', 'basecolor', 'displacement', 'metalness', 'normal', 'roughness']);
    expect(back.material.physicalSize).toEqual({ widthCm: 12.5, heightCm: 10 });
    expect(back.material.colors).toEqual([{ name: 'Twill navy', hex: '#1f3a93' }]);

    const ase = Buffer.from(await (await send(`/material/file/download?materialId=${id}&format=ase`)).arrayBuffer());
    expect(ase.subarray(0, 4).toString('latin1')).toBe('ASEF');
    expect(ase.includes(Buffer.from('Twill navy', 'utf16le').swap16())).toBe(true);

    // The 3D preview's maps: a redirect to a signed link, only for a map the settings use.
    const map = await send(`/material/file/map?materialId=${id}&kind=basecolor`);
    expect(map.status).toBe(302);
    expect((await send(`/material/file/map?materialId=${id}&kind=nonsense`)).status).toBe(422);
  });

  it('an unpublished material downloads only for its company; a material without a file has an ASE but no U3MA', async () => {
    const { id } = await boundMaterial('#4682b4');
    expect((await send(`/material/file/download?materialId=${id}&format=u3ma`)).status).toBe(404);
    expect((await send(`/material/file/download?materialId=${id}&format=u3ma`, { token: other.adminToken })).status).toBe(404);
    expect((await send(`/material/file/download?materialId=${id}&format=u3ma`, { token: supplier.adminToken })).status).toBe(200);
    const plain = await edit(twillBody({ colorCards: [{ name: 'Plain', hex: '#101010' }] }));
    const plainId = plain.body.data.id as number;
    expect((await send(`/material/file/download?materialId=${plainId}&format=u3ma`, { token: supplier.adminToken })).status).toBe(404);
    expect((await send(`/material/file/download?materialId=${plainId}&format=ase`, { token: supplier.adminToken })).status).toBe(200);
  });

  it('render states by id: the public sees published materials only, a company its own too, in the order asked', async () => {
    const { id: hidden } = await boundMaterial('#999999');
    const { id: shown } = await boundMaterial('#777777');
    await call('/v2/material/on', { body: { materialIds: [shown], marketTypes: [1] }, token: supplier.adminToken });
    const open = await call('/open/v2/material/rendering/list/by-ids', { body: { ids: [hidden, shown] } });
    expect(open.body.data.records.map((r: { materialId: number }) => r.materialId)).toEqual([shown]);
    const own = await call('/open/v2/material/rendering/list/by-ids', { body: { ids: [shown, hidden] }, token: supplier.adminToken });
    expect(own.body.data.records.map((r: { materialId: number; hasFile: boolean }) => [r.materialId, r.hasFile])).toEqual([
      [shown, true],
      [hidden, true],
    ]);
  });
});
