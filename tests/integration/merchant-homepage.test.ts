/**
 * The supplier homepage (docs/product/merchant-homepage.md#calls): templates, saving the draft, publishing, the
 * public path, who may edit it, and rich text that comes back sanitised.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { companyMembers, companyRoles, materials, memberRoles, merchantHomepages, merchantProfiles } from '../../src/lib/server/db/schema';
import { resolveHomepageView } from '../../src/lib/server/merchant-homepages/resolve-homepage-view';
import { findPublishedHomepage } from '../../src/lib/server/merchant-homepages/find-published-homepage';
import { JSON_MAX_DEPTH } from '../../src/lib/json-depth';
import { findSession } from '../../src/lib/server/identity/find-session';
import { homepagePreviewPage } from '../../src/lib/server/pages/merchant-homepage';
import { apiCaller } from '../fixtures/api';
import { useTempDataDir } from '../fixtures/data-dir';
import { createEnterprise, createUser, signInTo } from '../fixtures/identity';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { storeImage } from '../../src/lib/server/images/store-image';
import { createMaterial, seedReferenceData } from '../fixtures/materials';

/**
 * A picture no other test file stores: identical bytes are stored once, under the company that stored them first,
 * so a picture another file made first would not count as this company's own.
 */
const ownImage = async (hex: string, companyId: number) =>
  storeImage(await sharp({ create: { width: 200 + randomInt(800), height: 120 + randomInt(600), channels: 3, background: hex } }).png().toBuffer(), { companyId });

const { call } = apiCaller('/api/idealab-material');
useTempDataDir('merchant-homepage');

type Company = Awaited<ReturnType<typeof createEnterprise>>;
type Module = { type: string; [field: string]: unknown };
type Issue = { field: string; message: string };

const get = (token: string) => call('/merchant/home/get', { token });
const save = (token: string, body: object, lang?: string) => call('/merchant/home/update', { token, body, lang });
const publish = (token: string, body: object = {}) => call('/merchant/home/publish', { token, body });
const stored = async (companyId: number) => (await getDb().select().from(merchantHomepages).where(eq(merchantHomepages.companyId, companyId)))[0] ?? null;

/** Rich text with a script, event handlers, a style and a javascript: link, around one of the company's pictures. */
const hostile = (imageId: number) =>
  [
    '<h2>Our story</h2>',
    '<p onclick="alert(1)" style="color:red">Tanned <strong>since 1998</strong><script>alert("xss")</script></p>',
    `<img src="/api/img/${imageId}/small.webp?e=1&s=x" onerror="alert(2)">`,
    '<p><a href="javascript:alert(3)">click</a> <a href="https://example.com/about" target="_blank">about</a></p>',
  ].join('');

let s: Company;
let other: Company;
let banner: number;
let picture: number;
let twill: number;
let jersey: number;
let foreignMaterial: number;
let foreignPicture: number;
/** A member holding the homepage permission through a role. */
let editorToken: string;

beforeAll(async () => {
  await seedReferenceData();
  s = await createEnterprise({ company: { mobile: '0769-8888-1234', email: 'sales@hp.example', introduction: '专业鞋面革', mainProducts: ['sports-shoes'] } });
  other = await createEnterprise();
  banner = (await ownImage('#884422', s.companyId)).id;
  picture = (await ownImage('#224488', s.companyId)).id;
  // A third picture of the company's own, so the banner's three slides never depend on the materials' pictures.
  await ownImage('#aa7744', s.companyId);
  twill = (await createMaterial(s.companyId, 'twill')).id;
  jersey = (await createMaterial(s.companyId, 'jersey')).id;
  foreignMaterial = (await createMaterial(other.companyId, 'twill')).id;
  foreignPicture = (await ownImage('#448822', other.companyId)).id;
  await getDb().insert(merchantProfiles).values({ companyId: s.companyId, bannerImageId: banner });

  const editor = await createUser({ role: 2 });
  await getDb().insert(companyMembers).values({ companyId: s.companyId, userId: editor.id, isAdmin: false });
  const [role] = await getDb().insert(companyRoles).values({ companyId: s.companyId, name: 'Homepage editors', permissions: ['FUN010'] }).returning({ id: companyRoles.id });
  await getDb().insert(memberRoles).values({ companyId: s.companyId, userId: editor.id, roleId: role!.id });
  editorToken = await signInTo(editor, s.companyId);
});

describe('templates (docs/product/merchant-homepage.md#templates)', () => {
  it('describes each template in the caller’s language', async () => {
    const cn = await call('/mch/home/temp/detail/1', { token: s.adminToken });
    expect(cn.status).toBe(200);
    expect(cn.body.data).toMatchObject({ id: 1, key: 'brand-story', name: '品牌故事' });
    expect(cn.body.data.moduleTypes).toContain('banner');
    const en = await call('/mch/home/temp/detail/2', { token: s.adminToken, lang: 'en' });
    expect(en.body.data).toMatchObject({ id: 2, key: 'catalogue-first', name: 'Catalogue first' });
    expect((await call('/mch/home/temp/detail/9', { token: s.adminToken })).body.code).toBe(100404);
  });

  it('fills a template with the company’s pictures, newest published materials and contact details', async () => {
    const res = await call('/mch/home/temp/get/1', { token: s.adminToken, lang: 'en' });
    expect(res.status).toBe(200);
    const modules = res.body.data.modules as Module[];
    expect(modules.map((m) => m.type)).toEqual(['banner', 'intro', 'imageText', 'richText', 'materials', 'contact']);
    const slides = (modules[0]!.slides as { imageId: number }[]).map((x) => x.imageId);
    // The merchant banner first, then the newest of the company's own pictures.
    expect(slides).toHaveLength(3);
    expect(slides[0]).toBe(banner);
    expect(slides).not.toContain(foreignPicture);
    expect(modules[1]).toMatchObject({ title: 'About us' });
    expect(modules[4]!.materialIds).toEqual([jersey, twill]);
    expect(modules[5]).toMatchObject({ phone: '0769-8888-1234', email: 'sales@hp.example' });
    for (const id of [3, 2]) expect((await call(`/mch/home/temp/get/${id}`, { token: s.adminToken })).status).toBe(200);
    expect((await call('/mch/home/temp/get/9', { token: s.adminToken })).body.code).toBe(100404);
  });
});

describe('draft and published copy (docs/product/merchant-homepage.md#states)', () => {
  it('starts with no draft and nothing published', async () => {
    const res = await get(s.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orgId: s.companyId, templateKey: null, draft: null, published: null, publishedAt: null, unpublishedChanges: false });
    const path = await call('/merchant/home/get/path', { token: s.adminToken });
    expect(path.body.data).toEqual({ orgId: s.companyId, path: `/merchant-homepage/detail?orgId=${s.companyId}`, published: false });
  });

  it('saves a draft, publishes it, and keeps the published copy until the next publish', async () => {
    const modules = [
      { type: 'banner', slides: [{ imageId: banner, caption: 'Spring', link: '/merchant/home' }] },
      { type: 'materials', title: 'Featured', materialIds: [twill, jersey] },
      { type: 'richText', title: 'Story', html: '<p>First</p>' },
      { type: 'contact', title: 'Contact', phone: '0769-8888-1234', email: '', address: '' },
    ];
    const saved = await save(s.adminToken, { orgId: s.companyId, templateKey: 'minimal', modules });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ templateKey: 'minimal', published: null, unpublishedChanges: true });
    expect(saved.body.data.draft.modules).toHaveLength(4);
    expect(saved.body.data.draft.modules[0].slides[0]).toEqual({ imageId: banner, caption: 'Spring', link: '/merchant/home' });
    expect(await findPublishedHomepage(s.companyId)).toBeNull();

    const published = await publish(s.adminToken, { orgId: s.companyId });
    expect(published.status).toBe(200);
    expect(published.body.data.published).toEqual(published.body.data.draft);
    expect(published.body.data.unpublishedChanges).toBe(false);
    expect(published.body.data.publishedAt).not.toBeNull();
    expect((await call('/merchant/home/get/path', { token: s.adminToken })).body.data.published).toBe(true);

    // The published content, on the reader's three paths; a company that published nothing is not found.
    for (const [path, token] of [['/open/content/detail', undefined], ['/content/detail', s.memberToken], ['/buyer/content/detail', s.memberToken]] as const) {
      const detail = await call(`${path}?id=${s.companyId}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({ orgId: s.companyId, content: { modules: published.body.data.published.modules } });
    }
    expect((await call('/open/content/detail?id=999999999')).status).toBe(404);

    // A later save changes the draft only.
    const edited = await save(editorToken, { modules: [...modules.slice(0, 2), { type: 'richText', title: 'Story', html: '<p>Second</p>' }] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.templateKey).toBe('minimal');
    expect(edited.body.data.unpublishedChanges).toBe(true);
    expect(edited.body.data.published.modules[2].html).toBe('<p>First</p>');
    const live = await findPublishedHomepage(s.companyId);
    const view = await resolveHomepageView(s.companyId, live!.content, 'cn');
    expect(view.blocks.map((b) => b.type)).toEqual(['banner', 'materials', 'richText', 'contact']);
    const tiles = view.blocks.find((b) => b.type === 'materials');
    expect(tiles?.type === 'materials' && tiles.materials.map((m) => m.id)).toEqual([twill, jersey]);

    // What buyers see leaves out a material taken off the market, without a new publish.
    await getDb().update(materials).set({ onMarketDomestic: 0, onMarketOverseas: 0 }).where(eq(materials.id, jersey));
    const after = await resolveHomepageView(s.companyId, live!.content, 'cn');
    const shown = after.blocks.find((b) => b.type === 'materials');
    expect(shown?.type === 'materials' && shown.materials.map((m) => m.id)).toEqual([twill]);
    await getDb().update(materials).set({ onMarketDomestic: 1 }).where(eq(materials.id, jersey));
  });

  it('refuses to publish a module with nothing to show, naming it, and changes nothing', async () => {
    const before = await stored(s.companyId);
    const saved = await save(s.adminToken, { modules: [{ type: 'banner', slides: [] }, { type: 'richText', title: '', html: '<p> </p>' }] });
    expect(saved.status).toBe(200);
    const refused = await publish(s.adminToken);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(300069);
    expect((refused.body.data.fields as Issue[]).map((f) => f.field)).toEqual(['modules[0].slides', 'modules[1].html']);
    expect((await stored(s.companyId))!.published).toEqual(before!.published);
  });
});

describe('checks at save (docs/product/merchant-homepage.md#rules)', () => {
  it('refuses another company’s pictures and materials, and unpublished ones, naming each field, and keeps nothing', async () => {
    const before = await stored(s.companyId);
    const res = await save(
      s.adminToken,
      {
        modules: [
          { type: 'banner', slides: [{ imageId: banner }, { imageId: foreignPicture }] },
          { type: 'materials', materialIds: [twill, foreignMaterial] },
          { type: 'imageText', imageId: foreignPicture, text: 'x' },
          { type: 'richText', html: `<p><img src="/api/img/${foreignPicture}/large.jpg"></p>` },
        ],
      },
      'en',
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(300068);
    expect(res.body.data.fields).toEqual([
      { field: 'modules[0].slides[1].imageId', message: 'This picture does not exist or is not your company\'s' },
      { field: 'modules[1].materialIds[1]', message: 'This material does not exist or has been deleted' },
      { field: 'modules[2].imageId', message: 'This picture does not exist or is not your company\'s' },
      { field: 'modules[3].html', message: 'This picture does not exist or is not your company\'s' },
    ]);
    expect(await stored(s.companyId)).toEqual(before);
  });

  it('validates the input: links, lengths, limits, unknown modules', async () => {
    const before = await stored(s.companyId);
    const res = await save(s.adminToken, {
      modules: [
        { type: 'banner', slides: Array.from({ length: 6 }, () => ({ imageId: banner })) },
        { type: 'imageText', link: 'javascript:alert(1)' },
        { type: 'contact', email: 'not-an-address' },
        { type: 'materials', title: 'x'.repeat(41), materialIds: [twill, twill] },
        { type: 'video', src: 'x' },
      ],
    });
    expect(res.status).toBe(422);
    const fields = (res.body.data.fields as Issue[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['modules[0].slides', 'modules[1].link', 'modules[2].email', 'modules[3].title', 'modules[3].materialIds', 'modules[4].type']));
    expect(await stored(s.companyId)).toEqual(before);
  });
});

describe('rich text (docs/product/merchant-homepage.md#rich-text)', () => {
  it('comes back without scripts, event handlers, javascript: links or styles, and is kept that way', async () => {
    const res = await save(s.adminToken, { modules: [{ type: 'richText', title: 'Story', html: hostile(picture) }, { type: 'imageText', imageId: picture, text: 'Craft' }] });
    expect(res.status).toBe(200);
    const html = res.body.data.draft.modules[0].html as string;
    expect(html).toBe(`<h2>Our story</h2><p>Tanned <strong>since 1998</strong></p><img src="/api/img/${picture}/large.jpg" alt=""><p><a>click</a> <a href="https://example.com/about" rel="noopener nofollow">about</a></p>`);
    expect((await stored(s.companyId))!.draft.modules[0]).toMatchObject({ html });

    const published = await publish(s.adminToken);
    expect(published.status).toBe(200);
    const view = await resolveHomepageView(s.companyId, (await findPublishedHomepage(s.companyId))!.content, 'en');
    const rich = view.blocks.find((b) => b.type === 'richText');
    // The same, with the picture's address signed for display.
    expect(rich?.type === 'richText' && rich.html.replace(/\?e=\d+&amp;s=[\w-]+/, '')).toBe(html);
  });

  it('sanitises again at render time, whatever the stored copy holds', async () => {
    const stale = { modules: [{ type: 'richText' as const, title: '', html: `<p>Hi<script>alert(1)</script><img src="/api/img/${picture}/large.jpg" onerror="x"><img src="/api/img/${foreignPicture}/large.jpg"></p>` }] };
    const view = await resolveHomepageView(s.companyId, stale, 'cn');
    const rich = view.blocks[0];
    expect(rich?.type).toBe('richText');
    const html = rich?.type === 'richText' ? rich.html : '';
    expect(html).not.toMatch(/script|onerror|javascript/);
    // Our own picture, signed for display; another company's is dropped.
    expect(html).toMatch(new RegExp(`^<p>Hi<img src="/api/img/${picture}/large\\.jpg\\?e=\\d+&amp;s=[\\w-]+" alt=""></p>$`));
  });
});

describe('who may edit (docs/product/merchant-homepage.md#rules)', () => {
  it('lets a member holding FUN010 edit, and refuses a member without it (403), changing nothing', async () => {
    expect((await get(editorToken)).status).toBe(200);
    const before = await stored(s.companyId);
    for (const res of [await get(s.memberToken), await save(s.memberToken, { modules: [] }), await publish(s.memberToken), await call('/mch/home/temp/get/1', { token: s.memberToken })]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(100403);
    }
    expect(await stored(s.companyId)).toEqual(before);
  });

  it('answers 100404 for another company’s homepage and changes nothing there', async () => {
    const before = await stored(s.companyId);
    const saved = await save(other.adminToken, { orgId: s.companyId, modules: [{ type: 'richText', html: '<p>Taken over</p>' }] });
    expect(saved.status).toBe(404);
    expect(saved.body.code).toBe(100404);
    const published = await publish(other.adminToken, { orgId: s.companyId });
    expect(published.status).toBe(404);
    expect(await stored(s.companyId)).toEqual(before);
    expect(await stored(other.companyId)).toBeNull();
  });

  it('refuses a buyer', async () => {
    const buyer = await createUser({ role: 1 });
    const token = await signInTo(buyer, buyer.companyId);
    expect((await get(token)).status).toBe(403);
  });
});

describe('upload parameters', () => {
  it('answers the company’s object-storage token', async () => {
    const res = await call('/merchant/home/oss/util', { token: s.adminToken, method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.data.key).toBe(`u/${s.companyId}/`);
  });
});

describe('the preview page (/content-preview)', () => {
  const posted = (content: string) => {
    const body = new URLSearchParams({ content }).toString();
    return { request: new Request('http://localhost/content-preview', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), locals: { body: new TextEncoder().encode(body) } };
  };

  it('reads the modules from the bytes the middleware read, and refuses JSON nested too deeply before parsing it', async () => {
    const session = (await findSession(s.adminToken))!;
    const deep = `{"modules":${'['.repeat(JSON_MAX_DEPTH * 100)}${']'.repeat(JSON_MAX_DEPTH * 100)}}`;
    expect(await homepagePreviewPage(session, posted(deep), 'en')).toEqual({ state: 'invalid', problems: [`The request is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`] });
    expect((await homepagePreviewPage(session, posted('{"modules":[]}'), 'en')).state).toBe('empty');
  });
});
