import { inArray } from 'drizzle-orm';
import { COLOR_BOOK_NAME_MAX, type ColorBook } from '../../contracts/color-library';
import { ERROR } from '../../errors';
import { isUniqueViolation } from '../collections/own-folder';
import { getDb } from '../db/client';
import { colorBookColors, colorBooks, materials } from '../db/schema';
import { AppError } from '../errors';
import { findShare, shareAccess } from '../sharing/find-share';
import { readSharedBook } from '../sharing/read-shared-book';
import { requireShareAccess } from '../sharing/require-share-access';
import { hasGrant } from '../sharing/share-grant';
import { describeColorBooks } from './describe-color-books';
import { colorBookNotFound, ownedBy, type BookOwner } from './own-color-book';

/** Tries at a free name when another save takes the chosen one at the same moment. */
const NAME_TRIES = 3;

/**
 * Saves a copy of a shared color-card book into the owner's books (color/card/book/share-save): its colors as the
 * share shows them (pinned or current), in its order, under its name, or the first of `name (2)`, `name (3)`… the
 * owner has not used, cut to fit 32 characters. The viewer needs the same access as to see the share (the code of
 * a password share first); an expired, ended or gone share, or one that is not of a book, saves nothing.
 */
export async function saveSharedColorBook(owner: BookOwner, shareId: string, viewer: { grant: string | undefined }, now: Date = new Date()): Promise<ColorBook> {
  const found = await findShare(shareId, now);
  requireShareAccess(shareAccess(found, { userId: owner.userId, granted: found.state !== 'missing' && hasGrant(shareId, viewer.grant, now) }));
  if (found.state !== 'live') throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
  if (found.share.kind !== 'colorBook') throw colorBookNotFound();
  const shared = await readSharedBook(found.share);
  if (!shared) throw new AppError(ERROR.empty, { message: 'validation.shareGone' });
  // A pinned color may name a material deleted since: the copy keeps the color and lets the link go.
  const named = [...new Set(shared.colors.flatMap((c) => (c.materialId === null ? [] : [c.materialId])))];
  const existing = new Set(named.length === 0 ? [] : (await getDb().select({ id: materials.id }).from(materials).where(inArray(materials.id, named))).map((m) => m.id));
  const colors = shared.colors.map((c) => (c.materialId !== null && !existing.has(c.materialId) ? { ...c, materialId: null } : c));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const created = await getDb().transaction(async (tx) => {
        const taken = new Set((await tx.select({ name: colorBooks.name }).from(colorBooks).where(ownedBy(owner))).map((b) => b.name));
        const [book] = await tx
          .insert(colorBooks)
          .values({ userType: owner.userType, ownerUserId: owner.userId, companyId: owner.userType === 2 ? owner.companyId : null, name: freeName(shared.name, taken) })
          .returning();
        if (!book) throw new Error('color book insert returned no row');
        if (colors.length > 0) await tx.insert(colorBookColors).values(colors.map((c, i) => ({ ...c, bookId: book.id, sort: i + 1 })));
        return book;
      });
      const [described] = await describeColorBooks([created]);
      return described!;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= NAME_TRIES) throw err;
    }
  }
}

/** `name`, or the first `name (n)` not taken, its name part shortened so the whole stays within the name limit. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    let base = name.slice(0, COLOR_BOOK_NAME_MAX - suffix.length);
    // Never leave half of a character that takes two code units.
    if (/[\uD800-\uDBFF]$/.test(base)) base = base.slice(0, -1);
    const candidate = `${base.trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
