import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookDeliveryState, WebhookEndpoint, WebhookEvent } from '../../contracts/integrations-webhooks';
import type { Database, Tx } from '../db/client';
import { getDb } from '../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../db/schema';

type Row = typeof webhookEndpoints.$inferSelect;

/** The endpoints as the API shows them: never the secret; with each one's newest delivery. */
export async function describeWebhookEndpoints(db: Database | Tx, rows: Row[]): Promise<WebhookEndpoint[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const [creators, latest] = await Promise.all([
    creatorIds.length ? db.select({ id: users.id, name: users.name, account: users.account }).from(users).where(inArray(users.id, creatorIds)) : [],
    db
      .selectDistinctOn([webhookDeliveries.endpointId], {
        endpointId: webhookDeliveries.endpointId,
        state: webhookDeliveries.state,
        at: webhookDeliveries.createdAt,
        // Written out: inside a subquery an unqualified "id" would be the try's own.
        statusCode: sql<number | null>`(select a.status_code from webhook_attempts a where a.delivery_id = "webhook_deliveries"."id" order by a.attempt desc limit 1)`,
      })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.endpointId, ids))
      .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id)),
  ]);
  const creatorName = new Map(creators.map((u) => [u.id, u.name || u.account]));
  const last = new Map(latest.map((d) => [d.endpointId, d]));
  return rows.map((r) => {
    const d = last.get(r.id);
    return {
      id: r.id,
      url: r.url,
      description: r.description,
      events: r.events as WebhookEvent[],
      active: r.active,
      createdBy: (r.createdBy && creatorName.get(r.createdBy)) || '',
      createdAt: r.createdAt.toISOString(),
      lastDelivery: d ? { state: d.state as WebhookDeliveryState, at: d.at.toISOString(), statusCode: d.statusCode === null ? null : Number(d.statusCode) } : null,
    };
  });
}

/** One page of a company's webhook endpoints, newest first. */
export async function listWebhookEndpoints(companyId: number, page: number, size: number): Promise<{ records: WebhookEndpoint[]; total: number }> {
  const db = getDb();
  const where = eq(webhookEndpoints.companyId, companyId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(webhookEndpoints).where(where);
  const rows = await db.select().from(webhookEndpoints).where(where).orderBy(desc(webhookEndpoints.id)).limit(size).offset((page - 1) * size);
  return { total, records: await describeWebhookEndpoints(db, rows) };
}
