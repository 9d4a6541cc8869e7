import { and, eq, ne } from 'drizzle-orm';
import { getDb } from '../db/client';
import { shippingAddresses } from '../db/schema';
import { addressNotFound, lockBook } from './address-book';

/** Makes one of the user's addresses the default, clearing the old one (the partial unique index keeps one). */
export async function setDefaultAddress(userId: number, id: number): Promise<{ defaultId: number }> {
  return getDb().transaction(async (tx) => {
    await lockBook(tx, userId);
    const [own] = await tx.select({ id: shippingAddresses.id }).from(shippingAddresses).where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)));
    if (!own) throw addressNotFound();
    await tx.update(shippingAddresses).set({ isDefault: 0 }).where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, 1), ne(shippingAddresses.id, id)));
    await tx.update(shippingAddresses).set({ isDefault: 1 }).where(eq(shippingAddresses.id, id));
    return { defaultId: id };
  });
}
