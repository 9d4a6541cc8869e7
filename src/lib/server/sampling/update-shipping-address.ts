import { and, eq, sql } from 'drizzle-orm';
import type { AddressUpdate, ShippingAddress } from '../../contracts/sampling-addresses';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { shippingAddresses } from '../db/schema';
import { addressNotFound, checkPlace, describeAddress, lockBook } from './address-book';

/** Changes one of the user's addresses (its default flag stays); another user's address is not found. */
export async function updateShippingAddress(userId: number, input: AddressUpdate, lang: Lang): Promise<ShippingAddress> {
  const { id, ...fields } = input;
  return getDb().transaction(async (tx) => {
    await lockBook(tx, userId);
    const [own] = await tx.select({ id: shippingAddresses.id }).from(shippingAddresses).where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)));
    if (!own) throw addressNotFound();
    await checkPlace(tx, fields);
    const [row] = await tx
      .update(shippingAddresses)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
      .returning();
    if (!row) throw addressNotFound();
    return describeAddress(tx, row, lang);
  });
}
