import { asc } from 'drizzle-orm';
import type { Package } from '../../contracts/membership';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { packages } from '../db/schema';

/** The package catalogue, lowest tier first, in the caller's language. */
export async function listPackages(lang: Lang): Promise<Package[]> {
  const rows = await getDb().select().from(packages).orderBy(asc(packages.sort), asc(packages.id));
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    name: lang === 'en' ? p.nameEn : p.nameCn,
    description: lang === 'en' ? p.descriptionEn : p.descriptionCn,
    price: p.price,
    durationDays: p.durationDays,
    perms: p.perms,
    resources: p.resources,
  }));
}
