import { colorBookNameSchema, type ColorBook } from '../../contracts/color-library';
import { getDb } from '../db/client';
import { colorBooks } from '../db/schema';
import { isUniqueViolation } from '../collections/own-folder';
import { colorBookNameTaken, type BookOwner } from './own-color-book';
import { describeColorBooks } from './describe-color-books';

/** Creates a color-card book (color/card/book/add): the name trimmed, 1–32 characters, unique among the owner's books. */
export async function addColorBook(owner: BookOwner, rawName: string): Promise<ColorBook> {
  const name = colorBookNameSchema.parse(rawName);
  try {
    const [created] = await getDb()
      .insert(colorBooks)
      .values({ userType: owner.userType, ownerUserId: owner.userId, companyId: owner.userType === 2 ? owner.companyId : null, name })
      .returning();
    if (!created) throw new Error('color book insert returned no row');
    const [book] = await describeColorBooks([created]);
    return book!;
  } catch (err) {
    if (isUniqueViolation(err)) throw colorBookNameTaken();
    throw err;
  }
}
