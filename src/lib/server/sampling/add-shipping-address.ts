import { count, eq } from 'drizzle-orm';
import { ADDRESS_LIMIT, type AddressInput, type ShippingAddress } from '../../contracts/sampling-addresses';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { shippingAddresses } from '../db/schema';
import { AppError } from '../errors';
import { checkPlace, describeAddress, lockBook } from './address-book';

/** Adds an address (at most ADDRESS_LIMIT per user); the user's first address becomes the default. */
export async function addShippingAddress(userId: number, input: AddressInput, lang: Lang): Promise<ShippingAddress> {
  return getDb().transaction(async (tx) => {
    await lockBook(tx, userId);
    await checkPlace(tx, input);
    const [existing] = await tx.select({ n: count() }).from(shippingAddresses).where(eq(shippingAddresses.userId, userId));
    const n = existing?.n ?? 0;
    if (n >= ADDRESS_LIMIT) throw new AppError(ERROR.fieldTooLong, { message: 'validation.addressLimit' });
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ userId, ...input, isDefault: n === 0 ? 1 : 0 })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return describeAddress(tx, row, lang);
  });
}
