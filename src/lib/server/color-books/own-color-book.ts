import { and, eq, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { ERROR } from '../../errors';
import { getDb, type Tx } from '../db/client';
import { colorBooks } from '../db/schema';
import { AppError } from '../errors';

/**
 * Whose color-card books a call works on: a buyer's own (userType 1), or, on the supplier path, the books of the
 * supplier company the caller is working in (userType 2), which every member at work there shares.
 */
export type BookOwner = { userType: 1; userId: number } | { userType: 2; userId: number; companyId: number };

/** The owner a call on the given path works for; the supplier path has already checked the caller works in a supplier company. */
export function bookOwnerOf(session: { user: { id: number }; company: { id: number } | null }, userType: number): BookOwner {
  if (userType === USER_TYPE.supplier && session.company) return { userType: 2, userId: session.user.id, companyId: session.company.id };
  return { userType: 1, userId: session.user.id };
}

/** A `userType` the client also sent must be the one its path stands for; a different one is a mistake, said so. */
export function checkSentUserType(sent: number | undefined, owner: BookOwner) {
  if (sent !== undefined && sent !== owner.userType) throw new AppError(ERROR.fieldInvalid, { message: 'validation.userType', fields: [{ field: 'userType', message: 'validation.userType' }] });
}

/** The books this owner may see and change. */
export function ownedBy(owner: BookOwner): SQL {
  return owner.userType === 2
    ? and(eq(colorBooks.userType, 2), eq(colorBooks.companyId, owner.companyId))!
    : and(eq(colorBooks.userType, 1), eq(colorBooks.ownerUserId, owner.userId))!;
}

export const colorBookNotFound = () => new AppError(ERROR.empty, { message: 'validation.colorBookNotFound' });
export const colorBookNameTaken = () => new AppError(ERROR.conflict, { message: 'validation.colorBookNameTaken', fields: [{ field: 'name', message: 'validation.colorBookNameTaken' }] });

/** One of the owner's books; anyone else's (or none) is "not found" and is never touched. */
export async function requireOwnColorBook(owner: BookOwner, bookId: number, tx: Tx | ReturnType<typeof getDb> = getDb()) {
  const [book] = await tx.select().from(colorBooks).where(and(eq(colorBooks.id, bookId), ownedBy(owner)));
  if (!book) throw colorBookNotFound();
  return book;
}
