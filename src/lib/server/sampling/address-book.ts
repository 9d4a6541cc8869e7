/**
 * What the address book's domain functions share: checking a place against the address tree, naming the stored
 * places in the reader's language, and the refusals. Not a domain function itself.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AddressInput, ShippingAddress } from '../../contracts/sampling-addresses';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import type { Database, Tx } from '../db/client';
import { addressNodes, shippingAddresses, users } from '../db/schema';
import { AppError } from '../errors';

export type { Tx } from '../db/client';
type Row = typeof shippingAddresses.$inferSelect;

export const addressNotFound = () => new AppError(ERROR.empty, { message: 'validation.addressNotFound' });

const LEVELS = [
  { field: 'countryId', level: 1 },
  { field: 'provinceId', level: 2 },
  { field: 'cityId', level: 3 },
  { field: 'districtId', level: 4 },
] as const;
/** Province and city must be chosen where the tree has them; a district only where one was given. */
const REQUIRED_WHEN_PRESENT = new Set(['provinceId', 'cityId']);

/**
 * The chosen nodes form one path down the tree: a country, then each choice a child of the one before. Skipping
 * a level the tree has (a province of a country that has provinces) is a missing field; anything else is invalid.
 */
export async function checkPlace(tx: Tx, input: AddressInput): Promise<void> {
  const ids = LEVELS.map((l) => input[l.field]).filter((v): v is number => v !== null);
  const nodes = await tx.select({ id: addressNodes.id, parentId: addressNodes.parentId, level: addressNodes.level }).from(addressNodes).where(inArray(addressNodes.id, ids));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let parent: number | null = null;
  let ended = false;
  for (const { field, level } of LEVELS) {
    const chosen = input[field];
    if (chosen === null) {
      if (ended || parent === null) {
        ended = true;
        continue;
      }
      const [child] = await tx.select({ id: addressNodes.id }).from(addressNodes).where(and(eq(addressNodes.parentId, parent), eq(addressNodes.level, level))).limit(1);
      if (child && REQUIRED_WHEN_PRESENT.has(field)) throw new AppError(ERROR.fieldRequired, { message: 'validation.required', fields: [{ field, message: 'validation.required' }] });
      ended = true;
      continue;
    }
    const node = byId.get(chosen);
    const fits = !ended && node && node.level === level && node.parentId === parent;
    if (!fits) throw new AppError(ERROR.fieldInvalid, { message: 'validation.addressPlace', fields: [{ field, message: 'validation.addressPlace' }] });
    parent = chosen;
  }
}

/** Serialises one user's address-book writes (the 20 limit, the single default) on their user row. */
export async function lockBook(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The user's newest address, for promotion to default. */
export async function newestAddress(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx.select({ id: shippingAddresses.id }).from(shippingAddresses).where(eq(shippingAddresses.userId, userId)).orderBy(desc(shippingAddresses.createdAt), desc(shippingAddresses.id)).limit(1);
  return row?.id ?? null;
}

/** Stored rows with their places named in `lang`. */
export async function describeAddresses(db: Database | Tx, rows: Row[], lang: Lang): Promise<ShippingAddress[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.countryId, r.provinceId, r.cityId, r.districtId]).filter((v): v is number => v !== null))];
  const nodes = ids.length === 0 ? [] : await db.select({ id: addressNodes.id, zh: addressNodes.fullZhName, en: addressNodes.fullEnName }).from(addressNodes).where(inArray(addressNodes.id, ids));
  const names = new Map(nodes.map((n) => [n.id, lang === 'en' ? n.en : n.zh]));
  const name = (nodeId: number | null) => (nodeId === null ? null : (names.get(nodeId) ?? null));
  return rows.map((r) => ({
    id: r.id,
    receiver: r.receiver,
    phone: r.phone,
    countryId: r.countryId,
    provinceId: r.provinceId,
    cityId: r.cityId,
    districtId: r.districtId,
    country: name(r.countryId) ?? '',
    province: name(r.provinceId),
    city: name(r.cityId),
    district: name(r.districtId),
    detail: r.detail,
    postcode: r.postcode,
    isDefault: r.isDefault === 1 ? 1 : 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function describeAddress(db: Database | Tx, row: Row, lang: Lang): Promise<ShippingAddress> {
  const [described] = await describeAddresses(db, [row], lang);
  if (!described) throw addressNotFound();
  return described;
}
