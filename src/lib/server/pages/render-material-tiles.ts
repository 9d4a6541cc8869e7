import { LRUCache } from 'lru-cache';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MaterialTile, type TileActions, type TileMatch, type TileText } from '../../../islands/MaterialGrid/MaterialTile';
import type { MaterialCard } from '../../contracts/materials';
import { escapeAttribute } from '../../html-attribute';

export interface MaterialTilesInput {
  /** The list's class attribute. */
  listClass: string;
  materials: MaterialCard[];
  text: TileText;
  /** Price unit code → label in the page's language. */
  unitLabels: Record<string, string>;
  /** How many leading tiles load their cover eagerly (the first row is the largest paint). */
  eager?: number | undefined;
  /** Search words to mark in the names. */
  keywords?: string | undefined;
  /** Color search: the matched card per material id. */
  matches?: Record<number, TileMatch> | undefined;
  /** A note per material id under its supplier (image search: the similarity). */
  notes?: Record<number, string> | undefined;
  /** Store and search grids: each tile's actions (the MaterialStore island handles the presses). */
  actions?: TileActions | undefined;
  /** Added to every tile's detail link (`bookId=…`). */
  linkQuery?: string | undefined;
}

// A tile is a pure function of what it is given, and the same tiles are rendered for visitor after visitor: a
// grid of 24 cost the store page a third of its time in React. Each rendered tile is kept under everything it was
// given, so an edited material, another language or another viewer's actions make a new entry and nothing is ever
// stale; bounded by characters (about 8 MB at most), well inside the server's memory budget. A card the listing
// copies hand out again (frozen, see materials/listing-cache.ts) also finds its tiles by itself, which spares
// writing the card out as a key.
const rendered = new LRUCache<string, string>({ maxSize: 4_000_000, sizeCalculation: (html, key) => html.length + key.length });
const byFrozenCard = new WeakMap<MaterialCard, Map<string, string>>();

/**
 * A static grid as HTML, `<ul>` and its tiles: the same React tile the store island renders in the browser. The
 * grid comes back as one flat string: the island renderer copies a string built of pieces once more (it trims
 * each slot it is given), and at 60 KB of two-byte text that copy was a twentieth of the store page.
 */
export function renderMaterialTiles({ listClass, materials, text, unitLabels, eager = 0, keywords, matches, notes, actions, linkQuery }: MaterialTilesInput): string {
  const html = [`<ul class="${escapeAttribute(listClass)}">`];
  const shared = JSON.stringify([text, keywords, actions, linkQuery]);
  materials.forEach((m, i) => {
    const props = { material: m, text, priceUnitLabel: unitLabels[m.priceUnit] ?? m.priceUnit, eager: i < eager, keywords, match: matches?.[m.id], note: notes?.[m.id], actions, linkQuery };
    const context = `${shared}|${props.priceUnitLabel}|${props.eager}|${JSON.stringify(props.match)}|${props.note}`;
    const unchanging = isFrozenCard(m);
    const frozen = unchanging ? byFrozenCard.get(m) : undefined;
    let tile = frozen?.get(context);
    if (tile === undefined) {
      const key = `${context}|${JSON.stringify(m)}`;
      tile = rendered.get(key);
      if (tile === undefined) {
        tile = asOnePiece(renderToStaticMarkup(createElement(MaterialTile, props)));
        rendered.set(key, tile);
      }
      if (unchanging) {
        if (frozen) frozen.set(context, tile);
        else byFrozenCard.set(m, new Map([[context, tile]]));
      }
    }
    html.push(tile);
  });
  html.push('</ul>');
  return html.join('');
}

/**
 * The same text as one piece. React builds its output by appending, and V8 keeps such a string as the chain of its
 * parts: every later join of a kept tile would walk the chain again (8 times slower than copying one piece).
 */
const asOnePiece = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** Frozen all the way down, so it can never show anything else. */
const isFrozenCard = (m: MaterialCard) => Object.isFrozen(m) && Object.isFrozen(m.supplierInfo) && Object.isFrozen(m.colors) && (m.cover === null || Object.isFrozen(m.cover));
