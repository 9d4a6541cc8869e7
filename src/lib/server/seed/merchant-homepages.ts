import { and, eq } from 'drizzle-orm';
import type { HomepageModule } from '../../contracts/merchant-homepage';
import type { Database } from '../db/client';
import { companies, merchantHomepages } from '../db/schema';
import { fillHomepageTemplate } from '../merchant-homepages/fill-homepage-template';
import { templateByKey } from '../merchant-homepages/homepage-templates';
import { sanitizeRichText } from '../merchant-homepages/sanitize-rich-text';
import { DEMO_SUPPLIER_TRADES } from './merchants-data';

/** What the demo company says in its own words, beyond what the template starts with. */
const STORY =
  '<h2>二十年皮革经验</h2><p>我们在东莞自有鞣制与涂饰车间，专注<strong>鞋面革</strong>与<strong>箱包革</strong>。</p><ul><li>小批量打样，七天交样</li><li>环保鞣制，可提供检测报告</li></ul><p>欢迎来厂参观，或在<a href="https://example.com/hua-leather">官网</a>了解更多。</p>';
const CONTACT = { phone: '0769-8888-1234', email: 'sales@hua-leather.example', address: '广东省东莞市厚街镇皮革工业园' };

/**
 * The demo's first merchant company (the demo supplier account's) has a published homepage, made from the brand-story
 * template with its own pictures and materials, so the shop's homepage tab and the builder have something to show.
 */
export async function seedMerchantHomepages(db: Database): Promise<number> {
  const [orgName] = Object.keys(DEMO_SUPPLIER_TRADES);
  const template = templateByKey('brand-story');
  if (!orgName || !template) return 0;
  const [company] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.orgName, orgName), eq(companies.isPersonal, false)));
  if (!company) return 0;
  const [existing] = await db.select({ id: merchantHomepages.companyId }).from(merchantHomepages).where(eq(merchantHomepages.companyId, company.id));
  if (existing) return 0;
  const modules = (await fillHomepageTemplate(company.id, template, 'cn')).map((m): HomepageModule => {
    if (m.type === 'richText') return { ...m, html: sanitizeRichText(STORY).html };
    if (m.type === 'contact') return { ...m, phone: m.phone || CONTACT.phone, email: m.email || CONTACT.email, address: m.address || CONTACT.address };
    return m;
  });
  const content = { modules };
  await db.insert(merchantHomepages).values({ companyId: company.id, templateKey: template.key, draft: content, published: content, publishedAt: new Date() }).onConflictDoNothing();
  return 1;
}
