import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ImageRef } from '../../contracts/images';
import type { ShareKind } from '../../contracts/sharing';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { BOOK_CARD_SWATCHES, describeColorBooks } from '../color-books/describe-color-books';
import { colorBooks, colorCards, collectFolders, images, materialBookItems, materialBooks, materials, shares } from '../db/schema';
import { imageSources } from '../images/image-url';
import { visibleMaterial } from '../materials/published-material';

export type OwnShare = {
  shareId: string;
  kind: ShareKind;
  type: 1 | 2;
  code: string | null;
  validityType: number;
  viewRange: number;
  isSync: 0 | 1;
  introduction: string;
  materialCount: number;
  /** How many colors a color-card book share shows (pinned, or the book's now); null for the other kinds. */
  colorCount: number | null;
  /** Openings of its landing by others. */
  views: number;
  expiresAt: string | null;
  createdAt: string;
  /** Still opens (not yet expired at `now`). */
  live: boolean;
  /**
   * What was shared, so the list can say it: the (first) material's name and cover, the folder's or the card's name
   * (and the card's color), a color-card book's name and its first colors (`swatches`, up to 9), or a material
   * book's name and cover.
   */
  subject: { name: string; cover: ImageRef | null; hex: string | null; swatches: string[] } | null;
};

/** The caller's shares, newest first (docs/product/routes.md#routes /main/share): each with its settings, its code and whether it still opens. */
export async function listOwnShares(userId: number, page: { page: number; size: number }, lang: Lang, now: Date = new Date()): Promise<{ records: OwnShare[]; total: number }> {
  const db = getDb();
  const mine = and(eq(shares.ownerUserId, userId), isNull(shares.deletedAt));
  const [rows, [total]] = await Promise.all([
    db.select().from(shares).where(mine).orderBy(desc(shares.createdAt)).limit(page.size).offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(shares).where(mine),
  ]);
  const subjects = await subjectsOf(rows, lang);
  return {
    total: total?.n ?? 0,
    records: rows.map((r) => ({
      shareId: r.id,
      kind: r.kind as ShareKind,
      type: r.type === 2 ? 2 : 1,
      code: r.code,
      validityType: r.validityType,
      viewRange: r.viewRange,
      isSync: r.isSync === 1 ? 1 : 0,
      introduction: r.introduction,
      materialCount: r.kind === 'colorBook' || (r.kind === 'folder' && r.isSync === 1) ? 0 : r.kind === 'materialBook' && r.isSync === 1 ? (subjects.get(r.id)?.count ?? 0) : (r.snapshot?.materials.length ?? r.materialIds.length),
      colorCount: r.kind === 'colorBook' ? (subjects.get(r.id)?.count ?? null) : null,
      views: r.views,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      live: r.expiresAt === null || r.expiresAt.getTime() > now.getTime(),
      subject: subjects.get(r.id)?.subject ?? null,
    })),
  };
}

type ShareRow = typeof shares.$inferSelect;
type Subject = NonNullable<OwnShare['subject']>;

/**
 * One query per kind of subject for the whole page, not one per share; a color-card book's also with its color
 * count, a material book's with the count of its materials on a market now (what a live share of it shows).
 */
async function subjectsOf(rows: ShareRow[], lang: Lang): Promise<Map<string, { subject: Subject; count?: number }>> {
  const db = getDb();
  const firstMaterial = (r: ShareRow) => r.snapshot?.materials[0]?.id ?? r.materialIds[0];
  const materialIds = [...new Set(rows.flatMap((r) => (r.kind === 'material' || r.kind === 'materials' ? [firstMaterial(r)] : [])).filter((id): id is number => id !== undefined))];
  const folderIds = [...new Set(rows.flatMap((r) => (r.kind === 'folder' && r.folderId ? [r.folderId] : [])))];
  const cardIds = [...new Set(rows.flatMap((r) => (r.kind === 'colorCard' && r.colorCardId ? [r.colorCardId] : [])))];
  const bookIds = [...new Set(rows.flatMap((r) => (r.kind === 'colorBook' && r.colorBookId ? [r.colorBookId] : [])))];
  const materialBookIds = [...new Set(rows.flatMap((r) => (r.kind === 'materialBook' && r.materialBookId ? [r.materialBookId] : [])))];
  const [mats, folders, cards, books, brochures] = await Promise.all([
    materialIds.length
      ? db
          .select({ id: materials.id, nameCn: materials.nameCn, nameEn: materials.nameEn, imageId: images.id, width: images.width, height: images.height })
          .from(materials)
          .leftJoin(images, eq(images.id, materials.coverImageId))
          .where(inArray(materials.id, materialIds))
      : [],
    folderIds.length ? db.select({ id: collectFolders.id, name: collectFolders.name }).from(collectFolders).where(inArray(collectFolders.id, folderIds)) : [],
    cardIds.length
      ? db.select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex, nameCn: materials.nameCn, nameEn: materials.nameEn }).from(colorCards).innerJoin(materials, eq(materials.id, colorCards.materialId)).where(inArray(colorCards.id, cardIds))
      : [],
    bookIds.length
      ? db
          .select({ id: colorBooks.id, name: colorBooks.name, userType: colorBooks.userType, isShared: colorBooks.isShared, createdAt: colorBooks.createdAt })
          .from(colorBooks)
          .where(inArray(colorBooks.id, bookIds))
          .then(describeColorBooks)
      : [],
    materialBookSubjects(materialBookIds),
  ]);
  const named = (m: { nameCn: string; nameEn: string }) => (lang === 'en' && m.nameEn ? m.nameEn : m.nameCn);
  const result = new Map<string, { subject: Subject; count?: number }>();
  const plain = { cover: null, hex: null, swatches: [] };
  for (const r of rows) {
    if (r.kind === 'folder') {
      const folder = folders.find((f) => f.id === r.folderId);
      if (folder) result.set(r.id, { subject: { ...plain, name: folder.name } });
    } else if (r.kind === 'colorCard') {
      const card = cards.find((c) => c.id === r.colorCardId);
      if (card) result.set(r.id, { subject: { ...plain, name: `${named(card)} · ${card.name}`, hex: card.hex } });
    } else if (r.kind === 'colorBook') {
      const book = books.find((b) => b.id === r.colorBookId);
      // A snapshot share shows the colors it pinned, a live one the book's as they are now.
      const pinned = r.isSync === 0 ? r.snapshot?.colors : undefined;
      if (book) result.set(r.id, { subject: { ...plain, name: book.name, swatches: pinned ? pinned.slice(0, BOOK_CARD_SWATCHES).map((c) => c.hex) : book.swatches }, count: pinned ? pinned.length : book.count });
    } else if (r.kind === 'materialBook') {
      const book = brochures.get(r.materialBookId ?? 0);
      if (book) result.set(r.id, { subject: { ...plain, name: book.name, cover: book.cover }, count: book.count });
    } else {
      const m = mats.find((x) => x.id === firstMaterial(r));
      if (m) result.set(r.id, { subject: { ...plain, name: named(m), cover: m.imageId && m.width && m.height ? imageSources({ id: m.imageId, width: m.width, height: m.height }, 'tiny') : null } });
    }
  }
  return result;
}

/** Material books by id: name, thumbnail (the chosen cover, else the first material's on a market) and that count. */
async function materialBookSubjects(ids: number[]): Promise<Map<number, { name: string; cover: ImageRef | null; count: number }>> {
  if (ids.length === 0) return new Map();
  const db = getDb();
  const [books, items] = await Promise.all([
    db.select({ id: materialBooks.id, name: materialBooks.name, coverImageId: materialBooks.coverImageId }).from(materialBooks).where(inArray(materialBooks.id, ids)),
    db
      .select({ bookId: materialBookItems.bookId, coverImageId: materials.coverImageId })
      .from(materialBookItems)
      .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
      .where(and(inArray(materialBookItems.bookId, ids), visibleMaterial))
      .orderBy(asc(materialBookItems.bookId), asc(materialBookItems.sort)),
  ]);
  const coverOf = (id: number) => books.find((b) => b.id === id)?.coverImageId ?? items.find((i) => i.bookId === id && i.coverImageId !== null)?.coverImageId ?? null;
  const coverIds = [...new Set(books.map((b) => coverOf(b.id)).filter((c): c is number => c !== null))];
  const pictures = coverIds.length === 0 ? [] : await db.select({ id: images.id, width: images.width, height: images.height }).from(images).where(inArray(images.id, coverIds));
  return new Map(
    books.map((b) => {
      const picture = pictures.find((p) => p.id === coverOf(b.id));
      return [b.id, { name: b.name, cover: picture ? imageSources(picture, 'tiny') : null, count: items.filter((i) => i.bookId === b.id).length }];
    }),
  );
}
