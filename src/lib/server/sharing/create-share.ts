import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { COLOR_BOOK_MAX_COLORS } from '../../contracts/color-library';
import { SHARE_CODE_LENGTH, VALIDITY_MS, type ShareCreateInput, type ShareKind } from '../../contracts/sharing';
import { ERROR } from '../../errors';
import { requireOwnColorBook, type BookOwner } from '../color-books/own-color-book';
import { getDb, type Tx } from '../db/client';
import { colorBookColors, colorBooks, colorCards, collectFolders, collectItems, materialBookItems, materials, shares, type SharedColor, type ShareSnapshot } from '../db/schema';
import { AppError } from '../errors';
import { materialBookNotFound, requireOwnMaterialBook } from '../material-books/own-material-book';
import { existingMaterial, visibleMaterial } from '../materials/published-material';
import { runIdempotent } from '../idempotency/run-idempotent';
import { SHARED_COLOR_COLUMNS } from './read-shared-book';

/**
 * Who shares: the person, the company they work in, and whose color-card books they may share (the path's owner,
 * `bookOwnerOf`); without `books` only their own buyer books. `managesMaterials`: they hold `FUN001` in that
 * company, without which its materials that are not on a market stay unshared (a draft is the editors' alone).
 */
export type Sharer = { userId: number; companyId: number | null; books?: BookOwner; managesMaterials?: boolean };

type Target = { materialIds: number[]; folderId: number | null; colorCardId: number | null; colorBookId: number | null; materialBookId: number | null; colors: SharedColor[] };

/** Letters and digits without the look-alikes (0/O, 1/I/L), so a code read aloud or off a screen is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newShareCode = () => Array.from({ length: SHARE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
/** 128 random bits (docs/architecture.md#security), 22 characters in a URL. */
const newShareId = () => randomBytes(16).toString('base64url');

const notFound = () => new AppError(ERROR.empty, { message: 'validation.materialNotFound' });

/**
 * Creates a share of one material, several, a collection folder, a color card, a color-card book or a material book
 * (share/url, color/card/book/share/url, material/book/share/url). The sharer may share what they can see: published
 * materials, or their own company's; their own folders and books; their company's material books while on the
 * market. A snapshot share (isSync 0) pins each material's current version, or a book's colors; a live one
 * (isSync 1) follows later edits, and is offered only when no chosen material is on the market
 * (docs/product/sharing.md#states: the sync option is hidden when a material carries the put-on tag), except for a
 * folder or a material book, whose live share follows what they hold. A shared color-card book is marked shared. A
 * password share gets a fresh 4-character code. With an Idempotency-Key a retry answers the first share.
 */
export async function createShare(sharer: Sharer, input: ShareCreateInput, idempotencyKey: string | null, now: Date = new Date()) {
  const books = sharer.books ?? { userType: 1, userId: sharer.userId };
  // Whose books may be shared depends on the path: a key reused on the other role's path is refused, not answered with this share.
  // Likewise a material book is the company's the sharer works in at the time.
  const fingerprint = input.kind === 'colorBook' ? { ...input, userType: books.userType } : input.kind === 'materialBook' ? { ...input, companyId: sharer.companyId } : input;
  return getDb().transaction((tx) =>
    runIdempotent(tx, { userId: sharer.userId, scope: 'share', key: idempotencyKey }, fingerprint, async () => {
      const { materialIds, folderId, colorCardId, colorBookId, materialBookId, colors } = await resolveTarget(tx, { ...sharer, books }, input);
      const pinned = materialIds.length === 0 ? [] : await tx.select({ id: materials.id, version: materials.version, domestic: materials.onMarketDomestic, overseas: materials.onMarketOverseas }).from(materials).where(inArray(materials.id, materialIds));
      if (input.isSync === 1 && input.kind !== 'folder' && input.kind !== 'materialBook' && pinned.some((m) => m.domestic === 1 || m.overseas === 1)) {
        throw new AppError(ERROR.fieldInvalid, { message: 'validation.shareSyncOnMarket', fields: [{ field: 'isSync', message: 'validation.shareSyncOnMarket' }] });
      }
      const order = new Map(materialIds.map((id, i) => [id, i]));
      const pinnedMaterials = pinned.map((m) => ({ id: m.id, version: m.version })).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      const snapshot: ShareSnapshot | null = input.isSync === 1 ? null : input.kind === 'colorBook' ? { materials: [], colors } : { materials: pinnedMaterials };
      const validity = VALIDITY_MS[input.validityType];
      const row = {
        id: newShareId(),
        kind: input.kind satisfies ShareKind,
        ownerUserId: sharer.userId,
        ownerCompanyId: sharer.companyId,
        type: input.type,
        code: input.type === 2 ? newShareCode() : null,
        validityType: input.validityType,
        viewRange: input.viewRange,
        isSync: input.isSync,
        introduction: input.introduce,
        materialIds,
        folderId,
        colorCardId,
        colorBookId,
        materialBookId,
        snapshot,
        expiresAt: validity === null ? null : new Date(now.getTime() + validity),
        createdAt: now,
      };
      await tx.insert(shares).values(row);
      if (colorBookId !== null) await tx.update(colorBooks).set({ isShared: 1 }).where(eq(colorBooks.id, colorBookId));
      return { shareId: row.id, code: row.code, expiresAt: row.expiresAt?.toISOString() ?? null };
    }),
  );
}

/** The materials (in order), folder, card or book a share of this kind holds, checked against what the sharer may share. */
async function resolveTarget(tx: Tx, sharer: Sharer & { books: BookOwner }, input: ShareCreateInput): Promise<Target> {
  const none = { materialIds: [], folderId: null, colorCardId: null, colorBookId: null, materialBookId: null, colors: [] };
  if (input.kind === 'materialBook') {
    if (sharer.companyId === null) throw materialBookNotFound();
    const book = await requireOwnMaterialBook(sharer.companyId, input.materialBookId, tx);
    // Off the market a book is the company's alone: a link to it would open nothing for anyone else.
    if (book.onMarket !== 1) throw new AppError(ERROR.fieldInvalid, { message: 'validation.materialBookOffMarket' });
    const items = await tx
      .select({ id: materials.id })
      .from(materialBookItems)
      .innerJoin(materials, eq(materials.id, materialBookItems.materialId))
      .where(and(eq(materialBookItems.bookId, book.id), visibleMaterial))
      .orderBy(asc(materialBookItems.sort));
    return { ...none, materialIds: items.map((i) => i.id), materialBookId: book.id };
  }
  if (input.kind === 'colorBook') {
    const book = await requireOwnColorBook(sharer.books, input.colorBookId, tx);
    const colors = await tx
      .select(SHARED_COLOR_COLUMNS)
      .from(colorBookColors)
      .where(eq(colorBookColors.bookId, book.id))
      .orderBy(asc(colorBookColors.sort), asc(colorBookColors.id))
      .limit(COLOR_BOOK_MAX_COLORS);
    return { ...none, colorBookId: book.id, colors: input.isSync === 1 ? [] : colors };
  }
  const mayShare = or(visibleMaterial, sharer.companyId === null ? undefined : and(existingMaterial, eq(materials.companyId, sharer.companyId)));
  if (input.kind === 'folder') {
    const [folder] = await tx.select({ id: collectFolders.id }).from(collectFolders).where(and(eq(collectFolders.id, input.folderId), eq(collectFolders.userId, sharer.userId)));
    if (!folder) throw new AppError(ERROR.empty, { message: 'validation.folderNotFound' });
    const items = await tx
      .select({ id: materials.id })
      .from(collectItems)
      .innerJoin(materials, eq(materials.id, collectItems.materialId))
      .where(and(eq(collectItems.folderId, folder.id), visibleMaterial))
      .orderBy(desc(collectItems.createdAt));
    return { ...none, materialIds: items.map((i) => i.id), folderId: folder.id };
  }
  if (input.kind === 'colorCard') {
    const [card] = await tx.select({ materialId: colorCards.materialId, published: visibleColumn }).from(colorCards).innerJoin(materials, eq(materials.id, colorCards.materialId)).where(and(eq(colorCards.id, input.colorCardId), mayShare));
    if (!card) throw notFound();
    requireDraftRight(sharer, [card]);
    return { ...none, materialIds: [card.materialId], colorCardId: input.colorCardId };
  }
  const ids = [...new Set(input.materialIds)];
  const found = await tx.select({ id: materials.id, published: visibleColumn }).from(materials).where(and(inArray(materials.id, ids), mayShare));
  if (found.length !== ids.length) throw notFound();
  requireDraftRight(sharer, found);
  return { ...none, materialIds: ids };
}

const visibleColumn = sql<boolean>`(${visibleMaterial})`;

/**
 * A material that `mayShare` let through although it is on no market is the sharer's company's: its link would
 * show unpublished names, prices and pictures to anyone, so sharing it takes the material-management code.
 */
function requireDraftRight(sharer: Sharer, found: readonly { published: boolean }[]) {
  if (!sharer.managesMaterials && found.some((m) => !m.published)) throw new AppError(ERROR.authError, { data: { permission: 'FUN001' } });
}
