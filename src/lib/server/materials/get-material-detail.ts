import { and, count, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST, currencySymbol } from '../../constants';
import { NEW_MATERIAL_DAYS, type ColorCard, type MaterialAttribute, type MaterialDetail } from '../../contracts/materials';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { companies, images, materials, materialVersions, merchantFollows, merchantProfiles } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { catalogueSnapshot, labelIn, type CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { categoryPath, formatAttribute, hasValue } from './format-attribute';
import { attachmentsOf, numberOrNull, type StoredImageRef, type StoredMaterial } from './stored-material';
import { isPublished } from './published-material';

/** `shared`: the viewer came through a share, which opens what its sharer could see (an unpublished material too). */
export type Viewer = { userId: number | null; companyId: number | null; showAliases: boolean; shared?: boolean };

/**
 * One material at one version (docs/product/catalogue.md#calls open/v2/material/detail; version -1 is the latest). Published materials are open
 * to everyone; an unpublished one only to its own company; a deleted one, or a version that does not exist, is
 * "empty" (100404) alike, so ids cannot be probed.
 */
export async function getMaterialDetail(id: number, version: number, lang: Lang, viewer: Viewer, marketType: 1 | 2 = 1): Promise<MaterialDetail> {
  const db = getDb();
  const [row] = await db
    .select({ m: materials, orgName: companies.orgName, orgNameEn: companies.nameEn, logo: { id: images.id, width: images.width, height: images.height } })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.companyId))
    .leftJoin(merchantProfiles, eq(merchantProfiles.companyId, materials.companyId))
    .leftJoin(images, eq(images.id, merchantProfiles.logoImageId))
    .where(eq(materials.id, id));
  const isOwner = row !== undefined && viewer.companyId === row.m.companyId;
  if (!row || row.m.isDelete === 1 || !(isPublished(row.m, marketType) || isOwner || viewer.shared === true)) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const m = row.m;
  const wanted = version === DETAIL_VERSION_LATEST ? m.version : version;

  const [[snapshotRow], [followers], [followed], catalogue] = await Promise.all([
    db.select({ data: materialVersions.data }).from(materialVersions).where(and(eq(materialVersions.materialId, id), eq(materialVersions.version, wanted))),
    db.select({ n: count() }).from(merchantFollows).where(eq(merchantFollows.companyId, m.companyId)),
    viewer.userId ? db.select({ n: count() }).from(merchantFollows).where(and(eq(merchantFollows.companyId, m.companyId), eq(merchantFollows.userId, viewer.userId))) : Promise.resolve([{ n: 0 }]),
    catalogueSnapshot(),
  ]);
  if (!snapshotRow) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const s = snapshotRow.data as StoredMaterial;
  const en = lang === 'en';
  const aliasOf = (key: string) => (viewer.showAliases ? (catalogue.aliases.get(key)?.[en ? 'en' : 'cn'] ?? null) : null);
  const ref = (img: StoredImageRef | null, preset: Parameters<typeof imageSources>[1]) => (img ? imageSources(img, preset) : null);
  const gallery = (img: StoredImageRef) => ({ ...imageSources(img, 'large'), zoom: imageSources(img, 'full') });

  const colorCardList: ColorCard[] = s.colorCards.map((card) => ({
    id: card.id,
    sort: card.sort,
    name: card.name,
    colorInfo: { hex: card.hex, lab: card.lab },
    isDefault: card.isDefault,
    colorFamily: card.colorFamily,
    isBan: card.isBan,
    renderingStatus: card.renderingStatus,
    images: card.images.map(gallery),
    thumb: ref(card.images[0] ?? null, 'tiny'),
  }));

  const path = categoryPath(catalogue, s.categoryId);
  return {
    id: m.id,
    version: wanted,
    latestVersion: m.version,
    categoryId: s.categoryId,
    categoryPath: path.map((c) => ({ id: c.id, name: en ? c.nameEn : c.nameCn, alias: aliasOf(`category${c.level}:${c.id}`) })),
    name: en && s.nameEn ? s.nameEn : s.nameCn,
    nameCn: s.nameCn,
    nameEn: s.nameEn,
    serialNo: s.serialNo,
    supplierInfo: {
      supplierId: m.companyId,
      supplierName: en && row.orgNameEn ? row.orgNameEn : row.orgName,
      supplierLogo: row.logo?.id ? imageSources(row.logo, 'tiny') : null,
      followCount: followers?.n ?? 0,
      isFollow: (followed?.n ?? 0) > 0 ? 1 : 0,
    },
    colorCardList,
    enclosure: { images: s.enclosure.map(gallery) },
    coverPicture: ref(s.cover, 'medium'),
    danglingPicture: ref(s.dangling, 'medium'),
    dynamicAttr: attributes(s.attrs, catalogue, lang, aliasOf),
    price: numberOrNull(s.attrs.PF_PRICE),
    samplePrice: numberOrNull(s.attrs.PF_SAMPLE_PRICE),
    currency: typeof s.attrs.PF_CURRENCY === 'string' ? s.attrs.PF_CURRENCY : 'CNY',
    currencySymbol: currencySymbol(marketType),
    priceUnit: labelIn(catalogue, `priceUnit:${String(s.attrs.PF_UNIT ?? 'm')}`, lang) ?? String(s.attrs.PF_UNIT ?? ''),
    isNew: Date.now() - m.gmtCreateTime.getTime() < NEW_MATERIAL_DAYS * 86_400_000 ? 1 : 0,
    hasFile: s.hasFile,
    isDelete: 0,
    // Where it is on sale now: market state is not versioned content.
    marketTypes: [...(m.onMarketDomestic ? [1] : []), ...(m.onMarketOverseas ? [2] : [])],
    renderingInfo: { fullyRendered: s.colorCards.every((c) => c.renderingStatus === 2) },
    attachments: attachmentsOf(s).map((a, index) => ({ index, name: a.name, size: a.size, mime: a.mime })),
    isOwner,
    gmtCreateTime: m.gmtCreateTime.toISOString(),
    gmtModifyTime: m.gmtModifyTime.toISOString(),
  };
}

/** Values in reading form (`formatAttribute`); empty values left out. */
function attributes(attrs: Record<string, unknown>, catalogue: CatalogueSnapshot, lang: Lang, aliasOf: (key: string) => string | null): MaterialAttribute[] {
  return [...catalogue.fields.entries()]
    .filter(([code]) => hasValue(attrs[code]))
    .map(([fieldCode, field]) => ({ fieldCode, title: lang === 'en' ? field.titleEn : field.titleCn, alias: aliasOf(`field:${field.id}`), value: formatAttribute(fieldCode, attrs[fieldCode], catalogue, lang) }));
}
