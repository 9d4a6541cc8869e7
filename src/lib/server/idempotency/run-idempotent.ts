import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ERROR } from '../../errors';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';

/** How long a key answers retries; after that the same key starts afresh. */
const KEY_LIFETIME = sql`interval '24 hours'`;

export type IdempotencyScope = { userId: number; scope: string; key: string | null };

/**
 * Runs `work` once per (user, scope, key) inside the caller's transaction (docs/architecture.md#contracts Idempotency-Key): the key row is
 * inserted first, so a concurrent retry waits on its primary key until this transaction ends and then reads the
 * stored answer; if the work fails the transaction rolls back and the key is free again. A key reused with a
 * different input is refused rather than answered with the other request's result. No key: the work just runs.
 */
export async function runIdempotent<T>(tx: Tx, { userId, scope, key }: IdempotencyScope, input: unknown, work: () => Promise<T>): Promise<T> {
  if (key === null) return work();
  const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, sql`now() - ${KEY_LIFETIME}`)));
  const claimed = await tx.insert(idempotencyKeys).values({ userId, scope, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [stored] = await tx.select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response }).from(idempotencyKeys).where(where);
    if (!stored || stored.fingerprint !== fingerprint) throw new AppError(ERROR.conflict, { message: 'validation.idempotencyKeyReused' });
    return stored.response as T;
  }
  const result = await work();
  await tx.update(idempotencyKeys).set({ response: result as unknown }).where(where);
  return result;
}
