import { and, count, eq } from 'drizzle-orm';
import { UNCERTIFIED_MARKET_LIMIT } from '../../constants';
import type { Tx } from '../db/client';
import { materialBooks, materials } from '../db/schema';
import { visibleMaterial } from '../materials/published-material';
import { requireCertifiedCompany } from './require-certified-company';

/**
 * The market gate for companies that are not certified (docs/product/markets.md#uncertified-companies): run inside
 * the transaction that just put a company's materials or books on the market, after the change, so the count is
 * the one the change leaves. Past `UNCERTIFIED_MARKET_LIMIT` the company must be certified, or the change is undone
 * with 400007. Callers run it only when something went on the market: taking things off, or editing what is on
 * already, never fails for a company that is over the limit (one whose certification was withdrawn).
 */
export async function requireMarketRoom(tx: Tx, companyId: number, kind: keyof typeof UNCERTIFIED_MARKET_LIMIT): Promise<void> {
  const [row] =
    kind === 'materials'
      ? await tx.select({ n: count() }).from(materials).where(and(eq(materials.companyId, companyId), visibleMaterial))
      : await tx.select({ n: count() }).from(materialBooks).where(and(eq(materialBooks.companyId, companyId), eq(materialBooks.onMarket, 1)));
  if ((row?.n ?? 0) <= UNCERTIFIED_MARKET_LIMIT[kind]) return;
  await requireCertifiedCompany({ company: { id: companyId } }, tx);
}
