import { asc, count, eq } from 'drizzle-orm';
import { PROPRIETARY_BOOK_TYPES } from '../../contracts/color-library-rules';
import type { PaletteSummary } from '../../contracts/palette-import';
import { getDb } from '../db/client';
import { paletteColors, palettes } from '../db/schema';

/** The imported books with both their names and how many colors each holds, for the administrator's list. */
export async function listPalettes(): Promise<PaletteSummary[]> {
  const rows = await getDb()
    .select({ key: palettes.key, nameCn: palettes.nameCn, nameEn: palettes.nameEn, updatedAt: palettes.updatedAt, count: count(paletteColors.code) })
    .from(palettes)
    .leftJoin(paletteColors, eq(paletteColors.paletteKey, palettes.key))
    .groupBy(palettes.key)
    .orderBy(asc(palettes.key));
  return rows.map((r) => ({ ...r, proprietary: (PROPRIETARY_BOOK_TYPES as readonly string[]).includes(r.key), updatedAt: r.updatedAt.toISOString() }));
}
