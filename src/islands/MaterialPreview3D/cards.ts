import type { MapKind, PreviewCard } from './types';

/** A color card's hex as `#rrggbb`, whether it came with or without the `#` or in short form; null when it is no color. */
export function normalizeHex(hex: string | null | undefined): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex?.trim() ?? '');
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/**
 * The card to show: the one chosen on the page (the gallery and this preview share the choice), else the material's
 * default card, else the first. A chosen id this material does not have (a stale choice) counts as no choice.
 */
export function chosenCard(cards: readonly PreviewCard[], chosenId: number | null, initialCardId: number | null): PreviewCard | null {
  return cards.find((c) => c.id === chosenId) ?? cards.find((c) => c.id === initialCardId) ?? cards[0] ?? null;
}

/** What colors the surface: a base color map (or none), multiplied by a tint. */
export interface CardSurface {
  basecolor: string | null;
  tint: string;
}

const WHITE = '#ffffff';

/**
 * A card's look on the 3D surface. A card rendered from the material file has its own recoloured map, which already
 * is the card's color, so it is not tinted again; otherwise the material's map is tinted with the card's hex (a
 * light, neutral map takes the card's color, the map's texture stays visible); and with no map at all the surface
 * is the card's plain color.
 */
export function cardSurface(card: PreviewCard | null, maps: Partial<Record<MapKind, string>>): CardSurface {
  if (card?.basecolor) return { basecolor: card.basecolor, tint: WHITE };
  return { basecolor: maps.basecolor ?? null, tint: normalizeHex(card?.hex) ?? WHITE };
}
