/**
 * What a trend story shows beside its text (docs/product/content.md#fashion-trends): each palette color with the
 * nearest color of the MatLib system (the color library opens there) and its color search, and each material pick
 * as the store finds it today.
 */
import { colorSearchHref } from '../../color-search';
import type { MarketType } from '../../constants';
import { materialSearchSchema, type MaterialCard } from '../../contracts/materials';
import type { Lang } from '../../i18n';
import { nearestSystemColors } from '../colors/color-system';
import { findMaterials } from '../materials/find-materials';

/** How many materials a pick shows; the pick's link opens the whole search. */
const PICK_SIZE = 4;

export interface TrendColor {
  name: string;
  hex: string;
  /** The nearest color of the MatLib system, as its code, and the gradient page open at it. */
  code: string | null;
  libraryHref: string | null;
  searchHref: string;
}

export interface TrendPick {
  label: string;
  keywords: string;
  note: string | undefined;
  materials: MaterialCard[];
  total: number;
  href: string;
}

export function trendColors(palette: readonly { name: string; hex: string }[]): TrendColor[] {
  return palette.map(({ name, hex }) => {
    const nearest = nearestSystemColors(hex, 1)[0];
    return {
      name,
      hex,
      code: nearest?.code ?? null,
      libraryHref: nearest ? `/main/color/matlib-gradient?${new URLSearchParams({ color: nearest.code }).toString()}` : null,
      searchHref: colorSearchHref(hex.slice(1).toLowerCase()),
    };
  });
}

export async function trendPicks(picks: readonly { label: string; keywords: string; note?: string | undefined }[], lang: Lang, marketType: MarketType): Promise<TrendPick[]> {
  return Promise.all(
    picks.map(async (pick) => {
      const query = materialSearchSchema.parse({ keywords: pick.keywords, page: 1, size: PICK_SIZE });
      const found = await findMaterials(query, { lang, marketType });
      return {
        label: pick.label,
        keywords: pick.keywords,
        note: pick.note,
        materials: found.records,
        total: found.total,
        href: `/search/materials?${new URLSearchParams({ keywords: pick.keywords }).toString()}`,
      };
    }),
  );
}
