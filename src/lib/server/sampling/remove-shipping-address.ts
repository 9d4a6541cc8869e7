import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { shippingAddresses } from '../db/schema';
import { addressNotFound, lockBook, newestAddress } from './address-book';

/** Removes one of the user's addresses; when it was the default, the newest remaining one becomes the default. */
export async function removeShippingAddress(userId: number, id: number): Promise<{ defaultId: number | null }> {
  return getDb().transaction(async (tx) => {
    await lockBook(tx, userId);
    const [removed] = await tx
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
      .returning({ isDefault: shippingAddresses.isDefault });
    if (!removed) throw addressNotFound();
    if (removed.isDefault === 1) {
      const promoted = await newestAddress(tx, userId);
      if (promoted !== null) await tx.update(shippingAddresses).set({ isDefault: 1 }).where(eq(shippingAddresses.id, promoted));
      return { defaultId: promoted };
    }
    const [current] = await tx.select({ id: shippingAddresses.id }).from(shippingAddresses).where(and(eq(shippingAddresses.userId, userId), eq(shippingAddresses.isDefault, 1)));
    return { defaultId: current?.id ?? null };
  });
}
