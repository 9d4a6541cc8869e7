import { eq, inArray, sql } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST, MARKET_TYPE, RENDER_STATUS, currencySymbolOf } from '../../constants';
import { NEW_MATERIAL_DAYS, type ColorCard, type MaterialAttribute, type MaterialDetail } from '../../contracts/materials';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { colorCards, companies, images, materials, materialVersions, merchantFollows, merchantProfiles, type RenderOutputs } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { catalogueSnapshot, labelIn, type CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { categoryPath, formatAttribute, hasValue } from './format-attribute';
import { attachmentsOf, numberOrNull, type StoredImageRef, type StoredMaterial, type StoredMaterialFile } from './stored-material';
import { isPublished } from './published-material';
import { cachedListing } from './listing-cache';

/** `shared`: the viewer came through a share, which opens what its sharer could see (an unpublished material too). */
export type Viewer = { userId: number | null; companyId: number | null; showAliases: boolean; shared?: boolean };

/**
 * One material at one version (docs/product/catalogue.md#calls open/v2/material/detail; version -1 is the latest). Published materials are open
 * to everyone; an unpublished one only to its own company; a deleted one, or a version that does not exist, is
 * "empty" (100404) alike, so ids cannot be probed.
 */
export async function getMaterialDetail(id: number, version: number, lang: Lang, viewer: Viewer, marketType: 1 | 2 = 1): Promise<MaterialDetail> {
  // What everyone sees of it is kept like a store page (dropped by every write to materials or suppliers); who
  // follows the supplier is asked every time.
  const [shown, follows] = await Promise.all([
    cachedListing('pages', `detail:${id}:${version}:${lang}:${viewer.showAliases ? 1 : 0}:${marketType}`, () => describeMaterial(id, version, lang, viewer.showAliases, marketType)),
    followsOfSupplier(id, viewer.userId),
  ]);
  const isOwner = shown !== null && viewer.companyId === shown.detail.supplierInfo.supplierId;
  if (!shown || !(isPublished(shown.flags, marketType) || isOwner || viewer.shared === true)) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const { detail } = shown;
  return { ...detail, supplierInfo: { ...detail.supplierInfo, ...follows }, isOwner };
}

type SharedDetail = Omit<MaterialDetail, 'isOwner' | 'supplierInfo'> & { supplierInfo: Omit<MaterialDetail['supplierInfo'], 'followCount' | 'isFollow'> };
type DescribedMaterial = { detail: SharedDetail; flags: { isDelete: number; onMarketDomestic: number; onMarketOverseas: number } };

/** How many follow the material's supplier, and whether the viewer does. */
async function followsOfSupplier(id: number, userId: number | null): Promise<{ followCount: number; isFollow: 0 | 1 }> {
  const db = getDb();
  const [row] = await db
    .select({
      followCount: sql<number>`count(*)::int`,
      followed: userId ? sql<boolean>`coalesce(bool_or(${merchantFollows.userId} = ${userId}), false)` : sql<boolean>`false`,
    })
    .from(merchantFollows)
    .where(inArray(merchantFollows.companyId, db.select({ companyId: materials.companyId }).from(materials).where(eq(materials.id, id))));
  return { followCount: row?.followCount ?? 0, isFollow: row?.followed ? 1 : 0 };
}

/** The material as anyone may be shown it, with what decides who may; null when it or the version is not there. */
async function describeMaterial(id: number, version: number, lang: Lang, showAliases: boolean, marketType: 1 | 2): Promise<DescribedMaterial | null> {
  const db = getDb();
  // One round trip: the material, its company and the wanted version's content together.
  const wanted = version === DETAIL_VERSION_LATEST ? materials.version : sql`${version}`;
  const [[row], catalogue] = await Promise.all([
    db
      .select({
        // Only the columns used: every column selected is mapped back one by one for every row.
        m: {
          id: materials.id,
          companyId: materials.companyId,
          version: materials.version,
          isDelete: materials.isDelete,
          onMarketDomestic: materials.onMarketDomestic,
          onMarketOverseas: materials.onMarketOverseas,
          gmtCreateTime: materials.gmtCreateTime,
          gmtModifyTime: materials.gmtModifyTime,
        },
        orgName: companies.orgName,
        orgNameEn: companies.nameEn,
        logo: { id: images.id, width: images.width, height: images.height },
        data: sql`(select ${materialVersions.data} from ${materialVersions} where ${materialVersions.materialId} = ${materials.id} and ${materialVersions.version} = ${wanted})`.mapWith(materialVersions.data),
      })
      .from(materials)
      .innerJoin(companies, eq(companies.id, materials.companyId))
      .leftJoin(merchantProfiles, eq(merchantProfiles.companyId, materials.companyId))
      .leftJoin(images, eq(images.id, merchantProfiles.logoImageId))
      .where(eq(materials.id, id)),
    catalogueSnapshot(),
  ]);
  if (!row || row.m.isDelete === 1 || !row.data) return null;
  const m = row.m;
  const s = row.data as StoredMaterial;
  const en = lang === 'en';
  const aliasOf = (key: string) => (showAliases ? (catalogue.aliases.get(key)?.[en ? 'en' : 'cn'] ?? null) : null);
  const ref = (img: StoredImageRef | null, preset: Parameters<typeof imageSources>[1]) => (img ? imageSources(img, preset) : null);
  const gallery = (img: StoredImageRef) => ({ ...imageSources(img, 'large'), zoom: imageSources(img, 'full') });

  // Renders finish after their version was saved: the latest version of a material with a file shows each card's
  // render as it is now. Without a file nothing renders, and the version's own states stand.
  const latest = m.version === (version === DETAIL_VERSION_LATEST ? m.version : version);
  const live = s.file && latest ? await liveRenders(id) : new Map<number, LiveRender>();
  const colorCardList: ColorCard[] = s.colorCards.map((card) => {
    const render = live.get(card.id);
    const outputs = render?.renderingStatus === RENDER_STATUS.success ? render.renderOutputs : null;
    return {
      id: card.id,
      sort: card.sort,
      name: card.name,
      colorInfo: { hex: card.hex, lab: card.lab },
      isDefault: card.isDefault,
      colorFamily: card.colorFamily,
      isBan: card.isBan,
      renderingStatus: render?.renderingStatus ?? card.renderingStatus,
      images: card.images.map(gallery),
      thumb: ref(card.images[0] ?? null, 'tiny'),
      imgInfo: outputs ? { swatch: imageSources(outputs.swatch, 'full'), preview: imageSources(outputs.preview, 'medium'), previewWithRuler: imageSources(outputs.previewWithRuler, 'large'), crease: imageSources(outputs.crease, 'large') } : null,
    };
  });

  const path = categoryPath(catalogue, s.categoryId);
  // The overseas market reads a material in English, with the fields its overseas template uses
  // (docs/product/markets.md#materials), whatever language the interface is in.
  const overseas = marketType === MARKET_TYPE.overseas;
  const fieldLang: Lang = overseas ? 'en' : lang;
  const template = overseas && path[0] ? catalogue.templates.get(`${path[0].id}:${MARKET_TYPE.overseas}`) : undefined;
  const detail: SharedDetail = {
    id: m.id,
    version: version === DETAIL_VERSION_LATEST ? m.version : version,
    latestVersion: m.version,
    categoryId: s.categoryId,
    categoryPath: path.map((c) => ({ id: c.id, name: en ? c.nameEn : c.nameCn, alias: aliasOf(`category${c.level}:${c.id}`) })),
    name: (en || overseas) && s.nameEn ? s.nameEn : s.nameCn,
    nameCn: s.nameCn,
    nameEn: s.nameEn,
    serialNo: s.serialNo,
    supplierInfo: {
      supplierId: m.companyId,
      supplierName: en && row.orgNameEn ? row.orgNameEn : row.orgName,
      supplierLogo: row.logo?.id ? imageSources(row.logo, 'tiny') : null,
    },
    colorCardList,
    enclosure: { images: s.enclosure.map(gallery) },
    coverPicture: ref(s.cover, 'medium'),
    danglingPicture: ref(s.dangling, 'medium'),
    dynamicAttr: attributes(s.attrs, catalogue, fieldLang, aliasOf, template),
    price: numberOrNull(s.attrs.PF_PRICE),
    samplePrice: numberOrNull(s.attrs.PF_SAMPLE_PRICE),
    currency: typeof s.attrs.PF_CURRENCY === 'string' ? s.attrs.PF_CURRENCY : 'CNY',
    currencySymbol: currencySymbolOf(typeof s.attrs.PF_CURRENCY === 'string' ? s.attrs.PF_CURRENCY : 'CNY'),
    priceUnit: labelIn(catalogue, `priceUnit:${String(s.attrs.PF_UNIT ?? 'm')}`, lang) ?? String(s.attrs.PF_UNIT ?? ''),
    isNew: Date.now() - m.gmtCreateTime.getTime() < NEW_MATERIAL_DAYS * 86_400_000 ? 1 : 0,
    hasFile: s.hasFile,
    isDelete: 0,
    // Where it is on sale now: market state is not versioned content.
    marketTypes: [...(m.onMarketDomestic ? [1] : []), ...(m.onMarketOverseas ? [2] : [])],
    renderingInfo: { fullyRendered: colorCardList.every((c) => c.renderingStatus === RENDER_STATUS.success) },
    fileInfo: s.file ? fileInfoOf(m.id, version === DETAIL_VERSION_LATEST ? m.version : version, s.file) : null,
    attachments: attachmentsOf(s).map((a, index) => ({ index, name: a.name, size: a.size, mime: a.mime })),
    gmtCreateTime: m.gmtCreateTime.toISOString(),
    gmtModifyTime: m.gmtModifyTime.toISOString(),
  };
  return { detail, flags: m };
}

type LiveRender = { renderingStatus: number; renderOutputs: RenderOutputs | null };

async function liveRenders(materialId: number): Promise<Map<number, LiveRender>> {
  const rows = await getDb().select({ id: colorCards.id, renderingStatus: colorCards.renderingStatus, renderOutputs: colorCards.renderOutputs }).from(colorCards).where(eq(colorCards.materialId, materialId));
  return new Map(rows.map(({ id, ...render }) => [id, render]));
}

/** The file as the 3D preview takes it: its maps as links to `material/file/map`, which checks who may see them. */
function fileInfoOf(materialId: number, version: number, file: StoredMaterialFile): NonNullable<MaterialDetail['fileInfo']> {
  const maps = Object.fromEntries(file.settings.maps.filter((kind) => file.mapKeys.front[kind]).map((kind) => [kind, `/api/idealab-material/material/file/map?materialId=${materialId}&version=${version}&kind=${kind}`]));
  const { front } = file.material;
  return {
    fileName: file.fileName,
    format: file.material.format,
    version: file.material.version,
    tileCm: { width: file.settings.widthCm, height: file.settings.heightCm },
    maps,
    constants: { roughness: front.roughness, metalness: front.metalness, alpha: front.alpha },
  };
}

/** Values in reading form (`formatAttribute`); empty values left out. */
/** The material's attributes with a value, in the fields' order; only the template's fields when one is given. */
function attributes(attrs: Record<string, unknown>, catalogue: CatalogueSnapshot, lang: Lang, aliasOf: (key: string) => string | null, template?: ReadonlySet<string>): MaterialAttribute[] {
  return [...catalogue.fields.entries()]
    .filter(([code]) => hasValue(attrs[code]) && (!template || template.has(code)))
    .map(([fieldCode, field]) => ({ fieldCode, title: lang === 'en' ? field.titleEn : field.titleCn, alias: aliasOf(`field:${field.id}`), value: formatAttribute(fieldCode, attrs[fieldCode], catalogue, lang) }));
}
