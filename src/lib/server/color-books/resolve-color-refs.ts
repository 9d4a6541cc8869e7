import { and, eq, inArray, or } from 'drizzle-orm';
import { COLOR_BOOK_NAME_MAX, SYSTEM_BOOK_TYPE, type ColorRef } from '../../contracts/color-library';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { codeOfColor, nameOf, parseCode } from '../colors/color-system';
import { loadBookColors } from '../colors/load-book-colors';
import { getDb } from '../db/client';
import { colorCards, materials } from '../db/schema';
import { AppError } from '../errors';
import { existingMaterial, visibleMaterial } from '../materials/published-material';

/** A color ready to be kept in a book: its key (once per book), where it came from and its values. */
export type ResolvedColor = { colorKey: string; source: string; code: string; name: string; hex: string; materialId: number | null; colorCardId: number | null };

/** The key a color is kept under in a book, the same for a color however it is named. */
export function colorKeyOf(ref: ColorRef): string {
  if (ref.source === 'book') return `${ref.type}:${ref.code.toUpperCase()}`;
  if (ref.source === 'card') return `card:${ref.colorCardId}`;
  return `picked:${ref.hex}`;
}

const unknownColor = (index: number) =>
  new AppError(ERROR.fieldInvalid, { message: 'validation.colorNotFound', fields: [{ field: `colors[${index}]`, message: 'validation.colorNotFound' }] });

/**
 * The colors a call names, looked up where they come from: a book type's color by code, a color card of a material
 * the caller may see (one on a market, or their own company's), or a picked color as given. One unknown color
 * fails the whole call, naming its position, so nothing is half added.
 */
export async function resolveColorRefs(refs: ColorRef[], viewer: { companyId: number | null }, lang: Lang): Promise<ResolvedColor[]> {
  const cardIds = refs.flatMap((r) => (r.source === 'card' ? [r.colorCardId] : []));
  const mayUse = or(visibleMaterial, viewer.companyId === null ? undefined : and(existingMaterial, eq(materials.companyId, viewer.companyId)));
  const cards =
    cardIds.length === 0
      ? []
      : await getDb()
          .select({ id: colorCards.id, name: colorCards.name, hex: colorCards.hex, materialId: materials.id, serialNo: materials.serialNo, nameCn: materials.nameCn, nameEn: materials.nameEn })
          .from(colorCards)
          .innerJoin(materials, eq(materials.id, colorCards.materialId))
          .where(and(inArray(colorCards.id, cardIds), mayUse));
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const books = new Map<string, Awaited<ReturnType<typeof loadBookColors>>>();
  const resolved: ResolvedColor[] = [];
  for (const [index, ref] of refs.entries()) {
    const colorKey = colorKeyOf(ref);
    if (ref.source === 'card') {
      const card = cardOf.get(ref.colorCardId);
      if (!card) throw unknownColor(index);
      const material = (lang === 'en' && card.nameEn) || card.nameCn;
      resolved.push({ colorKey, source: 'card', code: card.serialNo || material, name: `${material} · ${card.name}`.slice(0, 80), hex: card.hex.toLowerCase(), materialId: card.materialId, colorCardId: card.id });
    } else if (ref.source === 'picked') {
      const code = codeOfColor(ref.hex)!;
      resolved.push({ colorKey, source: 'picked', code, name: (ref.name || nameOf(parseCode(code)!)[lang]).slice(0, COLOR_BOOK_NAME_MAX), hex: ref.hex, materialId: null, colorCardId: null });
    } else {
      if (!books.has(ref.type)) books.set(ref.type, await loadBookColors(ref.type, lang));
      const wanted = ref.code.toUpperCase();
      const color = books.get(ref.type)?.find((c) => c.code.toUpperCase() === wanted);
      if (!color) throw unknownColor(index);
      // The built-in system's names are derived again when read; an imported book's are kept as they were.
      resolved.push({ colorKey, source: ref.type, code: color.code, name: ref.type === SYSTEM_BOOK_TYPE ? color.code : color.name, hex: color.hex, materialId: null, colorCardId: null });
    }
  }
  return resolved;
}
