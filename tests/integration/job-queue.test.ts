/**
 * The job queue against the real database (embedded, or PostgreSQL with TEST_DATABASE_URL): enqueuing with the
 * save, one job per picture, claiming by several workers, retries with exponential backoff, and a dead worker's
 * job taken again once its lease runs out. Other test files save materials meanwhile, so their pictures' jobs
 * share the queue: every assertion is about jobs this file made.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { imageDescriptors, images, materialImages } from '../../src/lib/server/db/schema';
import { DESCRIPTOR_VERSION } from '../../src/lib/server/images/descriptor';
import { requireObject } from '../../src/lib/server/storage';
import { requestImageIndexing } from '../../src/lib/server/images/request-image-indexing';
import { countJobs } from '../../src/lib/server/jobs/count-jobs';
import { enqueueJob, enqueueJobs } from '../../src/lib/server/jobs/enqueue-job';
import { producer } from '../../src/lib/server/jobs/job-boss';
import { QUEUES } from '../../src/lib/server/jobs/queues';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { getStorage } from '../../src/lib/server/storage';
import { createEnterprise } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';
import { createMaterial, seedReferenceData, testImage } from '../fixtures/materials';

let org: number;
let workers: JobWorkers;

const described = async (ids: number[]) =>
  (
    await getDb()
      .select({ id: imageDescriptors.imageId })
      .from(imageDescriptors)
      .where(and(inArray(imageDescriptors.imageId, ids), eq(imageDescriptors.version, DESCRIPTOR_VERSION)))
  ).map((r) => r.id);

/** Every job ever queued for a picture (completed ones stay for the queue's retention). */
const jobsFor = (imageId: number) => producer().findJobs('index-image', { key: String(imageId) });

beforeAll(async () => {
  await seedReferenceData();
  org = (await createEnterprise({ company: { orgName: '队列测试有限公司' } })).companyId;
  workers = await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
});

afterAll(async () => {
  await workers?.stop();
});

describe('job queue', () => {
  it('queues a saved material’s pictures with the save, and a worker describes each of them once', async () => {
    const saved = await createMaterial(org, 'microfiber', { hexes: ['#3a5f8a', '#a83232', '#2f7d4a'] });
    const ids = [...new Set((await getDb().select({ id: materialImages.imageId }).from(materialImages).where(eq(materialImages.materialId, saved.id))).map((r) => r.id))];
    expect(ids).toHaveLength(3);
    await waitUntil('the pictures to be described', () => described(ids), (d) => d.length === ids.length);
    for (const id of ids) {
      const jobs = await waitUntil(`the job of picture ${id} to complete`, () => jobsFor(id), (j) => j.every((job) => job.state === 'completed'));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.retryCount).toBe(0);
    }
  });

  it('adds nothing for a picture already queued, and nothing when the enqueuing transaction rolls back', async () => {
    const twice = await testImage('#c0a060');
    expect(await enqueueJobs('index-image', [{ imageId: twice.id }, { imageId: twice.id }], { startAfter: 3600 })).toBe(1);
    expect(await requestImageIndexing([twice.id])).toBe(0);
    expect(await jobsFor(twice.id)).toHaveLength(1);

    const rolledBack = await testImage('#60a0c0');
    await expect(
      getDb().transaction(async (tx) => {
        expect(await requestImageIndexing([rolledBack.id], tx)).toBe(1);
        throw new Error('the save failed after queuing');
      }),
    ).rejects.toThrow('the save failed');
    expect(await jobsFor(rolledBack.id)).toHaveLength(0);
  });

  it('rejects a job whose data does not fit its queue', async () => {
    await expect(enqueueJob('index-image', { imageId: -1 })).rejects.toThrow();
    await expect(enqueueJob('index-image', { imageId: 'x' } as never)).rejects.toThrow();
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const image = await testImage('#7a2a7a');
    const [row] = await getDb().select({ key: images.storageKey }).from(images).where(eq(images.id, image.id));
    const bytes = await requireObject(row!.key);
    // The picture's file is gone: describing it fails until it is back.
    await getStorage().remove(row!.key);
    await requestImageIndexing([image.id]);

    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      const [job] = await waitUntil(`failure ${attempt}`, () => jobsFor(image.id), (j) => j[0]?.state === 'retry' && j[0].retryCount >= attempt);
      // The next attempt is scheduled from the failed one's start: the backoff the queue chose.
      delays.push(job!.startAfter.getTime() - job!.startedOn.getTime());
    }
    // The queue waits retryDelay × 2^(n-1) × (1 + jitter) seconds before attempt n+1, counted from the failure, which
    // comes after the attempt started: the floor of each wait is certain, whatever the jitter and the machine's speed,
    // and the second floor being twice the first is what tells a backoff from a fixed delay.
    const base = (QUEUES['index-image'].retryDelay ?? 0) * 1_000;
    expect(base).toBeGreaterThan(0);
    expect(delays[0]).toBeGreaterThanOrEqual(base);
    expect(delays[1]).toBeGreaterThanOrEqual(2 * base);
    expect(await described([image.id])).toHaveLength(0);

    await getStorage().put(row!.key, bytes, 'image/png');
    const [done] = await waitUntil('the retry to succeed', () => jobsFor(image.id), (j) => j[0]?.state === 'completed', { timeoutMs: 60_000 });
    expect(done!.retryCount).toBeGreaterThanOrEqual(2);
    expect(await described([image.id])).toEqual([image.id]);
  }, 90_000);

  it('takes a dead worker’s job again once its lease runs out', async () => {
    const image = await testImage('#2a7a7a');
    // Deferred, so only the "dead" worker below can take it (it fetches past the deferral).
    await enqueueJobs('index-image', [{ imageId: image.id }], { startAfter: 3600, priority: 50, leaseSeconds: 1 });
    const [claimed] = await producer().fetch('index-image', { minPriority: 50, ignoreStartAfter: true });
    expect(claimed?.data).toEqual({ imageId: image.id });
    // That worker never finishes: its job expires, goes back to the queue, and a live worker describes the picture.
    await waitUntil('the picture to be described', () => described([image.id]), (d) => d.length === 1, { timeoutMs: 60_000 });
    const [job] = await waitUntil('the job to complete', () => jobsFor(image.id), (j) => j[0]?.state === 'completed');
    expect(job!.id).toBe(claimed!.id);
    expect(job!.retryCount).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('shares a queue between workers: every job runs to completion once', async () => {
    const second = await workJobs({ pollingIntervalSeconds: 0.5 });
    try {
      const pictures = await Promise.all(Array.from({ length: 8 }, (_, i) => testImage(`#${(0x203040 + i * 0x101010).toString(16)}`)));
      const ids = pictures.map((p) => p.id);
      expect(await requestImageIndexing(ids)).toBe(ids.length);
      await waitUntil('the pictures to be described', () => described(ids), (d) => d.length === ids.length);
      for (const id of ids) {
        const jobs = await waitUntil(`the job of picture ${id} to complete`, () => jobsFor(id), (j) => j.length === 1 && j[0]!.state === 'completed');
        expect(jobs[0]!.retryCount).toBe(0);
      }
    } finally {
      await second.stop();
    }
  });

  it('counts waiting jobs at the workers’ next supervision pass', async () => {
    const waiting = await testImage('#101010');
    await enqueueJobs('index-image', [{ imageId: waiting.id }], { startAfter: 3600 });
    // This job and the deferred one above wait an hour: the count reaches them whatever else runs meanwhile.
    const counts = await waitUntil('the count to include the deferred jobs', countJobs, (c) => c.queued >= 2);
    expect(counts.active).toBeGreaterThanOrEqual(0);
    expect(counts.failed).toBeGreaterThanOrEqual(0);
  });
});
