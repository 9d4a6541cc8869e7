import { count, eq } from 'drizzle-orm';
import { PROPRIETARY_BOOK_TYPES, SYSTEM_BOOK_TYPE, type BookTypeInfo } from '../../contracts/color-library';
import { MESSAGES, type Lang } from '../../i18n';
import { getDb } from '../db/client';
import { paletteColors, palettes } from '../db/schema';
import { systemColors } from './color-system';

/**
 * The book types there are (color-book-names): the built-in system first, then Coloro and Pantone (listed with 0
 * colors until a licensee imports them), then any other imported book by name.
 */
export async function listBookTypes(lang: Lang): Promise<BookTypeInfo[]> {
  const rows = await getDb()
    .select({ key: palettes.key, nameCn: palettes.nameCn, nameEn: palettes.nameEn, n: count(paletteColors.code) })
    .from(palettes)
    .leftJoin(paletteColors, eq(paletteColors.paletteKey, palettes.key))
    .groupBy(palettes.key);
  const words = MESSAGES[lang].colorLibrary.bookTypes as Record<string, string>;
  const proprietary = PROPRIETARY_BOOK_TYPES.map((type): BookTypeInfo => {
    const row = rows.find((r) => r.key === type);
    return { type, name: words[type] ?? type, count: row?.n ?? 0, builtIn: false, proprietary: true };
  });
  const others = rows
    .filter((r) => !(PROPRIETARY_BOOK_TYPES as readonly string[]).includes(r.key))
    .map((r): BookTypeInfo => ({ type: r.key, name: lang === 'cn' ? r.nameCn : r.nameEn, count: r.n, builtIn: false, proprietary: false }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [{ type: SYSTEM_BOOK_TYPE, name: words[SYSTEM_BOOK_TYPE]!, count: systemColors().length, builtIn: true, proprietary: false }, ...proprietary, ...others];
}
