import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST } from '../../constants';
import type { MaterialCard } from '../../contracts/materials';
import type { SharedBookColor, ShareContent } from '../../contracts/sharing';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { readBookColor } from '../color-books/read-book-color';
import type { ResolvedColor } from '../color-books/resolve-color-refs';
import { AppError } from '../errors';
import { getDb } from '../db/client';
import { collectFolders, collectItems, companies, materials, materialVersions } from '../db/schema';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import { imageSources } from '../images/image-url';
import { getMaterialDetail } from '../materials/get-material-detail';
import { numberOrNull, sortColorCards, type StoredMaterial } from '../materials/stored-material';
import type { ShareRow } from './find-share';
import { readSharedBook } from './read-shared-book';

/**
 * What a live share shows (docs/product/sharing.md), for a viewer already let in: a snapshot share (isSync 0) each material at the
 * version pinned when it was made, a live one the latest; a live folder share the folder as it is now. Deleted
 * materials drop out either way; a folder's materials also when they leave the market. A color-card book shows its
 * pinned or its current colors; a deleted book leaves nothing to show (100404).
 */
export async function readShareContent(share: ShareRow, lang: Lang, viewerUserId: number | null): Promise<ShareContent> {
  if (share.kind === 'colorBook') {
    const book = await readSharedBook(share);
    if (!book) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
    return { kind: 'colorBook', book: { name: book.name, count: book.colors.length }, colors: book.colors.map((c) => sharedColor(c, lang)) };
  }
  const viewer = { userId: viewerUserId, companyId: null, showAliases: false, shared: true };
  const pinned = new Map((share.snapshot?.materials ?? []).map((m) => [m.id, m.version]));
  if (share.kind === 'material' || share.kind === 'colorCard') {
    const id = share.materialIds[0] ?? 0;
    const material = await getMaterialDetail(id, pinned.get(id) ?? DETAIL_VERSION_LATEST, lang, viewer);
    return share.kind === 'material' ? { kind: 'material', material } : { kind: 'colorCard', material, colorCardId: share.colorCardId ?? 0 };
  }
  const db = getDb();
  let folderName: string | null = null;
  let wanted: { id: number; version: number | null }[] = share.materialIds.map((id) => ({ id, version: pinned.get(id) ?? null }));
  if (share.kind === 'folder') {
    const [folder] = await db.select({ name: collectFolders.name }).from(collectFolders).where(eq(collectFolders.id, share.folderId ?? 0));
    folderName = folder?.name ?? null;
    if (share.isSync === 1) {
      const items = folder
        ? await db.select({ id: materials.id }).from(collectItems).innerJoin(materials, eq(materials.id, collectItems.materialId)).where(and(eq(collectItems.folderId, share.folderId ?? 0), visibleMaterial)).orderBy(desc(collectItems.createdAt))
        : [];
      wanted = items.map((i) => ({ id: i.id, version: null }));
    }
  }
  return { kind: share.kind === 'folder' ? 'folder' : 'materials', materials: await cardsAt(wanted, share.kind === 'folder', lang), folderName };
}

/** A book color as a viewer reads it: the built-in system's names in the viewer's language, the rest as kept. */
function sharedColor(color: ResolvedColor, lang: Lang): SharedBookColor {
  const { code, name, hex, r, g, b, family } = readBookColor({ ...color, id: 0 }, lang);
  return { code, name, hex, r, g, b, family };
}

/** Tiles of materials at the given versions (null: the latest), in the given order. */
async function cardsAt(wanted: { id: number; version: number | null }[], publishedOnly: boolean, lang: Lang): Promise<MaterialCard[]> {
  if (wanted.length === 0) return [];
  const db = getDb();
  const rows = await db
    .select({ id: materials.id, latest: materials.version, companyId: materials.companyId, orgName: companies.orgName, orgNameEn: companies.nameEn })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.companyId))
    .where(and(inArray(materials.id, wanted.map((w) => w.id)), publishedOnly ? visibleMaterial : existingMaterial));
  const current = new Map(rows.map((r) => [r.id, r]));
  const keys = wanted.flatMap((w) => {
    const row = current.get(w.id);
    return row ? [{ id: w.id, version: w.version ?? row.latest }] : [];
  });
  if (keys.length === 0) return [];
  const versions = await db
    .select({ materialId: materialVersions.materialId, version: materialVersions.version, data: materialVersions.data, createdAt: materialVersions.createdAt })
    .from(materialVersions)
    .where(or(...keys.map((k) => and(eq(materialVersions.materialId, k.id), eq(materialVersions.version, k.version)))) ?? sql`false`);
  const byKey = new Map(versions.map((v) => [`${v.materialId}:${v.version}`, v]));
  return keys.flatMap((k): MaterialCard[] => {
    const v = byKey.get(`${k.id}:${k.version}`);
    const row = current.get(k.id);
    if (!v || !row) return [];
    const s = v.data as StoredMaterial;
    const cards = sortColorCards(s.colorCards);
    return [
      {
        id: k.id,
        version: k.version,
        categoryId: s.categoryId,
        name: lang === 'en' && s.nameEn ? s.nameEn : s.nameCn,
        serialNo: s.serialNo,
        cover: s.cover ? imageSources(s.cover, 'medium') : null,
        supplierInfo: { supplierId: row.companyId, supplierName: lang === 'en' && row.orgNameEn ? row.orgNameEn : row.orgName, supplierLogo: null },
        price: numberOrNull(s.attrs.PF_PRICE),
        currency: typeof s.attrs.PF_CURRENCY === 'string' ? s.attrs.PF_CURRENCY : 'CNY',
        priceUnit: typeof s.attrs.PF_UNIT === 'string' ? s.attrs.PF_UNIT : 'm',
        colors: cards.slice(0, 5).map((c) => c.hex),
        colorCount: cards.length,
        isNew: 0,
        gmtCreateTime: v.createdAt.toISOString(),
      },
    ];
  });
}
