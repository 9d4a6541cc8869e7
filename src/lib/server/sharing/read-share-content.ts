import { and, desc, eq } from 'drizzle-orm';
import { DETAIL_VERSION_LATEST, type MarketType } from '../../constants';
import type { SharedBookBrowse, SharedBookColor, ShareContent } from '../../contracts/sharing';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { readBookColor } from '../color-books/read-book-color';
import type { ResolvedColor } from '../color-books/resolve-color-refs';
import { AppError } from '../errors';
import { getDb } from '../db/client';
import { collectFolders, collectItems, materials } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';
import { getMaterialDetail } from '../materials/get-material-detail';
import type { ShareRow } from './find-share';
import { readSharedBook } from './read-shared-book';
import { readSharedMaterialBook } from './read-shared-material-book';
import { cardsAt, type SharedMaterialKey } from './shared-material-cards';

/**
 * What a live share shows (docs/product/sharing.md), for a viewer already let in: a snapshot share (isSync 0) each material at the
 * version pinned when it was made, a live one the latest; a live folder share the folder as it is now. Deleted
 * materials drop out either way; a folder's materials also when they leave the market. A color-card book shows its
 * pinned or its current colors; a material book one page of its materials (`browse`: the words and the page); a
 * deleted book leaves nothing to show (100404).
 */
export async function readShareContent(share: ShareRow, lang: Lang, reader: { userId: number | null; market: MarketType }, browse: SharedBookBrowse = { keywords: '', page: 1 }): Promise<ShareContent> {
  if (share.kind === 'materialBook') {
    const book = await readSharedMaterialBook(share, browse, lang);
    if (!book) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
    return book;
  }
  if (share.kind === 'colorBook') {
    const book = await readSharedBook(share);
    if (!book) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
    return { kind: 'colorBook', book: { name: book.name, count: book.colors.length }, colors: book.colors.map((c) => sharedColor(c, lang)) };
  }
  const viewer = { userId: reader.userId, companyId: null, showAliases: false, shared: true };
  const pinned = new Map((share.snapshot?.materials ?? []).map((m) => [m.id, m.version]));
  if (share.kind === 'material' || share.kind === 'colorCard') {
    const id = share.materialIds[0] ?? 0;
    // Shared, it shows whatever market it is on, read the way the viewer's market reads materials.
    const material = await getMaterialDetail(id, pinned.get(id) ?? DETAIL_VERSION_LATEST, lang, viewer, reader.market);
    return share.kind === 'material' ? { kind: 'material', material } : { kind: 'colorCard', material, colorCardId: share.colorCardId ?? 0 };
  }
  const db = getDb();
  let folderName: string | null = null;
  let wanted: SharedMaterialKey[] = share.materialIds.map((id) => ({ id, version: pinned.get(id) ?? null }));
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
