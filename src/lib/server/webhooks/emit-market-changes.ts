import type { Tx } from '../db/client';
import { emitWebhookEvents, type WebhookOccurrence } from './emit-webhook-event';

type Markets = { domestic: number; overseas: number };
export type MarketChange = { id: number; nameCn: string; nameEn: string | null; before: Markets | null; after: Markets };

const marketsOf = (m: Markets | null) => (m ? [...(m.domestic ? ['domestic'] : []), ...(m.overseas ? ['overseas'] : [])] : []);

/**
 * Tells the supplier's integrations of each material whose markets really changed
 * (docs/product/integrations.md#events): `material.published` when it went on a market it was not on,
 * `material.unpublished` when it left one (deleting a listed material does too). The body lists the markets it is on now.
 */
export async function emitMarketChanges(tx: Tx, companyId: number, changes: MarketChange[]): Promise<void> {
  const occurrences = changes.flatMap((change): WebhookOccurrence[] => {
    const before = marketsOf(change.before);
    const after = marketsOf(change.after);
    const added = after.filter((m) => !before.includes(m));
    const removed = before.filter((m) => !after.includes(m));
    const data = { materialId: change.id, name: { cn: change.nameCn, en: change.nameEn ?? '' }, markets: after };
    return [...(added.length ? [{ event: 'material.published' as const, data: { ...data, added } }] : []), ...(removed.length ? [{ event: 'material.unpublished' as const, data: { ...data, removed } }] : [])];
  });
  await emitWebhookEvents(tx, [companyId], occurrences);
}
