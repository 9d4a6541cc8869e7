import { and, desc, eq } from 'drizzle-orm';
import type { HomepageAssets } from '../../contracts/merchant-homepage';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { images, materials } from '../db/schema';
import { imageSources } from '../images/image-url';
import { visibleMaterial } from '../materials/published-material';
import { listCompanyImages } from './list-company-images';

/** How many of each the builder lists: the newest, which is what a homepage features. */
export const ASSET_IMAGES_MAX = 60;
export const ASSET_MATERIALS_MAX = 300;

/** The pictures and published materials the builder offers the company (docs/product/merchant-homepage.md#modules). */
export async function listHomepageAssets(companyId: number, lang: Lang): Promise<HomepageAssets> {
  const [pictures, rows] = await Promise.all([
    listCompanyImages(companyId, ASSET_IMAGES_MAX),
    getDb()
      .select({ id: materials.id, nameCn: materials.nameCn, nameEn: materials.nameEn, serialNo: materials.serialNo, cover: { id: images.id, width: images.width, height: images.height } })
      .from(materials)
      .leftJoin(images, eq(images.id, materials.coverImageId))
      .where(and(eq(materials.companyId, companyId), visibleMaterial))
      .orderBy(desc(materials.gmtCreateTime), desc(materials.id))
      .limit(ASSET_MATERIALS_MAX),
  ]);
  return {
    images: pictures.map((p) => ({ id: p.id, image: imageSources(p, 'small') })),
    materials: rows.map((r) => ({ id: r.id, name: (lang === 'en' && r.nameEn) || r.nameCn, serialNo: r.serialNo, cover: r.cover ? imageSources(r.cover, 'tiny') : null })),
  };
}
