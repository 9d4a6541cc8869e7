import { and, eq } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { Database, Tx } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { AppError } from '../errors';

export const webhookNotFound = () => new AppError(ERROR.empty, { message: 'validation.webhookNotFound' });

/** The company's endpoint with this id; another company's is "not found", so ids reveal nothing. */
export async function findWebhookEndpoint(db: Database | Tx, companyId: number, id: number): Promise<typeof webhookEndpoints.$inferSelect> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  if (!row) throw webhookNotFound();
  return row;
}
