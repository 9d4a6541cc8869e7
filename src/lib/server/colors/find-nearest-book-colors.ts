import { differenceCiede2000 } from 'culori';
import type { BookTypeInfo, PaletteColor } from '../../contracts/color-library';
import type { Lang } from '../../i18n';
import { loadBookColors } from './load-book-colors';

const deltaE2000 = differenceCiede2000();

export type NearestInBook = { type: string; name: string; colors: Array<PaletteColor & { deltaE: number }> };

/**
 * For a color, the nearest colors (ΔE2000) in each of the other book types that hold any: what a designer quotes
 * when a supplier works in another system.
 */
export async function findNearestBookColors(color: PaletteColor, types: BookTypeInfo[], lang: Lang, perBook = 3): Promise<NearestInBook[]> {
  const target = { mode: 'lab65' as const, l: color.lab[0], a: color.lab[1], b: color.lab[2] };
  const answers: NearestInBook[] = [];
  for (const info of types) {
    if (info.type === color.type || info.count === 0) continue;
    const colors = (await loadBookColors(info.type, lang)) ?? [];
    const nearest = colors
      .map((c) => ({ ...c, deltaE: Math.round(deltaE2000(target, { mode: 'lab65', l: c.lab[0], a: c.lab[1], b: c.lab[2] }) * 10) / 10 }))
      .sort((a, b) => a.deltaE - b.deltaE)
      .slice(0, perBook);
    if (nearest.length > 0) answers.push({ type: info.type, name: info.name, colors: nearest });
  }
  return answers;
}
