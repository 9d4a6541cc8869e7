import { and, desc, eq } from 'drizzle-orm';
import type { HomepageModule } from '../../contracts/merchant-homepage';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../../contracts/merchant-homepage-rules';
import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { companies, materials } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';
import type { HomepageTemplateDef } from './homepage-templates';
import { listCompanyImages } from './list-company-images';
import { sanitizeRichText } from './sanitize-rich-text';

const BANNER_SLIDES = 3;

/**
 * A template's modules for a company (docs/product/merchant-homepage.md#templates): its words in one language, and
 * the company's own pictures (the merchant banner first), newest published materials and contact details where the
 * template has room for them.
 */
export async function fillHomepageTemplate(companyId: number, template: HomepageTemplateDef, lang: Lang): Promise<HomepageModule[]> {
  const db = getDb();
  const materialCount = Math.max(0, ...template.modules.map((m) => (m.type === 'materials' ? m.count : 0)));
  const [pictures, newest, [company], catalogue] = await Promise.all([
    listCompanyImages(companyId, BANNER_SLIDES + 1),
    materialCount
      ? db.select({ id: materials.id }).from(materials).where(and(eq(materials.companyId, companyId), visibleMaterial)).orderBy(desc(materials.gmtCreateTime), desc(materials.id)).limit(materialCount)
      : Promise.resolve([]),
    db.select().from(companies).where(eq(companies.id, companyId)),
    catalogueSnapshot(),
  ]);
  const place = (code: string | null | undefined) => (code ? (labelIn(catalogue, `address:${code}`, lang) ?? '') : '');
  const address = [place(company?.addressProvince), place(company?.addressCity), place(company?.addressDistrict), company?.completeAddress ?? '']
    .filter(Boolean)
    .join(lang === 'en' ? ', ' : ' ')
    .slice(0, 200);
  // Contact details the company stored before the current rules may not pass them: those are left for the editor.
  const phone = company?.mobile && CONTACT_PHONE.test(company.mobile) ? company.mobile : '';
  const email = company?.email && CONTACT_EMAIL.test(company.email) ? company.email : '';

  const modules = template.modules.map((m): HomepageModule => {
    switch (m.type) {
      case 'banner':
        return { type: 'banner', slides: pictures.slice(0, BANNER_SLIDES).map((p) => ({ imageId: p.id, caption: '', link: '' })) };
      case 'materials':
        return { type: 'materials', title: m.title[lang], materialIds: newest.slice(0, m.count).map((r) => r.id) };
      case 'books':
        return { type: 'books', title: m.title[lang], count: m.count };
      case 'intro':
        return { type: 'intro', title: m.title[lang], text: m.text[lang], showProfile: m.showProfile };
      case 'contact':
        return { type: 'contact', title: m.title[lang], phone, email, address };
      case 'richText':
        return { type: 'richText', title: m.title[lang], html: sanitizeRichText(m.html[lang]).html };
      case 'imageText':
        return { type: 'imageText', title: m.title[lang], imageId: m.withPicture ? (pictures[1]?.id ?? pictures[0]?.id ?? null) : null, text: m.text[lang], imageSide: m.imageSide, link: '' };
    }
  });
  return modules;
}
