import { and, count, eq, gt } from 'drizzle-orm';
import { NEW_MATERIAL_DAYS } from '../../contracts/materials';
import type { MerchantDetail } from '../../contracts/merchants';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { companies, images, materials, merchantProfiles } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { findMerchants } from './find-merchants';
import { isMerchant } from './merchant-filter';
import { publishedOn } from '../materials/published-material';
import { MARKET_TYPE } from '../../constants';

/** One merchant with its business information and banner (docs/product/catalogue.md#calls company/getcompanyinfo/orgid/v2; merchant detail). */
export async function getMerchant(orgId: number, lang: Lang, viewerId: number | null): Promise<MerchantDetail> {
  const db = getDb();
  const [row] = await db
    .select({ c: companies, banner: { id: images.id, width: images.width, height: images.height } })
    .from(companies)
    .leftJoin(merchantProfiles, eq(merchantProfiles.companyId, companies.id))
    .leftJoin(images, eq(images.id, merchantProfiles.bannerImageId))
    .where(and(eq(companies.id, orgId), isMerchant));
  if (!row) throw new AppError(ERROR.empty, { message: 'validation.merchantNotFound' });
  const c = row.c;
  const since = new Date(Date.now() - NEW_MATERIAL_DAYS * 86_400_000);
  const [catalogue, card, [fresh]] = await Promise.all([
    catalogueSnapshot(),
    // The tile fields (logo, counts, follow state) come from the list query, filtered to this one merchant.
    findMerchants({ keyword: undefined, page: 1, size: 1 }, { lang, viewerId, only: orgId }),
    db
      .select({ n: count() })
      .from(materials)
      .where(and(eq(materials.companyId, orgId), publishedOn(MARKET_TYPE.domestic), gt(materials.gmtCreateTime, since))),
  ]);
  const tile = card.records[0];
  if (!tile) throw new AppError(ERROR.empty, { message: 'validation.merchantNotFound' });
  const label = (key: string, value: string | null) => (value ? (labelIn(catalogue, `${key}:${value}`, lang) ?? value) : null);
  const address = [c.addressProvince, c.addressCity, c.addressDistrict].map((code) => label('address', code)).filter(Boolean);
  const certified = c.corpCerStatus === 2;
  return {
    ...tile,
    nameEn: c.nameEn,
    banner: row.banner?.id ? imageSources(row.banner, 'full') : null,
    introduction: c.introduction ?? '',
    address: [...address, c.completeAddress].filter(Boolean).join(lang === 'en' ? ', ' : ' '),
    corpType: label('corpType', c.corpType),
    bizModel: label('businessModel', c.bizModel),
    bizScope: c.bizScope.map((s) => label('bizScope', s) ?? s),
    establishedYear: c.establishedYear,
    certified,
    newMaterialCount: fresh?.n ?? 0,
  };
}
