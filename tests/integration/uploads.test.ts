/**
 * Uploads (docs/product/storage.md): what may be uploaded, multipart uploads that resume, the checks before a file
 * is kept, uploaded-file metadata and download links — on the local disk and on an S3-compatible store (s3rver).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortStaleUploads, STALE_UPLOAD_DAYS } from '../../src/lib/server/uploads/abort-stale-uploads';
import { getDb } from '../../src/lib/server/db/client';
import { companies, multipartUploads, uploadedFiles } from '../../src/lib/server/db/schema';
import { resetEnvCache } from '../../src/lib/server/env';
import { makeZip } from '../../src/lib/server/material-files/testing/make-zip';
import { blackPng } from '../../src/lib/server/material-files/testing/u3m-fixtures';
import { getStorage } from '../../src/lib/server/storage';
import { fileKeyOf, fileKeyPlan } from '../../src/lib/upload/file-key';
import { extensionOf, UPLOAD_PART_BYTES } from '../../src/lib/upload/limits';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createUser, createSession, type UserFixture } from '../fixtures/identity';
import { startS3Server, type TestS3Server } from '../support/s3-server';

/**
 * A supplier in their own supplier company, whose administrator holds every code: uploads take the material editor's
 * or the homepage builder's (FUN001, FUN010), download links the material editor's.
 */
async function supplierAccount(): Promise<UserFixture> {
  const user = await createUser({ role: 2 });
  await getDb().update(companies).set({ role: 2 }).where(eq(companies.id, user.companyId));
  return user;
}

const { app, call } = apiCaller('/api');
useTempDataDir('uploads');
const S = '/metaData/storageService';

/** The file key as the browser computes it (docs/product/storage.md#the-file-key). */
function fileKey(bytes: Buffer, name: string): string {
  const plan = fileKeyPlan(bytes.length);
  const md5 = createHash('md5').update(plan.prefix);
  for (const [start, end] of plan.ranges) md5.update(bytes.subarray(start, end));
  return fileKeyOf(md5.digest('hex'), extensionOf(name));
}

/** A model file (a format nothing recognises, so any bytes pass the signature check) of `parts` parts. */
const modelFile = (parts: number) => Buffer.concat([Buffer.from('3D Geometry File Format 00000050\n'), randomBytes(UPLOAD_PART_BYTES * (parts - 1) + 1000)]);

async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + width) & 255;
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

type Store = 'local' | 's3';

for (const store of ['local', 's3'] as const satisfies Store[]) {
  describe(`uploads on the ${store} store`, () => {
    let s3: TestS3Server | undefined;
    let owner: UserFixture;
    let token: string;
    let stranger: string;
    let localPartPuts = 0;

    beforeAll(async () => {
      if (store === 's3') {
        s3 = await startS3Server();
        process.env.STORAGE_URL = s3.storageUrl;
      } else {
        delete process.env.STORAGE_URL;
      }
      resetEnvCache();
      owner = await supplierAccount();
      token = await createSession(owner);
      stranger = await createSession(await supplierAccount());
    });
    afterAll(async () => {
      delete process.env.STORAGE_URL;
      resetEnvCache();
      await s3?.close();
    });

    const partPuts = () => (store === 's3' ? s3!.partPuts() : localPartPuts);

    /** PUT a part where the part URL says: the app's own endpoint for the local store, the S3 server otherwise. */
    async function putPart(url: string, bytes: Buffer): Promise<Response> {
      if (url.startsWith('/')) {
        localPartPuts += 1;
        return app.request(url, { method: 'PUT', body: new Uint8Array(bytes) }, { clientAddress: '10.0.0.1' });
      }
      return fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
    }

    async function sendParts(as: string, key: string, uploadId: string, bytes: Buffer, partNumbers: number[]) {
      const urls = await call(`${S}/multipart/part-urls`, { token: as, body: { key, uploadId, partNumbers } });
      expect(urls.status, JSON.stringify(urls.body)).toBe(200);
      for (const { partNumber, url } of urls.body.data.parts as { partNumber: number; url: string }[]) {
        const res = await putPart(url, bytes.subarray((partNumber - 1) * UPLOAD_PART_BYTES, partNumber * UPLOAD_PART_BYTES));
        expect(res.status, await res.clone().text()).toBe(200);
        expect(res.headers.get('etag')).toMatch(/^"?[0-9a-f]{32}"?$/);
      }
    }

    async function listParts(as: string, key: string, uploadId: string) {
      const listed = await call(`${S}/multipart/parts?key=${key}&uploadId=${encodeURIComponent(uploadId)}`, { token: as });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return listed.body.data.parts as { partNumber: number; size: number; etag: string }[];
    }

    /** The whole flow as the uploader runs it: init, every part, complete. */
    async function upload(bytes: Buffer, name: string, mime = '', key = fileKey(bytes, name), lang?: string) {
      const init = await call(`${S}/multipart/init`, { token, body: { key, name, mime, size: bytes.length }, lang });
      if (init.status !== 200 || init.body.data.status === 'exists') return { init, complete: undefined, key };
      const { uploadId, partCount } = init.body.data as { uploadId: string; partCount: number };
      await sendParts(token, key, uploadId, bytes, Array.from({ length: partCount }, (_, i) => i + 1));
      const parts = await listParts(token, key, uploadId);
      const complete = await call(`${S}/multipart/complete`, { token, body: { key, uploadId, parts: parts.map(({ partNumber, etag }) => ({ partNumber, etag })) }, lang });
      return { init, complete, key };
    }

    const relativePath = (key: string) => `u/${owner.companyId}/${key}`;
    const rows = (key: string) => getDb().select().from(uploadedFiles).where(eq(uploadedFiles.relativePath, relativePath(key)));

    it('uses the store STORAGE_URL names', () => {
      expect(getStorage().location.provider).toBe(store);
    });

    it('stores a stream in parts and reads ranges of it back', async () => {
      const bytes = randomBytes(UPLOAD_PART_BYTES * 2 + 123);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
      await getStorage().putStream('bench/stream.bin', Readable.from(chunks), 'application/octet-stream');
      expect(await getStorage().stat('bench/stream.bin')).toEqual({ size: bytes.length });
      const middle = await getStorage().getRange('bench/stream.bin', UPLOAD_PART_BYTES - 10, UPLOAD_PART_BYTES + 10);
      expect(middle.equals(bytes.subarray(UPLOAD_PART_BYTES - 10, UPLOAD_PART_BYTES + 10))).toBe(true);
      expect((await getStorage().getRange('bench/stream.bin', bytes.length - 5, bytes.length + 100)).length).toBe(5);
      await getStorage().remove('bench/stream.bin');
      expect(await getStorage().stat('bench/stream.bin')).toBeNull();
    });

    it('hands out the token and the settings, never a store secret', async () => {
      const auth = await call(`${S}/getResourceAuth?t=123`, { token });
      expect(auth.status).toBe(200);
      expect(auth.body.data).toMatchObject({ provider: store, key: `u/${owner.companyId}/` });
      expect(Date.parse(auth.body.data.expiration)).toBeGreaterThan(Date.now());
      expect(JSON.stringify(auth.body)).not.toContain('S3RVER');
      const oss = await call('/show/dictionary/getOSSAuth', { token });
      expect(oss.body.data.key).toBe(`u/${owner.companyId}/`);
      const config = await call(`${S}/getStorageServiceConfig?companyId=${owner.companyId}`, { token });
      expect(config.body.data).toMatchObject({ provider: store, partBytes: UPLOAD_PART_BYTES, allFileLimit: 1_073_741_824, refreshMs: 60_000 });
      expect(config.body.data.limits).toContainEqual({ kind: 'video', extensions: ['mp4'], maxBytes: 50 * 1024 * 1024 });
      expect((await call(`${S}/getStorageServiceConfig?companyId=${owner.companyId + 1000}`, { token })).body.code).toBe(100403);
    });

    it('checks each file by extension, by mime without one, by its type’s size and by the total, naming the file', async () => {
      const key = 'a'.repeat(32);
      const init = (body: object, lang = 'en') => call(`${S}/multipart/init`, { token, body, lang });
      const exe = await init({ key: `${key}.exe`, name: 'setup.exe', size: 10 });
      expect(exe.status).toBe(422);
      expect(exe.body).toMatchObject({ code: 300068, data: { fields: [{ field: 'file' }] } });
      expect(exe.body.msg).toMatch(/setup\.exe.*Allowed: jpg, jpeg/);
      const noExt = await init({ key, name: 'README', mime: 'application/x-msdownload', size: 10 });
      expect(noExt.body).toMatchObject({ code: 300068, data: { fields: [{ field: 'file' }] } });
      expect(noExt.body.msg).toMatch(/README.*no extension/);
      const noExtOk = await init({ key, name: 'README', mime: 'text/plain', size: 10 });
      expect(noExtOk.body.data.status).toBe('upload');
      const narrowed = await init({ key: `${key}.pdf`, name: 'spec.pdf', size: 10, accept: ['jpg', 'png'] });
      expect(narrowed.body.msg).toMatch(/spec\.pdf.*Allowed: jpg, png/);
      const bigGif = await init({ key: `${key}.gif`, name: 'anim.gif', size: 5 * 1024 * 1024 + 1 });
      expect(bigGif.body).toMatchObject({ code: 300070, data: { fields: [{ field: 'file' }] } });
      expect(bigGif.body.msg).toBe('anim.gif is larger than 5.0 MB, the limit for its type');
      const cnGif = await init({ key: `${key}.gif`, name: 'anim.gif', size: 5 * 1024 * 1024 + 1 }, 'zh-CN');
      expect(cnGif.body.msg).toContain('anim.gif 超过了该类型文件的大小上限 5.0 MB');
      const huge = await init({ key: `${key}.pdf`, name: 'catalogue.pdf', size: 1_073_741_825 });
      expect(huge.body).toMatchObject({ code: 300070 });
      expect(huge.body.msg).toMatch(/catalogue\.pdf.*1\.0 GB/);
      const wrongKeyExt = await init({ key: `${key}.png`, name: 'photo.jpg', size: 10 });
      expect(wrongKeyExt.body).toMatchObject({ code: 300068, data: { fields: [{ field: 'key' }] } });
      const open = await getDb().select().from(multipartUploads).where(eq(multipartUploads.companyId, owner.companyId));
      expect(open).toHaveLength(1); // only the accepted README
    });

    it('keeps a picture as an image too, and the same content once per company', async () => {
      const png = await photo(120, 80);
      const first = await upload(png, 'swatch.png', 'image/png');
      expect(first.complete!.status, JSON.stringify(first.complete!.body)).toBe(200);
      expect(first.complete!.body.data).toMatchObject({
        relativePath: relativePath(first.key),
        resourceCompanyId: owner.companyId,
        size: png.length,
        mime: 'image/png',
        image: { width: 120, height: 80, ref: { src: expect.stringMatching(/^\/api\/img\/\d+\/medium\.jpg\?/) } },
      });
      // The picture is served from this store like every stored image: its thumbnail renders from the original.
      const thumb = await app.request(first.complete!.body.data.image.ref.src as string);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(120);
      const again = await call(`${S}/multipart/init`, { token, body: { key: first.key, name: 'copy of swatch.png', mime: 'image/png', size: png.length } });
      expect(again.body.data).toMatchObject({ status: 'exists', file: { relativePath: relativePath(first.key) } });
      expect(await rows(first.key)).toHaveLength(1);
      expect(await getStorage().stat(relativePath(first.key))).toEqual({ size: png.length });
    });

    it('refuses and removes a file whose bytes are not its type, or not its key', async () => {
      const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.alloc(20), Buffer.from('content.txt'), randomBytes(300)]);
      const fake = await upload(zip, 'fake.png', 'image/png', undefined, 'en');
      expect(fake.complete!.body).toMatchObject({ code: 300068, msg: 'fake.png: the content is not a .png file', data: { fields: [{ field: 'file' }] } });
      expect(await getStorage().stat(relativePath(fake.key))).toBeNull();
      expect(await rows(fake.key)).toHaveLength(0);

      const text = Buffer.from('plain words\n'.repeat(100));
      const liar = await upload(text, 'notes.txt', 'text/plain', fileKey(Buffer.from('other words'), 'notes.txt'), 'en');
      expect(liar.complete!.body).toMatchObject({ code: 300068, msg: 'notes.txt: the content does not match its file key' });
      expect(await getStorage().stat(relativePath(liar.key))).toBeNull();

      const honest = await upload(text, 'notes.txt', 'text/plain');
      expect(honest.complete!.status).toBe(200);
    });

    it('refuses an office file whose first entry is too broken for its type to be read, instead of failing', async () => {
      // A valid deflate stream with bytes after its end, inside the entry's declared size: file-type throws on it.
      const types = Buffer.from('<Types/>');
      const zip = makeZip([{ name: '[Content_Types].xml', data: types }]);
      const end = zip.indexOf(deflateRawSync(types)) + deflateRawSync(types).length;
      const broken = Buffer.concat([zip.subarray(0, end), Buffer.from('junk'), zip.subarray(end)]);
      broken.writeUInt32LE(deflateRawSync(types).length + 4, 18);
      const sent = await upload(broken, 'report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', undefined, 'en');
      expect(sent.complete!.body).toMatchObject({ code: 300068, msg: 'report.docx: the content is not a .docx file' });
      expect(await getStorage().stat(relativePath(sent.key))).toBeNull();
    });

    it('refuses a picture that does not decode or has too many pixels', async () => {
      const truncated = (await photo(400, 300, 'jpeg')).subarray(0, 1500);
      const broken = await upload(truncated, 'broken.jpg', 'image/jpeg', undefined, 'en');
      expect(broken.complete!.body).toMatchObject({ code: 300068, msg: expect.stringMatching(/^broken\.jpg: /) });
      expect(await getStorage().stat(relativePath(broken.key))).toBeNull();
      const vast = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } }).png().toBuffer();
      const tooMany = await upload(vast, 'vast.png', 'image/png', undefined, 'en');
      expect(tooMany.complete!.body).toMatchObject({ code: 300068, msg: expect.stringMatching(/^vast\.png: .*pixel/i) });
      expect(await rows(tooMany.key)).toHaveLength(0);
      // A 16384² picture is a few hundred kilobytes: refused by its header, as too many pixels, in both languages.
      const huge = await blackPng(16384, 16384);
      const en = await upload(huge, 'huge.png', 'image/png', undefined, 'en');
      expect(en.complete!.body).toMatchObject({ code: 300068, msg: 'huge.png: The image is larger than 40 megapixels' });
      const cn = await upload(huge, 'huge.png', 'image/png', undefined, 'zh-CN');
      expect(cn.complete!.body).toMatchObject({ code: 300068, msg: 'huge.png：图片不能超过 4000 万像素' });
      expect(await rows(en.key)).toHaveLength(0);
    });

    it('resumes: a fresh client lists the parts received and sends only the others', async () => {
      const bytes = modelFile(3);
      const key = fileKey(bytes, 'shoe.3dm');
      const init = await call(`${S}/multipart/init`, { token, body: { key, name: 'shoe.3dm', size: bytes.length } });
      expect(init.body.data).toMatchObject({ status: 'upload', partBytes: UPLOAD_PART_BYTES, partCount: 3 });
      const { uploadId } = init.body.data as { uploadId: string };
      const before = partPuts();
      await sendParts(token, key, uploadId, bytes, [1, 3]);

      // The browser is closed; another tab of the same company picks the upload up.
      const again = await createSession(owner);
      const received = await listParts(again, key, uploadId);
      expect(received.map((p) => p.partNumber)).toEqual([1, 3]);
      expect(received[0]).toMatchObject({ size: UPLOAD_PART_BYTES, etag: createHash('md5').update(bytes.subarray(0, UPLOAD_PART_BYTES)).digest('hex') });
      const missing = [1, 2, 3].filter((n) => !received.some((p) => p.partNumber === n));
      await sendParts(again, key, uploadId, bytes, missing);
      expect(partPuts() - before).toBe(3);

      const parts = await listParts(again, key, uploadId);
      const done = await call(`${S}/multipart/complete`, { token: again, body: { key, uploadId, parts: parts.map(({ partNumber, etag }) => ({ partNumber, etag })) } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({ relativePath: relativePath(key), size: bytes.length, image: null });
      const stored = await getStorage().getStream(relativePath(key));
      const hash = createHash('md5');
      for await (const chunk of stored!) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(createHash('md5').update(bytes).digest('hex'));
      expect(await getDb().select().from(multipartUploads).where(eq(multipartUploads.uploadId, uploadId))).toHaveLength(0);
    });

    it('gives up an upload nobody finished within a week, and keeps a younger one', async () => {
      const start = async (name: string) => {
        const bytes = modelFile(2);
        const key = fileKey(bytes, name);
        const { uploadId } = (await call(`${S}/multipart/init`, { token, body: { key, name, size: bytes.length } })).body.data as { uploadId: string };
        await sendParts(token, key, uploadId, bytes, [1]);
        return { key, uploadId };
      };
      const old = await start('old.3dm');
      const young = await start('young.3dm');
      const now = new Date();
      await getDb().update(multipartUploads).set({ createdAt: new Date(now.getTime() - (STALE_UPLOAD_DAYS * 24 + 1) * 3600 * 1000) }).where(eq(multipartUploads.uploadId, old.uploadId));

      expect(await abortStaleUploads(now)).toBe(1);
      expect((await call(`${S}/multipart/parts?key=${old.key}&uploadId=${encodeURIComponent(old.uploadId)}`, { token })).body.code).toBe(100404);
      expect(await getStorage().listParts(relativePath(old.key), old.uploadId).catch(() => [])).toEqual([]);
      expect(await listParts(token, young.key, young.uploadId)).toHaveLength(1);
      await call(`${S}/multipart/abort`, { token, body: young });
    });

    it('refuses to complete with a part missing, and keeps the upload to finish later', async () => {
      const bytes = modelFile(2);
      const key = fileKey(bytes, 'half.3dm');
      const { uploadId } = (await call(`${S}/multipart/init`, { token, body: { key, name: 'half.3dm', size: bytes.length } })).body.data;
      await sendParts(token, key, uploadId, bytes, [1]);
      const parts = await listParts(token, key, uploadId);
      const short = await call(`${S}/multipart/complete`, { token, body: { key, uploadId, parts: [...parts, { partNumber: 2, etag: '0'.repeat(32) }] }, lang: 'en' });
      expect(short.body).toMatchObject({ code: 300068, msg: 'half.3dm: some parts did not arrive; send them again' });
      expect(await listParts(token, key, uploadId)).toHaveLength(1);
      const aborted = await call(`${S}/multipart/abort`, { token, body: { key, uploadId } });
      expect(aborted.body.data).toEqual({ aborted: true });
      expect((await call(`${S}/multipart/parts?key=${key}&uploadId=${encodeURIComponent(uploadId)}`, { token })).body.code).toBe(100404);
    });

    it('keeps one company’s uploads and files from another', async () => {
      const bytes = Buffer.from('{"colour":"red"}');
      const key = fileKey(bytes, 'colour.json');
      const { uploadId } = (await call(`${S}/multipart/init`, { token, body: { key, name: 'colour.json', size: bytes.length } })).body.data;
      for (const [route, body] of [
        [`${S}/multipart/part-urls`, { key, uploadId, partNumbers: [1] }],
        [`${S}/multipart/complete`, { key, uploadId, parts: [{ partNumber: 1, etag: 'x' }] }],
        [`${S}/multipart/abort`, { key, uploadId }],
      ] as const) {
        const answer = await call(route, { token: stranger, body });
        expect(answer.body.code, route).toBe(100404);
      }
      expect((await call(`${S}/multipart/parts?key=${key}&uploadId=${encodeURIComponent(uploadId)}`, { token: stranger })).body.code).toBe(100404);
      expect((await call(`${S}/multipart/parts?key=${key}&uploadId=unknown-upload`, { token })).body.code).toBe(100404);
      const guest = await call(`${S}/multipart/init`, { body: { key, name: 'colour.json', size: bytes.length } });
      expect(guest.body.code).toBe(100401);
      expect(await listParts(token, key, uploadId)).toEqual([]); // nothing the stranger did reached it
    });

    it('records metadata only for objects under the caller’s prefix that exist', async () => {
      const bytes = Buffer.from('metadata test file');
      const { complete, key } = await upload(bytes, 'meta.txt', 'text/plain');
      expect(complete!.status).toBe(200);
      const saved = await call(`${S}/saveMetaData`, { token, body: [{ relativePath: relativePath(key), fullRegion: 'eu-west-1', resourceCompanyId: owner.companyId }] });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual([expect.objectContaining({ relativePath: relativePath(key), fullRegion: 'eu-west-1', size: bytes.length })]);
      const missingKey = fileKey(Buffer.from('never uploaded'), 'gone.txt');
      const missing = await call(`${S}/saveMetaData`, { token, body: [{ relativePath: relativePath(missingKey), fullRegion: 'x', resourceCompanyId: owner.companyId }] });
      expect(missing.body.code).toBe(100404);
      const foreign = await call(`${S}/saveMetaData`, { token: stranger, body: [{ relativePath: relativePath(key), fullRegion: 'x', resourceCompanyId: owner.companyId }] });
      expect(foreign.body.code).toBe(100404);
      expect((await rows(key))[0]).toMatchObject({ fullRegion: 'eu-west-1' });
      expect(await rows(missingKey)).toHaveLength(0);
    });

    it('signs a download link for the company’s own files only', async () => {
      const bytes = Buffer.from('download me');
      const { key } = await upload(bytes, 'download.txt', 'text/plain');
      const link = await call(`/show/dictionary/getOSSUrl?key=${key}`, { token });
      expect(link.status).toBe(200);
      const res = link.body.data.url.startsWith('/') ? await app.request(link.body.data.url) : await fetch(link.body.data.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await call(`/show/dictionary/getOSSUrl?key=${relativePath(key)}`, { token: stranger })).body.code).toBe(100404);
      expect((await call(`/show/dictionary/getOSSUrl?key=${key}`, { token: stranger })).body.code).toBe(100404);
    });

    if (store === 'local') {
      it('takes at most one part per PUT on its part endpoint, and only by a signed link', async () => {
        const bytes = modelFile(2);
        const key = fileKey(bytes, 'cap.3dm');
        const { uploadId } = (await call(`${S}/multipart/init`, { token, body: { key, name: 'cap.3dm', size: bytes.length } })).body.data;
        const [{ url }] = (await call(`${S}/multipart/part-urls`, { token, body: { key, uploadId, partNumbers: [1] } })).body.data.parts;
        // Sent as a stream without a length, so only the endpoint's own count can stop it.
        const tooBig = new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(UPLOAD_PART_BYTES));
            controller.enqueue(new Uint8Array(10));
            controller.close();
          },
        });
        const over = await app.request(url, { method: 'PUT', body: tooBig, duplex: 'half' } as RequestInit, { clientAddress: '10.0.0.1' });
        expect(over.status).toBe(413);
        expect(await listParts(token, key, uploadId)).toEqual([]);
        const forged = await app.request(url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), { method: 'PUT', body: new Uint8Array(bytes.subarray(0, 10)) });
        expect(forged.status).toBe(403);
        const otherPart = await app.request(url.replace(`/${uploadId}/1?`, `/${uploadId}/2?`), { method: 'PUT', body: new Uint8Array(bytes.subarray(0, 10)) });
        expect(otherPart.status).toBe(403);
        expect(await listParts(token, key, uploadId)).toEqual([]);
      });
    }
  });
}
