/**
 * Reading material files (docs/product/material-files.md#reading-a-file): the editor asks for an uploaded file to be
 * read, a background job reads it, and the result call answers the file's parse code with its message and what the
 * file proposes. Every code a U3M file can earn has a file that earns it here, as do the color-card zip's own codes
 * and the ADMF block's; refused requests write nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/i18n';
import { getDb } from '../../src/lib/server/db/client';
import { materialFileReads, uploadedFiles } from '../../src/lib/server/db/schema';
import { workJobs, type JobWorkers } from '../../src/lib/server/jobs/work-jobs';
import { FILE_CODES, ZIP_CODES } from '../../src/lib/server/material-files/parse-codes';
import { admfBlock, admfPackage, admfPayload } from '../../src/lib/server/material-files/testing/admf-fixtures';
import { colorCardIndex, colorCardZip, colorFiles, THREE_COLORS } from '../../src/lib/server/material-files/testing/color-card-zip-fixtures';
import { makeZip } from '../../src/lib/server/material-files/testing/make-zip';
import { blackPng, solidPng, u3mDescription, u3mPackage } from '../../src/lib/server/material-files/testing/u3m-fixtures';
import { xtexPackage } from '../../src/lib/server/material-files/testing/xtex-fixtures';
import { getStorage } from '../../src/lib/server/storage';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise } from '../fixtures/identity';
import { waitUntil } from '../fixtures/jobs';

const { call } = apiCaller();
useTempDataDir('material-files');

type Enterprise = Awaited<ReturnType<typeof createEnterprise>>;
let supplier: Enterprise;
let other: Enterprise;
let workers: JobWorkers;
let uploads = 0;

beforeAll(async () => {
  supplier = await createEnterprise();
  other = await createEnterprise();
  workers = await workJobs({ pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
});
afterAll(() => workers.stop());

/** Stores `bytes` as an upload of the company (the upload calls themselves are tested in uploads.test.ts). */
async function upload(bytes: Buffer | null, companyId = supplier.companyId): Promise<string> {
  const relativePath = `u/${companyId}/material-file-${++uploads}.bin`;
  if (bytes) await getStorage().put(relativePath, bytes, 'application/zip');
  await getDb().insert(uploadedFiles).values({ relativePath, fullRegion: 'local', companyId, size: bytes?.length ?? 1, mime: 'application/zip' });
  return relativePath;
}

const ask = (relativePath: string, fileName = 'Twill navy.u3ma', parser = 'u3m', token = supplier.adminToken, lang?: string) => call(`/datapipe/parser/${parser}`, { body: { relativePath, fileName }, token, lang });
const result = (id: number, token = supplier.adminToken, lang?: string) => call(`/datapipe/parser/result?id=${id}`, { token, lang });

/** Uploads, asks for the reading and waits for it to end; answers the result call's data. */
async function read(bytes: Buffer | null, fileName?: string, lang?: string, parser?: string) {
  const asked = await ask(await upload(bytes), fileName, parser);
  expect(asked.body.code).toBe(200);
  const id = asked.body.data.id as number;
  return (await waitUntil(`reading ${id}`, () => result(id, supplier.adminToken, lang), (r) => r.body.data.state === 'done' || r.body.data.state === 'failed')).body.data;
}

describe('reading a U3M file', () => {
  it('reads a package with every map: code 0, the proposed color, the maps stored under keys of their content', async () => {
    const data = await read(await u3mPackage({ hex: '#1f3a93' }), 'Twill navy.u3ma');
    expect(data).toMatchObject({ state: 'done', code: 0, message: '', fileName: 'Twill navy.u3ma' });
    expect(data.material).toMatchObject({ format: 'u3m', version: '1.0', name: 'Twill test', physicalSize: { widthCm: 12.5, heightCm: 10 }, colors: [{ name: 'Twill navy', hex: '#1f3a93' }] });
    expect(data.material.maps.front.sort()).toEqual(['alpha', 'basecolor', 'displacement', 'metalness', 'normal', 'roughness']);
    const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
    const keys = Object.values(row!.mapKeys!.front);
    expect(keys).toHaveLength(6);
    for (const key of keys) {
      expect(key).toMatch(/^maps\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      expect(await getStorage().exists(key!)).toBe(true);
    }
    // Five of the six maps are the same grey picture: stored once.
    expect(new Set(keys).size).toBe(2);
  });

  it('answers -1 with its message, not as a failure, when the file has no diffuse color', async () => {
    const data = await read(Buffer.from(JSON.stringify(u3mDescription({ maps: [], basecolor: null }))), 'plain.u3m', 'en');
    expect(data).toMatchObject({ state: 'done', code: FILE_CODES.noDiffuseColor, message: MESSAGES.en.materialFile.code['-1'] });
    expect(data.material.colors).toEqual([]);
  });

  // Each failure also keeps, for the log, an English detail that says which check refused the file.
  const failures: [string, number, RegExp, () => Promise<Buffer | null>][] = [
    ['-2: a zip bomb', FILE_CODES.sizeError, /zeros\.bin inflates \d+ times/, async () => makeZip([{ name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: [] })) }, { name: 'zeros.bin', data: Buffer.alloc(16 * 1024 * 1024) }])],
    ['-2: an entry that claims 2 GB', FILE_CODES.sizeError, /^entry huge\.png claims 2147483648 bytes$/, async () => makeZip([{ name: 'material.u3m', data: '{}' }, { name: 'huge.png', data: 'tiny', claimedSize: 2 * 1024 ** 3 }])],
    ['-3: a file that is no package and no description', FILE_CODES.formatError, /^description is not JSON$/, async () => Buffer.from('this is not a material file')],
    ['-3: an entry whose path leaves the archive', FILE_CODES.formatError, /^entry path leaves the archive/, async () => makeZip([{ name: 'material.u3m', data: '{}' }, { name: '../../escape.png', data: 'x' }])],
    ['-4: an upload whose bytes are gone from the store', FILE_CODES.readFailed, /^no stored object u\//, async () => null],
    ['-6: a package without a map its description names', FILE_CODES.noResource, /^front roughness map textures\/roughness\.png is not in the archive$/, () => u3mPackage({ leaveOut: 'roughness' })],
    ['-7: another major version of the format', FILE_CODES.wrongVersion, /^U3M schema 2\.0/, async () => Buffer.from(JSON.stringify({ ...u3mDescription({ maps: [] }), schema: '2.0' }))],
  ];
  for (const [what, code, detail, make] of failures) {
    it(`answers ${what}, in the caller's language, and stores nothing`, async () => {
      const data = await read(await make(), 'broken.zip', 'en');
      expect(data).toMatchObject({ state: 'failed', code, message: MESSAGES.en.materialFile.code[String(code) as keyof typeof MESSAGES.en.materialFile.code], material: null });
      const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
      expect(row!.mapKeys).toBeNull();
      expect(row!.detail).toMatch(detail);
      const cn = (await result(data.id, supplier.adminToken, 'zh-CN')).body.data;
      expect(cn.message).toBe(MESSAGES.cn.materialFile.code[String(code) as keyof typeof MESSAGES.cn.materialFile.code]);
    });
  }
  it('answers -2 with a size message in both languages for a 16384 × 16384 map, and stores no map', async () => {
    const huge = makeZip([
      { name: 'material.u3m', data: JSON.stringify(u3mDescription({ maps: ['normal', 'basecolor'] })) },
      { name: 'textures/normal.png', data: await solidPng('#8080ff'), method: 0 },
      { name: 'textures/basecolor.png', data: await blackPng(16384, 16384), method: 0 },
    ]);
    const data = await read(huge, 'huge map.u3ma', 'en');
    expect(data).toMatchObject({ state: 'failed', code: FILE_CODES.sizeError, message: MESSAGES.en.materialFile.code['-2'], material: null });
    expect(data.message).toMatch(/8192 × 8192 pixels/);
    const cn = (await result(data.id, supplier.adminToken, 'zh-CN')).body.data;
    expect(cn).toMatchObject({ code: FILE_CODES.sizeError, message: MESSAGES.cn.materialFile.code['-2'] });
    expect(cn.message).toMatch(/8192 × 8192 像素/);
    const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
    expect(row).toMatchObject({ mapKeys: null, detail: 'front basecolor map is 16384 × 16384 pixels, more than 67108864' });
  });
});

type Messages = (typeof MESSAGES)['en']['materialFile'];
const codeMessage = (lang: 'en' | 'cn', code: number) => MESSAGES[lang].materialFile.code[String(code) as keyof Messages['code']];
const zipMessage = (lang: 'en' | 'cn', zipCode: number) => MESSAGES[lang].materialFile.zipCode[String(zipCode) as keyof Messages['zipCode']];

describe('reading xTex, color-card zips and ADMF', () => {
  it('reads an xTex with every map: code 0, its color, the maps stored', async () => {
    const data = await read(await xtexPackage({ hex: '#708238' }), 'Olive.xtex', 'en', 'xtex');
    expect(data).toMatchObject({ state: 'done', code: 0, zipCode: null, message: '' });
    expect(data.material).toMatchObject({ format: 'xtex', version: '1.0', physicalSize: { widthCm: 12.5, heightCm: 10 }, colors: [{ name: 'Olive', hex: '#708238' }] });
    expect(data.material.maps).toEqual({ front: expect.arrayContaining(['alpha', 'basecolor', 'displacement', 'metalness', 'normal', 'roughness']), back: [] });
    const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
    expect(Object.keys(row!.mapKeys!.front)).toHaveLength(6);
  });

  it('reads a color-card zip of two U3M packages and an xTex: the first color’s maps, every color proposed', async () => {
    const data = await read(await colorCardZip(), 'Summer.zip', 'en', 'color-card');
    expect(data).toMatchObject({ state: 'done', code: 0, zipCode: null, message: '' });
    expect(data.material).toMatchObject({ format: 'color-card-zip', name: 'Summer twill', physicalSize: { widthCm: 12.5, heightCm: 10 } });
    expect(data.material.colors).toEqual([
      { name: 'Navy', hex: '#1f3a93' },
      { name: 'Sand', hex: '#c2b280' },
      { name: 'Olive green, a name longer than', hex: '#708238' },
    ]);
    expect(data.material.maps.front).toHaveLength(6);
    const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
    for (const key of Object.values(row!.mapKeys!.front)) expect(await getStorage().exists(key!)).toBe(true);
  });

  it('reads an ADMF with two color blocks', async () => {
    const data = await read(await admfPackage(), 'Mesh.admf', 'en', 'admf');
    expect(data).toMatchObject({ state: 'done', code: 0, zipCode: null, message: '' });
    expect(data.material).toMatchObject({ format: 'admf', version: '1.9', name: 'Mesh ADMF', physicalSize: { widthCm: 20, heightCm: 15 } });
    expect(data.material.colors).toEqual([
      { name: 'Navy', hex: '#1f3a93' },
      { name: 'Sand, a colorway whose name runs', hex: '#c2b280' },
    ]);
    expect(data.material.maps).toEqual({ front: expect.arrayContaining(['basecolor', 'normal', 'roughness']), back: [] });
  });

  // The zip's own failures: the message names the zip's problem first, then the file's.
  const zipFailures: [string, number, number, RegExp, () => Promise<Buffer>][] = [
    ['-1: no XML index', FILE_CODES.noResource, ZIP_CODES.xmlMissing, /^no index\.xml or colorcards\.xml index/, () => colorCardZip({ index: null })],
    ['-2: an index that is not well-formed', FILE_CODES.formatError, ZIP_CODES.xmlFormatError, /^index: XML is not well-formed/, () => colorCardZip({ index: '<colorcards><color name="Navy" file="navy.u3ma"></colorcards>' })],
    ['-3: a listed file missing', FILE_CODES.noResource, ZIP_CODES.entryFileMissing, /olive\.xtex is not in the archive$/, () => colorCardZip({ leaveOut: 'olive.xtex' })],
    ['-4: a listed U3M that cannot be read', FILE_CODES.wrongVersion, ZIP_CODES.u3mFormatError, /^color "Sand" \(colors\/sand\.u3ma\): U3M schema 2\.0/, async () => {
      const files = await colorFiles();
      files[1] = { name: 'colors/sand.u3ma', data: Buffer.from(JSON.stringify({ ...u3mDescription({ maps: [] }), schema: '2.0' })) };
      return colorCardZip({ files });
    }],
    ['-5: two colors of the same name', FILE_CODES.parameterError, ZIP_CODES.parameterError, /^colors 1 and 2 are both named "navy"$/, () => colorCardZip({ index: colorCardIndex([THREE_COLORS[0]!, { ...THREE_COLORS[2]!, name: 'navy' }]) })],
    ['-6: a listed xTex whose XML is not well-formed', FILE_CODES.formatError, ZIP_CODES.xtexXmlFormatError, /\(olive\.xtex\): XML is not well-formed/, async () => {
      const files = await colorFiles();
      files[2] = { name: 'olive.xtex', data: await xtexPackage({ xml: '<xtex version="1.0"><name>Olive</xtex>' }) };
      return colorCardZip({ files });
    }],
  ];
  for (const [what, code, zipCode, detail, make] of zipFailures) {
    it(`answers zip code ${what}, with both messages in the caller's language`, async () => {
      const data = await read(await make(), 'Summer.zip', 'en', 'color-card');
      expect(data).toMatchObject({ state: 'failed', code, zipCode, message: `${zipMessage('en', zipCode)}. ${codeMessage('en', code)}`, material: null });
      const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
      expect(row).toMatchObject({ zipCode, mapKeys: null });
      expect(row!.detail).toMatch(detail);
      const cn = (await result(data.id, supplier.adminToken, 'zh-CN')).body.data;
      expect(cn.message).toBe(`${zipMessage('cn', zipCode)}。${codeMessage('cn', code)}`);
    });
  }

  const admfFailures: [string, number, RegExp, () => Promise<Buffer>][] = [
    ['-5: a payload with wrong values', FILE_CODES.parameterError, /^payload: size\.widthMm/, () => admfPackage({ block: admfBlock({ ...admfPayload(), size: { widthMm: -1, heightMm: 10 } }) })],
    ['-7: a version before 1.9', FILE_CODES.wrongVersion, /^ADMF 1\.8;/, () => admfPackage({ block: admfBlock(admfPayload(), { minor: 8 }) })],
    ['-8: a block that is not ADMF', FILE_CODES.badHead, /does not start with ADMF$/, () => admfPackage({ block: admfBlock(admfPayload(), { magic: 'ZIPS' }) })],
    ['-9: a payload that fails its CRC', FILE_CODES.decodeError, /^payload does not match its CRC-32$/, () => admfPackage({ block: admfBlock(admfPayload(), { crc: 1 }) })],
  ];
  for (const [what, code, detail, make] of admfFailures) {
    it(`answers an ADMF's ${what}, without a zip code`, async () => {
      const data = await read(await make(), 'Mesh.admf', 'en', 'admf');
      expect(data).toMatchObject({ state: 'failed', code, zipCode: null, message: codeMessage('en', code), material: null });
      const [row] = await getDb().select().from(materialFileReads).where(eq(materialFileReads.id, data.id));
      expect(row!.detail).toMatch(detail);
    });
  }
});

describe('refused requests change nothing', () => {
  const readings = async () => (await getDb().select({ id: materialFileReads.id }).from(materialFileReads)).length;

  it('refuses another company’s upload, an extension the reader does not take and an unknown reader', async () => {
    const before = await readings();
    const theirs = await upload(await u3mPackage(), other.companyId);
    const notOwn = await ask(theirs);
    expect(notOwn.status).toBe(422);
    expect(notOwn.body.data.fields).toEqual([{ field: 'relativePath', message: MESSAGES.cn.validation.attachmentNotOwn }]);
    const ours = await upload(await u3mPackage());
    const wrongType = await ask(ours, 'photo.jpg', 'u3m', supplier.adminToken, 'en');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.data.fields[0]).toEqual({ field: 'fileName', message: 'This reader takes u3m, u3ma, zip files' });
    expect((await ask(ours, 'a.u3m', 'pdf')).status).toBe(422);
    expect(await readings()).toBe(before);
  });

  it('does not show one company’s reading to another, nor to a member without the editor’s permission', async () => {
    const asked = await ask(await upload(await u3mPackage()));
    expect((await result(asked.body.data.id, other.adminToken)).status).toBe(404);
    expect((await result(asked.body.data.id, supplier.memberToken)).status).toBe(403);
    expect((await ask(await upload(await u3mPackage()), 'a.u3m', 'u3m', supplier.memberToken)).status).toBe(403);
  });
});
