import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { addressNodes } from '../db/schema';

import type { AddressNode } from '../../contracts/catalogue';

export type { AddressNode };
const LEVELS = { country: 1, province: 2, city: 3, district: 4 } as const;
export type AddressLevel = keyof typeof LEVELS;

const shape = (r: { id: number; fullZhName: string; fullEnName: string }): AddressNode => ({ id: r.id, fullZhName: r.fullZhName, fullEnName: r.fullEnName, children: [] });

/** One level of the address tree (docs/product/catalogue.md#calls mp/address/country|province|city|district): countries, or a parent's children. */
export async function listAddresses(level: AddressLevel, parentId?: number): Promise<AddressNode[]> {
  const rows = await getDb()
    .select()
    .from(addressNodes)
    .where(and(eq(addressNodes.level, LEVELS[level]), level === 'country' ? isNull(addressNodes.parentId) : eq(addressNodes.parentId, parentId ?? -1)))
    .orderBy(asc(addressNodes.sort), asc(addressNodes.id));
  return rows.map(shape);
}

/** The cities listed first in pickers (docs/product/catalogue.md#calls address/top/city): the industry's hubs. */
export async function listTopCities(): Promise<AddressNode[]> {
  const rows = await getDb().select().from(addressNodes).where(eq(addressNodes.isTopCity, 1)).orderBy(asc(addressNodes.id));
  return rows.map(shape);
}

/** The whole tree, for clients that cache it and rebuild once per version (docs/product/catalogue.md#states address tree cache). */
export async function loadAddressTree(): Promise<AddressNode[]> {
  const rows = await getDb().select().from(addressNodes).orderBy(asc(addressNodes.level), asc(addressNodes.sort), asc(addressNodes.id));
  const byId = new Map<number, AddressNode>();
  const roots: AddressNode[] = [];
  for (const row of rows) {
    const node = shape(row);
    byId.set(row.id, node);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
