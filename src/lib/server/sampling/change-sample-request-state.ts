import { and, eq, sql } from 'drizzle-orm';
import { TRANSITIONS, type SampleRequest, type SampleRequestChange } from '../../contracts/sampling-requests';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { getDb } from '../db/client';
import { sampleRequestEvents, sampleRequests } from '../db/schema';
import { AppError } from '../errors';
import { notifySampleRequest } from '../notifications/notify-sample-request';
import { emitSampleRequestEvent } from '../webhooks/emit-sample-request-event';
import { describeSampleRequests } from './describe-sample-requests';
import type { SampleRequestViewer } from './list-sample-requests';

export type SampleRequestActor = SampleRequestViewer & { userId: number };

/**
 * Moves a request one step (docs/product/sampling.md): the supplier accepts, rejects with a reason or ships with carrier and tracking
 * number; the buyer cancels while it is submitted or confirms receipt of a shipment. Only the moves of TRANSITIONS
 * exist, each only for its side and only on the actor's own requests (another's is "not found", so ids reveal
 * nothing); a request no longer in the step's starting state is a conflict. The change, its timeline entry and the
 * other side's news are written together.
 */
export async function changeSampleRequestState(actor: SampleRequestActor, change: SampleRequestChange, lang: Lang): Promise<SampleRequest> {
  const step = TRANSITIONS[change.action];
  const mine = actor.side === 'buyer' ? eq(sampleRequests.buyerUserId, actor.userId) : eq(sampleRequests.supplierCompanyId, actor.companyId);
  const updated = await getDb().transaction(async (tx) => {
    const [request] = await tx.select({ state: sampleRequests.state }).from(sampleRequests).where(and(eq(sampleRequests.id, change.id), mine)).for('update');
    if (!request) throw new AppError(ERROR.empty, { message: 'validation.sampleRequestNotFound' });
    if (step.side !== actor.side) throw new AppError(ERROR.authError);
    if (request.state !== step.from) throw new AppError(ERROR.conflict, { message: 'validation.sampleRequestStateChanged', data: { state: request.state } });
    const detail: Record<string, string> =
      change.action === 'reject' ? { reason: change.reason } : change.action === 'ship' ? { carrier: change.carrier, trackingNo: change.trackingNo } : {};
    const [row] = await tx
      .update(sampleRequests)
      .set({
        state: step.to,
        updatedAt: sql`now()`,
        ...(change.action === 'reject' ? { rejectReason: change.reason } : {}),
        ...(change.action === 'ship' ? { carrier: change.carrier, trackingNo: change.trackingNo, shippedAt: sql`now()` } : {}),
      })
      .where(eq(sampleRequests.id, change.id))
      .returning();
    if (!row) throw new Error('update returned nothing');
    await tx.insert(sampleRequestEvents).values({ requestId: row.id, state: step.to, actorUserId: actor.userId, actorSide: actor.side, detail });
    await notifySampleRequest(tx, row, `sample-${step.to}` as const, detail);
    await emitSampleRequestEvent(tx, row, step.to, detail);
    return row;
  });
  const [described] = await describeSampleRequests([updated], actor.side, lang);
  if (!described) throw new Error('describe returned nothing');
  return described;
}
