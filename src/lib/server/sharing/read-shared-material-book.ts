import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ImageRef } from '../../contracts/images';
import type { ShareContent, SharedBookBrowse } from '../../contracts/sharing';
import { MATERIAL_BOOK_PAGE_SIZE } from '../../contracts/material-books-rules';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { images, materialBookItems, materialBooks, materials, materialVersions, shares } from '../db/schema';
import { imageSources } from '../images/image-url';
import { visibleMaterial } from '../materials/published-material';
import type { ShareRow } from './find-share';
import { cardsAt } from './shared-material-cards';
import { containsPattern } from '../db/contains-pattern';

type BookRow = typeof materialBooks.$inferSelect;
/** A material the share holds, at the version it shows. */
type Held = { id: number; version: number };

/** The book behind a material-book share; null once the book is deleted (which clears the share's link to it). */
export async function sharedMaterialBook(share: ShareRow): Promise<BookRow | null> {
  if (share.kind !== 'materialBook' || share.materialBookId === null) return null;
  const [book] = await getDb().select().from(materialBooks).where(eq(materialBooks.id, share.materialBookId));
  return book ?? null;
}

/**
 * Whether a viewer may see a material-book share at all, before its code or view range count: a deleted book
 * leaves nothing (missing); a book its company took off the market is that company's alone again, so to anyone
 * else the share has ended (expired) until the book is back (docs/product/sharing.md#states).
 */
export async function materialBookGate(share: ShareRow, viewer: { userId: number | null; companyId: number | null }): Promise<'missing' | 'expired' | null> {
  const book = await sharedMaterialBook(share);
  if (!book) return 'missing';
  const insider = viewer.userId === share.ownerUserId || (viewer.companyId !== null && viewer.companyId === book.companyId);
  return book.onMarket !== 1 && !insider ? 'expired' : null;
}

/**
 * The materials a material-book share holds, in order, each at the version it shows: a snapshot (isSync 0) the
 * ones pinned when it was made, at those versions; a live one the book's as they are now, at their latest. Either
 * way only materials still on a market: the share shows what a buyer reading the book would see.
 */
async function heldMaterials(share: ShareRow, bookId: number): Promise<Held[]> {
  const db = getDb();
  if (share.isSync === 1) {
    return db
      .select({ id: materials.id, version: materials.version })
      .from(materialBookItems)
      .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
      .where(and(eq(materialBookItems.bookId, bookId), visibleMaterial))
      .orderBy(asc(materialBookItems.sort));
  }
  const pinned = share.snapshot?.materials ?? [];
  if (pinned.length === 0) return [];
  const still = await db.select({ id: materials.id }).from(materials).where(and(inArray(materials.id, pinned.map((p) => p.id)), visibleMaterial));
  const shown = new Set(still.map((r) => r.id));
  return pinned.filter((p) => shown.has(p.id));
}

/** Of the held materials, those whose name (either language) or serial number, at the version shown, holds the words. */
async function matching(held: Held[], words: string): Promise<Held[]> {
  if (held.length === 0) return [];
  const like = containsPattern(words);
  const found = await getDb()
    .select({ id: materialVersions.materialId })
    .from(materialVersions)
    .where(
      and(
        or(...held.map((h) => and(eq(materialVersions.materialId, h.id), eq(materialVersions.version, h.version)))),
        sql`(${materialVersions.data}->>'nameCn' ilike ${like} or ${materialVersions.data}->>'nameEn' ilike ${like} or ${materialVersions.data}->>'serialNo' ilike ${like})`,
      ),
    );
  const hit = new Set(found.map((f) => f.id));
  return held.filter((h) => hit.has(h.id));
}

/**
 * A shared material book as the viewer reads it (docs/product/sharing.md#opening-a-share): its current name,
 * introduction and cover, how many materials the share holds, and one page of them, those matching the words when
 * there are any. Null once the book is deleted.
 */
export async function readSharedMaterialBook(share: ShareRow, browse: SharedBookBrowse, lang: Lang): Promise<Extract<ShareContent, { kind: 'materialBook' }> | null> {
  const book = await sharedMaterialBook(share);
  if (!book) return null;
  const held = await heldMaterials(share, book.id);
  const keywords = browse.keywords.trim();
  const found = keywords ? await matching(held, keywords) : held;
  // A page as long as the book's own pages.
  const size = MATERIAL_BOOK_PAGE_SIZE;
  const shown = found.slice((browse.page - 1) * size, browse.page * size);
  const cards = await cardsAt(shown, true, lang);
  return {
    kind: 'materialBook',
    book: {
      name: book.name,
      introduction: book.introduction,
      cover: await coverOf(book, held, cards.find((c) => c.id === held[0]?.id)?.cover, lang),
      count: held.length,
      onMarket: book.onMarket,
    },
    materials: cards,
    total: found.length,
    page: browse.page,
    size,
    keywords,
  };
}

/** The cover the company chose for the book, else its first shared material's (already read when it is on this page). */
async function coverOf(book: BookRow, held: Held[], firstCover: ImageRef | null | undefined, lang: Lang): Promise<ImageRef | null> {
  if (book.coverImageId !== null) {
    const [picture] = await getDb().select({ id: images.id, width: images.width, height: images.height }).from(images).where(eq(images.id, book.coverImageId));
    if (picture) return imageSources(picture, 'medium');
  }
  if (firstCover !== undefined) return firstCover;
  const first = held[0];
  return first ? ((await cardsAt([first], true, lang))[0]?.cover ?? null) : null;
}

/** A material of a material-book share, at the version the share shows it; null when the share does not hold it. */
export async function sharedBookMaterial(share: ShareRow, materialId: number): Promise<Held | null> {
  const book = await sharedMaterialBook(share);
  if (!book) return null;
  return (await heldMaterials(share, book.id)).find((h) => h.id === materialId) ?? null;
}

/** The cover image a material-book share's card draws large: the one its company chose for the book, if any. */
export async function sharedBookCoverImageId(shareId: string): Promise<number | null> {
  const [row] = await getDb().select({ coverImageId: materialBooks.coverImageId }).from(shares).innerJoin(materialBooks, eq(materialBooks.id, shares.materialBookId)).where(eq(shares.id, shareId));
  return row?.coverImageId ?? null;
}
