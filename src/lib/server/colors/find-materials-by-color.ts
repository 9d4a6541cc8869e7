import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { differenceCiede2000 } from 'culori';
import { COLOR_TOLERANCE, type ColorMatch, type ColorSearchResult } from '../../contracts/colors';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { colorCards, images, materialImages, materials } from '../db/schema';
import { AppError } from '../errors';
import { imageSources } from '../images/image-url';
import { materialCardsByIds } from '../materials/find-materials';
import { labOf } from './color-family';
import { parseColor } from './parse-color';
import { publishedOn } from '../materials/published-material';
import { MARKET_TYPE, type MarketType } from '../../constants';

export { COLOR_TOLERANCE };
/**
 * At most this many color cards (the nearest by Euclidean Lab distance, a cheap proxy) are scored exactly. Within
 * the default tolerance a store holds far fewer; past the cap the farthest cards of the box are not considered, so
 * a search over a huge store with a wide tolerance may miss a few distant matches. 20k scores in about 10 ms.
 */
export const COLOR_CANDIDATE_CAP = 20_000;

export type ColorSearch = { color: string; tolerance?: number; categoryId?: number; orgId?: number; page: number; size: number };
export type { ColorMatch, ColorSearchResult };
export type Lab = [number, number, number];

const deltaE00 = differenceCiede2000();

/**
 * Published materials with a color card within `tolerance` (CIEDE2000) of `color`, nearest first by their
 * best-matching card (ties: newest material first). docs/product/search.md#how-results-are-ranked: every color card keeps Lab; color search ranks by
 * CIEDE2000. SQL narrows the cards to a Lab box that provably holds every color within the tolerance
 * (`labSearchBox`), JavaScript scores the candidates exactly.
 */
export async function findMaterialsByColor(search: ColorSearch, options: { lang: Lang; now?: Date; marketType?: MarketType }): Promise<ColorSearchResult> {
  const rgb = parseColor(search.color);
  if (!rgb) throw new AppError(ERROR.fieldInvalid, { message: 'validation.invalidValue', fields: [{ field: 'color', message: 'validation.invalidValue' }] });
  const tolerance = search.tolerance ?? COLOR_TOLERANCE.default;
  if (!(tolerance > 0 && tolerance <= COLOR_TOLERANCE.max)) throw new AppError(ERROR.fieldTooLong, { fields: [{ field: 'tolerance', message: 'validation.invalidValue' }] });
  const lab = labOf(rgb.hex);
  const box = labSearchBox(lab, tolerance);

  const conditions: SQL[] = [
    publishedOn(options.marketType ?? MARKET_TYPE.domestic),
    gte(colorCards.labL, box.l[0]),
    lte(colorCards.labL, box.l[1]),
    gte(colorCards.labA, box.a[0]),
    lte(colorCards.labA, box.a[1]),
    gte(colorCards.labB, box.b[0]),
    lte(colorCards.labB, box.b[1]),
  ];
  if (search.categoryId !== undefined) {
    const category = (await catalogueSnapshot()).categories.get(search.categoryId);
    if (!category) throw new AppError(ERROR.empty, { message: 'validation.categoryNotFound' });
    conditions.push(category.level === 1 ? eq(materials.rootCategoryId, category.id) : eq(materials.categoryId, category.id));
  }
  if (search.orgId !== undefined) conditions.push(eq(materials.companyId, search.orgId));

  const distance76 = sql`(${colorCards.labL} - ${lab[0]}::real) ^ 2 + (${colorCards.labA} - ${lab[1]}::real) ^ 2 + (${colorCards.labB} - ${lab[2]}::real) ^ 2`;
  const candidates = await getDb()
    .select({
      id: colorCards.id,
      materialId: colorCards.materialId,
      name: colorCards.name,
      hex: colorCards.hex,
      l: colorCards.labL,
      a: colorCards.labA,
      b: colorCards.labB,
      isDefault: colorCards.isDefault,
      sort: colorCards.sort,
      created: materials.gmtCreateTime,
    })
    .from(colorCards)
    .innerJoin(materials, eq(materials.id, colorCards.materialId))
    .where(and(...conditions))
    .orderBy(asc(distance76), asc(colorCards.id))
    .limit(COLOR_CANDIDATE_CAP);

  const target = { mode: 'lab65' as const, l: lab[0], a: lab[1], b: lab[2] };
  type Best = { card: (typeof candidates)[number]; deltaE: number };
  const best = new Map<number, Best>();
  for (const card of candidates) {
    const deltaE = deltaE00(target, { mode: 'lab65', l: card.l, a: card.a, b: card.b });
    if (deltaE > tolerance) continue;
    const held = best.get(card.materialId);
    if (!held || deltaE < held.deltaE || (deltaE === held.deltaE && preferCard(card, held.card))) best.set(card.materialId, { card, deltaE });
  }
  const ranked = [...best.values()].sort((x, y) => x.deltaE - y.deltaE || y.card.created.getTime() - x.card.created.getTime() || y.card.materialId - x.card.materialId);
  const page = ranked.slice((search.page - 1) * search.size, search.page * search.size);
  const [tiles, pictures] = await Promise.all([
    materialCardsByIds(
      page.map((p) => p.card.materialId),
      options,
    ),
    cardPictures(page.map((p) => p.card.id)),
  ]);
  const matchOf = new Map(page.map(({ card, deltaE }) => [card.materialId, { colorCardId: card.id, name: card.name, hex: card.hex, deltaE: Math.round(deltaE * 100) / 100 }]));
  // The tile shows the matched card's picture (the material's cover is its default card, often another color).
  return {
    records: tiles.map((tile) => {
      const match = matchOf.get(tile.id)!;
      const picture = pictures.get(match.colorCardId);
      return { ...tile, cover: picture ? imageSources(picture, 'medium') : tile.cover, match };
    }),
    total: ranked.length,
  };
}

/** The first picture of each of these color cards, by card id (a card without pictures is left out). */
async function cardPictures(cardIds: number[]): Promise<Map<number, { id: number; width: number; height: number }>> {
  if (cardIds.length === 0) return new Map();
  const rows = await getDb()
    .selectDistinctOn([materialImages.colorCardId], { cardId: materialImages.colorCardId, id: images.id, width: images.width, height: images.height })
    .from(materialImages)
    .innerJoin(images, eq(images.id, materialImages.imageId))
    .where(inArray(materialImages.colorCardId, cardIds))
    .orderBy(materialImages.colorCardId, asc(materialImages.sort));
  return new Map(rows.flatMap((r) => (r.cardId === null ? [] : [[r.cardId, { id: r.id, width: r.width, height: r.height }] as const])));
}

const preferCard = (x: { isDefault: number; sort: number }, y: { isDefault: number; sort: number }) => x.isDefault > y.isDefault || (x.isDefault === y.isDefault && x.sort < y.sort);

/** The largest CIE Lab chroma of an sRGB color (pure blue, 133.8); every stored card and every query is sRGB. */
const SRGB_MAX_CHROMA = 134;
/** max S_L = 1 + 0.015 (L̄-50)² / √(20 + (L̄-50)²) over L̄ in [0, 100], reached at 0 and 100. */
const MAX_SL = 1 + (0.015 * 2500) / Math.sqrt(2520);
/** 1 / √(1 - |R_T|max / 2), with |R_T| = R_C·|sin 2Δθ| ≤ 2·sin 60° = √3. */
const KAPPA = 1 / Math.sqrt(1 - Math.sqrt(3) / 2);
/** Stored Lab is rounded to 2 decimals (and kept as real): a little slack so rounding never excludes a card. */
const SLACK = 0.02;

/**
 * A Lab box holding every sRGB color whose CIEDE2000 difference from `lab` is at most `tolerance`. ΔE00 is not
 * Euclidean (it forgives chroma differences of saturated colors up to ~7x, and its blue rotation term R_T mixes
 * chroma and hue), so a fixed ΔE76 radius is not safe: sampling sRGB finds pairs within ΔE00 t that are more than
 * 6t apart in a or b, and 8t apart in ΔE76. The bound is derived instead, from ΔE00² = (ΔL'/S_L)² + x² + y² +
 * R_T·x·y with x = ΔC'/S_C, y = ΔH'/S_H:
 *  - the chroma-hue part is ≥ (1 - |R_T|/2)(x² + y²) ≥ 0, so |ΔL| ≤ S_L·t ≤ 1.75t;
 *  - S_H = 1 + 0.015·C̄'·T ≤ 1 + 0.029·C̄' ≤ S_C = 1 + 0.045·C̄' (T ≤ 1.93), and ΔC'² + ΔH'² is exactly the
 *    squared distance in the (a', b) plane, with a' = (1+G)a and G ≥ 0 shared by both colors, so
 *    √(Δa² + Δb²) ≤ S_C(C̄')·t·κ with κ = 1/√(1 - √3/2) ≈ 2.73;
 *  - C̄' ≤ (1+G)·C̄ and C̄ ≤ min(C₁ + r/2, (C₁ + 134)/2) for a partner at distance r, so r ≤ f(r) with f
 *    increasing: iterating f down from f(∞) gives bounds that all stay ≥ the true largest distance.
 * The result is generous (about twice what sampling finds) but never excludes a match; the unit test samples it.
 */
export function labSearchBox(lab: Lab, tolerance: number): { l: [number, number]; a: [number, number]; b: [number, number]; radiusAb: number } {
  const [l, a, b] = lab;
  const c1 = Math.hypot(a, b);
  const f = (r: number) => {
    const cBar = Math.min(c1 + r / 2, (c1 + SRGB_MAX_CHROMA) / 2);
    const cBar7 = cBar ** 7;
    const g = 0.5 * (1 - Math.sqrt(cBar7 / (cBar7 + 25 ** 7)));
    return KAPPA * tolerance * (1 + 0.045 * (1 + g) * cBar);
  };
  let r = f(Number.POSITIVE_INFINITY);
  for (let i = 0; i < 20; i++) r = f(r);
  const dl = MAX_SL * tolerance + SLACK;
  const dab = r + SLACK;
  return { l: [l - dl, l + dl], a: [a - dab, a + dab], b: [b - dab, b + dab], radiusAb: dab };
}
