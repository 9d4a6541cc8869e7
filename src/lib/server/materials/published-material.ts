import { and, eq, or, type SQL } from 'drizzle-orm';
import { MARKET_TYPE, type MarketType } from '../../constants';
import { materials } from '../db/schema';

/**
 * The one statement of when a material is published. Everything that shows materials to people other than their
 * own company (store, search, colors, image search, merchants, collections, sample bag, shares, suggestions)
 * filters with these, so a material taken off a market disappears from all of them at once.
 */

/** Not deleted. A company still sees and edits its own unpublished materials. */
export const existingMaterial: SQL = eq(materials.isDelete, 0);

const marketColumn = (market: MarketType) => (market === MARKET_TYPE.overseas ? materials.onMarketOverseas : materials.onMarketDomestic);

/** Published on one market: not deleted and put on that market. The store and search show one market at a time. */
export function publishedOn(market: MarketType = MARKET_TYPE.domestic): SQL {
  return and(existingMaterial, eq(marketColumn(market), 1))!;
}

/**
 * Published on any market: what a buyer can still see of something they kept (collections, sample bag, sample
 * requests, shares), whichever market they found it in.
 */
export const visibleMaterial: SQL = and(existingMaterial, or(eq(materials.onMarketDomestic, 1), eq(materials.onMarketOverseas, 1)))!;

type MaterialFlags = { isDelete: number; onMarketDomestic: number; onMarketOverseas: number };

/** The same rule over a row already loaded: on `market`, or on any market without one. */
export function isPublished(m: MaterialFlags, market?: MarketType): boolean {
  if (m.isDelete !== 0) return false;
  if (market === undefined) return m.onMarketDomestic === 1 || m.onMarketOverseas === 1;
  return (market === MARKET_TYPE.overseas ? m.onMarketOverseas : m.onMarketDomestic) === 1;
}

/** On either market, by the flags a change reads or answers; `undefined` (no such row before) is on none. */
export const onAnyMarket = (m: { domestic: number; overseas: number } | null | undefined): boolean => m?.domestic === 1 || m?.overseas === 1;
