import { desc, eq } from 'drizzle-orm';
import type { ShippingAddress } from '../../contracts/sampling-addresses';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { shippingAddresses } from '../db/schema';
import { describeAddresses } from './address-book';

/** The user's address book: the default first, then the newest. */
export async function listShippingAddresses(userId: number, lang: Lang): Promise<ShippingAddress[]> {
  const db = getDb();
  const rows = await db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(desc(shippingAddresses.isDefault), desc(shippingAddresses.createdAt), desc(shippingAddresses.id));
  return describeAddresses(db, rows, lang);
}
