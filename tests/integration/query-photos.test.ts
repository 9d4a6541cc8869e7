import { stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../../src/lib/i18n';
import { getDb } from '../../src/lib/server/db/client';
import { images, materials } from '../../src/lib/server/db/schema';
import { AppError } from '../../src/lib/server/errors';
import { findMaterialsByImage } from '../../src/lib/server/images/find-materials-by-image';
import { QUERY_PHOTO_RETENTION_HOURS } from '../../src/lib/server/images/presets';
import { derivativeDir, renderPreset } from '../../src/lib/server/images/render-preset';
import { storeImage } from '../../src/lib/server/images/store-image';
import { enqueueJob } from '../../src/lib/server/jobs/enqueue-job';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { getStorage } from '../../src/lib/server/storage';
import { apiCaller } from '../fixtures/api';
import { createEnterprise, createSession, createUser } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { createMaterial, seedReferenceData } from '../fixtures/materials';
import { photoOf, searchByPhoto } from '../fixtures/photos';

const { call } = apiCaller();
const HOUR_MS = 60 * 60 * 1000;
let token: string;
let org: number;
let workers: JobWorkers | undefined;

const search = async (bytes: Buffer) => {
  const answer = await searchByPhoto(call, bytes, { token });
  expect(answer.status).toBe(200);
  return answer.body.data.image.sha256 as string;
};
const rowOf = async (sha256: string) => (await getDb().select().from(images).where(eq(images.sha256, sha256)))[0];
/** The photo was last searched with longer ago than the retention. */
const age = (sha256: string) => getDb().update(images).set({ queryKeptUntil: new Date(Date.now() - 60_000) }).where(eq(images.sha256, sha256));
const prune = async (control: string) => {
  await enqueueJob('prune-query-photos', {});
  await waitUntil(`the expired photo ${control} to be pruned`, () => rowOf(control), (row) => row === undefined);
};
const exists = (file: string) => stat(file).then(() => true, () => false);

beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise({ company: { orgName: '搜图保留测试有限公司' } })).companyId;
  token = await createSession(await createUser({ role: 1 }));
  workers = await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
});

afterAll(async () => {
  await workers?.stop();
});

describe('query photos (docs/product/search.md#query-photos)', () => {
  it('are kept QUERY_PHOTO_RETENTION_HOURS, then pruned by the job with their object and derivatives; the result page then says so in both languages', async () => {
    const sha256 = await search(await photoOf('denim', '#31547f'));
    const row = (await rowOf(sha256))!;
    expect(row.companyId).toBeNull();
    expect(row.queryKeptUntil!.getTime()).toBeGreaterThan(Date.now() + (QUERY_PHOTO_RETENTION_HOURS - 1) * HOUR_MS);
    await renderPreset(row, 'medium', 'webp');
    expect(await exists(derivativeDir(row.id))).toBe(true);

    await age(sha256);
    await prune(sha256);
    expect(await getStorage().exists(row.storageKey)).toBe(false);
    expect(await exists(derivativeDir(row.id))).toBe(false);

    const gone = await findMaterialsByImage({ sha256, page: 1, size: 20 }, { lang: 'en' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(gone).toBeInstanceOf(AppError);
    expect(getT('en')((gone as AppError).message)).toContain('no longer kept');
    expect(getT('cn')((gone as AppError).message)).toContain('不再保存');
  });

  it('are never pruned once something else uses the same picture, and a new search keeps one longer', async () => {
    // Searched first, then uploaded for a material: the company's picture for good.
    const claimedBytes = await photoOf('denim', '#4a2f1c');
    const claimed = await search(claimedBytes);
    const image = await storeImage(claimedBytes, { companyId: org });
    await createMaterial(org, 'microfiber', { nameCn: '搜过的图', colorCards: [{ name: 'C1', hex: '#4a2f1c', images: [image] }] });
    expect((await rowOf(claimed))!).toMatchObject({ companyId: org, queryKeptUntil: null });

    // A catalogue picture searched with stays a catalogue picture.
    const catalogueBytes = await photoOf('air-mesh', '#d8d8d0');
    const catalogue = await storeImage(catalogueBytes, { companyId: org });
    await createMaterial(org, 'flyknit', { nameCn: '目录图', colorCards: [{ name: 'C1', hex: '#d8d8d0', images: [catalogue] }] });
    expect(await search(catalogueBytes)).toBe(catalogue.sha256);
    expect((await rowOf(catalogue.sha256))!.queryKeptUntil).toBeNull();

    // Even a picture still marked as a query photo is kept while a material names it.
    const namedBytes = await photoOf('full-grain', '#6a3a1a');
    const named = await search(namedBytes);
    const namedId = (await rowOf(named))!.id;
    await getDb().update(materials).set({ coverImageId: namedId }).where(eq(materials.id, (await createMaterial(org, 'full-grain', { nameCn: '封面' })).id));
    await age(named);

    // Searched again after it expired, before the job came: kept another QUERY_PHOTO_RETENTION_HOURS.
    const again = await search(await photoOf('patent', '#202020'));
    await age(again);
    expect(await search(await photoOf('patent', '#202020'))).toBe(again);

    const control = await search(await photoOf('denim', '#5b7fa8'));
    await age(control);
    await prune(control);
    for (const kept of [claimed, catalogue.sha256, named, again]) expect(await rowOf(kept)).toBeDefined();
    expect((await rowOf(again))!.queryKeptUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});
