import { COLOR_FAMILIES } from '../../contracts/colors';
import type { PaletteColor, PaletteFamily } from '../../contracts/color-library';
import type { Lang } from '../../i18n';
import { catalogueSnapshot, labelIn } from '../catalogue/catalogue-snapshot';
import { requireBookColors } from './find-palette-colors';

/**
 * The color families of a book type with how many of its colors each holds (color-book-families), in the families'
 * fixed order, labelled from the same colorFamily dictionary as the store's facet; families without colors are left out.
 */
export async function listPaletteFamilies(type: string, lang: Lang): Promise<PaletteFamily[]> {
  return familiesOf(await requireBookColors(type, lang), lang);
}

/** The families of colors already loaded (a gradient page has its book in hand). */
export async function familiesOf(colors: readonly PaletteColor[], lang: Lang): Promise<PaletteFamily[]> {
  const snapshot = await catalogueSnapshot();
  const counts = new Map<string, number>();
  for (const c of colors) counts.set(c.family, (counts.get(c.family) ?? 0) + 1);
  return COLOR_FAMILIES.filter((f) => counts.has(f)).map((family) => ({ family, label: labelIn(snapshot, `colorFamily:${family}`, lang) ?? family, count: counts.get(family)! }));
}
