import { and, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SupplierDashboard } from '../../contracts/material-edit';
import { getDb } from '../db/client';
import { colorCards, materials, merchantFollows, sampleRequests, shares, shareViewDays } from '../db/schema';
import { existingMaterial } from './published-material';
import { RENDER_FAILED, RENDER_QUEUED } from './supplier-material-filter';

/** Sample requests that wait for the supplier: to be accepted or rejected, or, once accepted, to be shipped. */
const WAITING_STATES = ['submitted', 'accepted'];
const WEEK_DAYS = 7;

/**
 * What the supplier's landing counts (docs/product/supplier.md#dashboard). Each material count is what the list
 * shows under the matching filter, so a number and the list it links to agree.
 */
export async function getSupplierDashboard(companyId: number, now: Date = new Date()): Promise<SupplierDashboard> {
  const db = getDb();
  const own = and(eq(materials.companyId, companyId), existingMaterial);
  const n = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})::int`;
  const withCards = (states: number[]) =>
    db
      .select({ n: sql<number>`count(distinct ${colorCards.materialId})::int` })
      .from(colorCards)
      .innerJoin(materials, eq(materials.id, colorCards.materialId))
      .where(and(own, inArray(colorCards.renderingStatus, states)));
  const since = new Date(now.getTime() - (WEEK_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  // A share of the company's materials: a material or materials share naming one, or a color-card share of one's card.
  const sharesOwn = sql`(
    exists (select 1 from jsonb_array_elements_text(${shares.materialIds}) as e(id) join ${materials} on ${materials.id} = e.id::bigint where ${materials.companyId} = ${companyId})
    or exists (select 1 from ${colorCards} join ${materials} on ${materials.id} = ${colorCards.materialId} where ${colorCards.id} = ${shares.colorCardId} and ${materials.companyId} = ${companyId})
  )`;

  const [[m], [queued], [failed], [requests], [followers], [views]] = await Promise.all([
    db
      .select({
        onDomestic: n(sql`${materials.onMarketDomestic} = 1`),
        onOverseas: n(sql`${materials.onMarketOverseas} = 1`),
        offDomestic: n(and(isNotNull(materials.firstOnMarketAt), eq(materials.onMarketDomestic, 0))!),
        offOverseas: n(and(isNotNull(materials.firstOnMarketAt), eq(materials.onMarketOverseas, 0))!),
        drafts: n(isNull(materials.firstOnMarketAt)),
      })
      .from(materials)
      .where(own),
    withCards(RENDER_QUEUED),
    withCards(RENDER_FAILED),
    db.select({ n: count() }).from(sampleRequests).where(and(eq(sampleRequests.supplierCompanyId, companyId), inArray(sampleRequests.state, WAITING_STATES))),
    db.select({ n: count() }).from(merchantFollows).where(eq(merchantFollows.companyId, companyId)),
    db
      .select({ n: sql<number>`coalesce(sum(${shareViewDays.views}), 0)::int` })
      .from(shareViewDays)
      .innerJoin(shares, eq(shares.id, shareViewDays.shareId))
      .where(and(gte(shareViewDays.day, since), sharesOwn)),
  ]);
  return {
    onMarket: { domestic: m?.onDomestic ?? 0, overseas: m?.onOverseas ?? 0 },
    offMarket: { domestic: m?.offDomestic ?? 0, overseas: m?.offOverseas ?? 0 },
    drafts: m?.drafts ?? 0,
    rendersQueued: queued?.n ?? 0,
    rendersFailed: failed?.n ?? 0,
    sampleRequestsWaiting: requests?.n ?? 0,
    followers: followers?.n ?? 0,
    shareViewsThisWeek: views?.n ?? 0,
  };
}
