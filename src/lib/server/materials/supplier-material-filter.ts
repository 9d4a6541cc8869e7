import { and, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SupplierMaterialQuery } from '../../contracts/material-edit';
import { RENDER_STATUS } from '../../constants';
import { ERROR } from '../../errors';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { colorCards, materials } from '../db/schema';
import { AppError } from '../errors';
import { toTsQuery } from '../search/tokenize';
import { existingMaterial } from './published-material';

/** docs/product/catalogue.md#data render status: failed, and the two that wait (rendering, in queue). */
export const RENDER_FAILED = [RENDER_STATUS.failed];
export const RENDER_QUEUED = [RENDER_STATUS.rendering, RENDER_STATUS.queued];

const hasCardIn = (states: number[]) =>
  exists(getDb().select({ one: sql`1` }).from(colorCards).where(and(eq(colorCards.materialId, materials.id), inArray(colorCards.renderingStatus, states))));

const onMarket = (market: 1 | 2) => eq(market === 2 ? materials.onMarketOverseas : materials.onMarketDomestic, 1);
const offMarket = (market: 1 | 2) => eq(market === 2 ? materials.onMarketOverseas : materials.onMarketDomestic, 0);

/**
 * The conditions of the company's material list (docs/product/supplier.md#the-material-list): its own, not deleted;
 * words, category (a level-1 category includes its children) and state. Drafts (never on a market) are neither on
 * nor off the market.
 */
export function supplierMaterialConditions(companyId: number, query: Partial<SupplierMaterialQuery>, catalogue: CatalogueSnapshot): SQL {
  const conditions: SQL[] = [eq(materials.companyId, companyId), existingMaterial];
  const keywords = query.keywords?.trim();
  if (keywords) {
    const tsQuery = toTsQuery(keywords);
    const serial = ilike(materials.serialNo, `%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(tsQuery ? or(sql`${materials.searchText} @@ to_tsquery('simple', ${tsQuery})`, serial)! : serial);
  }
  if (query.categoryId !== undefined) {
    const category = catalogue.categories.get(query.categoryId);
    if (!category) throw new AppError(ERROR.empty, { message: 'validation.categoryNotFound' });
    conditions.push(category.level === 1 ? eq(materials.rootCategoryId, category.id) : eq(materials.categoryId, category.id));
  }
  const market = query.marketType;
  switch (query.state ?? 'all') {
    case 'on':
      conditions.push(market ? onMarket(market) : or(onMarket(1), onMarket(2))!);
      break;
    case 'off':
      conditions.push(isNotNull(materials.firstOnMarketAt), market ? offMarket(market) : and(offMarket(1), offMarket(2))!);
      break;
    case 'draft':
      conditions.push(isNull(materials.firstOnMarketAt));
      break;
    case 'renderFailed':
      conditions.push(hasCardIn(RENDER_FAILED));
      break;
    case 'renderQueued':
      conditions.push(hasCardIn(RENDER_QUEUED));
      break;
    case 'all':
      break;
  }
  return and(...conditions)!;
}
