import { eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { addressNodes, companies } from '../db/schema';
import type { AddressNode } from './list-addresses';

export type AddressLocation = { country: AddressNode | null; province: AddressNode | null; city: AddressNode | null };

/**
 * Where an address picker should start (docs/product/catalogue.md#calls address/location): the caller's company address when it names nodes of
 * the tree. There is no IP geolocation (no such database ships with the product), so guests start empty.
 */
export async function locateAddress(companyId: number | null): Promise<AddressLocation> {
  const empty = { country: null, province: null, city: null };
  if (companyId === null) return empty;
  const db = getDb();
  const [company] = await db
    .select({ country: companies.addressCountry, province: companies.addressProvince, city: companies.addressCity })
    .from(companies)
    .where(eq(companies.id, companyId));
  const codes = [company?.country, company?.province, company?.city].filter((c): c is string => Boolean(c));
  if (codes.length === 0) return empty;
  const rows = await db.select().from(addressNodes).where(inArray(addressNodes.code, codes));
  const node = (code: string | null | undefined) => {
    const row = rows.find((r) => r.code === code);
    return row ? { id: row.id, fullZhName: row.fullZhName, fullEnName: row.fullEnName, children: [] } : null;
  };
  return { country: node(company?.country), province: node(company?.province), city: node(company?.city) };
}
