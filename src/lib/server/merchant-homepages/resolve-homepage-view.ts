import { and, eq, inArray } from 'drizzle-orm';
import type { ImageRef } from '../../contracts/images';
import type { MaterialCard } from '../../contracts/materials';
import type { HomepageContent } from '../../contracts/merchant-homepage';
import type { Lang } from '../../i18n';
import { isBuilt } from '../../routes';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { companies, materials } from '../db/schema';
import { imageSources, signedImageUrl } from '../images/image-url';
import { materialCardsByIds } from '../materials/find-materials';
import { visibleMaterial } from '../materials/published-material';
import { materialBookPath } from '../../contracts/material-books-rules';
import { listCompanyBooks } from '../material-books/list-company-books';
import { findOwnImages } from './find-own-images';
import { sanitizeRichText } from './sanitize-rich-text';

/** Where a material book is read; its cards link there only once that page exists. */
export const MATERIAL_BOOK_PATH = '/material-brochure/detail';

export type HomepageBook = { id: number; name: string; introduction: string; cover: ImageRef | null; count: number; href: string };
export type HomepageProfile = { introduction: string; mainProducts: string[]; establishedYear: number | null };

/** A module as the page shows it: pictures signed, materials as tiles, rich text sanitised again. */
export type HomepageBlock =
  | { type: 'banner'; slides: { image: ImageRef; caption: string; link: string }[] }
  | { type: 'materials'; title: string; materials: MaterialCard[] }
  | { type: 'books'; title: string; books: HomepageBook[] }
  | { type: 'intro'; title: string; text: string; profile: HomepageProfile | null }
  | { type: 'contact'; title: string; phone: string; email: string; address: string }
  | { type: 'richText'; title: string; html: string }
  | { type: 'imageText'; title: string; image: ImageRef | null; text: string; imageSide: 'start' | 'end'; link: string };

export interface HomepageView {
  orgId: number;
  orgName: string;
  blocks: HomepageBlock[];
}

/** A company's books on the market, newest change first, as any reader sees them (the shop and the homepage show them). */
export async function booksOf(companyId: number, limit: number, lang: Lang): Promise<HomepageBook[]> {
  const { records } = await listCompanyBooks(companyId, { userId: null, companyId: null }, { page: 1, size: limit }, lang);
  return records.map((b) => ({ id: b.id, name: b.name, introduction: b.introduction, cover: b.cover, count: b.count, href: materialBookPath(b.id) }));
}

/**
 * What a homepage shows (docs/product/merchant-homepage.md#the-published-page), from a draft or the published copy
 * alike, so the preview is the page. Everything is checked again as it renders: pictures the company may not show,
 * materials no longer published and modules left with nothing to show are left out, and rich text is sanitised anew.
 */
export async function resolveHomepageView(orgId: number, content: HomepageContent, lang: Lang): Promise<HomepageView> {
  const { modules } = content;
  const stored = modules.map((m) => (m.type === 'richText' ? sanitizeRichText(m.html) : null));
  const imageIds = modules.flatMap((m, i) => (m.type === 'banner' ? m.slides.map((s) => s.imageId) : m.type === 'imageText' && m.imageId !== null ? [m.imageId] : (stored[i]?.imageIds ?? [])));
  const materialIds = [...new Set(modules.flatMap((m) => (m.type === 'materials' ? m.materialIds : [])))];
  const bookLimit = Math.max(0, ...modules.map((m) => (m.type === 'books' ? m.count : 0)));
  const showBooks = bookLimit > 0 && isBuilt(MATERIAL_BOOK_PATH);
  const db = getDb();
  const [own, published, [company], books, catalogue] = await Promise.all([
    findOwnImages(orgId, imageIds),
    materialIds.length ? db.select({ id: materials.id }).from(materials).where(and(inArray(materials.id, materialIds), eq(materials.companyId, orgId), visibleMaterial)) : Promise.resolve([]),
    db.select({ orgName: companies.orgName, nameEn: companies.nameEn, introduction: companies.introduction, mainProducts: companies.mainProducts, establishedYear: companies.establishedYear }).from(companies).where(eq(companies.id, orgId)),
    showBooks ? booksOf(orgId, bookLimit, lang) : Promise.resolve([]),
    catalogueSnapshot(),
  ]);
  const visible = new Set(published.map((r) => r.id));
  const cards = new Map((await materialCardsByIds(materialIds.filter((id) => visible.has(id)), { lang })).map((c) => [c.id, c]));
  const now = Date.now();
  const picture = (id: number | null, preset: 'full' | 'large') => {
    const image = id === null ? undefined : own.get(id);
    return image ? imageSources(image, preset, now) : null;
  };
  const profile: HomepageProfile = {
    introduction: company?.introduction ?? '',
    mainProducts: (company?.mainProducts ?? []).map((p) => labelIn(catalogue, `leadingProduct:${p}`, lang) ?? p),
    establishedYear: company?.establishedYear ?? null,
  };
  const hasProfile = profile.introduction !== '' || profile.mainProducts.length > 0 || profile.establishedYear !== null;

  const blocks = modules.flatMap((m, i): HomepageBlock[] => {
    switch (m.type) {
      case 'banner': {
        const slides = m.slides.flatMap((s) => {
          const image = picture(s.imageId, 'full');
          return image ? [{ image, caption: s.caption, link: s.link }] : [];
        });
        return slides.length ? [{ type: 'banner', slides }] : [];
      }
      case 'materials': {
        const shown = m.materialIds.flatMap((id) => cards.get(id) ?? []);
        return shown.length ? [{ type: 'materials', title: m.title, materials: shown }] : [];
      }
      case 'books': {
        const shown = books.slice(0, m.count);
        return shown.length ? [{ type: 'books', title: m.title, books: shown }] : [];
      }
      case 'intro': {
        const shownProfile = m.showProfile && hasProfile ? profile : null;
        return m.text || shownProfile ? [{ type: 'intro', title: m.title, text: m.text, profile: shownProfile }] : [];
      }
      case 'contact':
        return m.phone || m.email || m.address ? [{ type: 'contact', title: m.title, phone: m.phone, email: m.email, address: m.address }] : [];
      case 'richText': {
        const html = sanitizeRichText(stored[i]?.html ?? '', (id) => (own.has(id) ? signedImageUrl(id, 'large', 'jpg', now) : null)).html;
        return html ? [{ type: 'richText', title: m.title, html }] : [];
      }
      case 'imageText': {
        const image = picture(m.imageId, 'large');
        return image || m.text ? [{ type: 'imageText', title: m.title, image, text: m.text, imageSide: m.imageSide, link: m.link }] : [];
      }
    }
  });
  const orgName = (lang === 'en' && company?.nameEn) || company?.orgName || '';
  return { orgId, orgName, blocks };
}
