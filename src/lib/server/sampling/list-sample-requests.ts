import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { SAMPLE_REQUEST_STATES, type SampleRequestListQuery, type SampleRequestPage, type SampleRequestState } from '../../contracts/sampling-requests';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { sampleRequests } from '../db/schema';
import { describeSampleRequests } from './describe-sample-requests';

/** Whose requests: those a buyer made, or those made to the supplier's company. */
export type SampleRequestViewer = { side: 'buyer'; userId: number } | { side: 'supplier'; companyId: number };

const ownedBy = (viewer: SampleRequestViewer): SQL =>
  viewer.side === 'buyer' ? eq(sampleRequests.buyerUserId, viewer.userId) : eq(sampleRequests.supplierCompanyId, viewer.companyId);

/**
 * A page of the viewer's sample requests, newest first, optionally in one state, with how many there are in each
 * state (the tabs). `shipments` lists only what was shipped, newest shipment first: the logistics page. `id` narrows
 * the page to one request, the one a notification links to.
 */
export async function listSampleRequests(viewer: SampleRequestViewer, query: SampleRequestListQuery & { shipments?: boolean }, lang: Lang): Promise<SampleRequestPage> {
  const db = getDb();
  const states: SampleRequestState[] | undefined = query.shipments ? ['shipped', 'received'] : query.state ? [query.state] : undefined;
  const where = and(ownedBy(viewer), states ? inArray(sampleRequests.state, states) : undefined, query.id ? eq(sampleRequests.id, query.id) : undefined);
  const [rows, perState] = await Promise.all([
    db
      .select()
      .from(sampleRequests)
      .where(where)
      .orderBy(...(query.shipments ? [desc(sampleRequests.shippedAt)] : []), desc(sampleRequests.createdAt), desc(sampleRequests.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ state: sampleRequests.state, n: count() }).from(sampleRequests).where(ownedBy(viewer)).groupBy(sampleRequests.state),
  ]);
  const counts = Object.fromEntries(SAMPLE_REQUEST_STATES.map((s) => [s, 0])) as Record<SampleRequestState, number>;
  for (const { state, n } of perState) counts[state as SampleRequestState] = n;
  const total = query.id ? rows.length : states ? states.reduce((sum, s) => sum + counts[s], 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { records: await describeSampleRequests(rows, viewer.side, lang), total, counts };
}
