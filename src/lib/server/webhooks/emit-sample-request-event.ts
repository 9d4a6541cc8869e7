import { requestNumber } from '../../contracts/sampling-requests-rules';
import type { Tx } from '../db/client';
import type { sampleRequests } from '../db/schema';
import { emitWebhookEvents } from './emit-webhook-event';

type Request = Pick<typeof sampleRequests.$inferSelect, 'id' | 'createdAt' | 'supplierCompanyId' | 'buyerCompanyId'>;
type State = 'submitted' | 'accepted' | 'rejected' | 'shipped' | 'received' | 'cancelled';

/**
 * Tells both companies of a sample request what happened to it (docs/product/integrations.md#events): the supplier's
 * and, when the buyer acted for one, the buyer's. The body names the request, not the people or the address; an
 * integration reads the rest through the API with its token.
 */
export async function emitSampleRequestEvent(tx: Tx, request: Request, state: State, detail: { itemCount?: number; reason?: string; carrier?: string; trackingNo?: string } = {}): Promise<void> {
  const data = {
    requestId: request.id,
    requestNo: requestNumber(request.id, request.createdAt.toISOString()),
    state,
    supplierCompanyId: request.supplierCompanyId,
    buyerCompanyId: request.buyerCompanyId,
    ...detail,
  };
  await emitWebhookEvents(tx, [request.supplierCompanyId, request.buyerCompanyId], [{ event: `sample_request.${state}`, data }]);
}
