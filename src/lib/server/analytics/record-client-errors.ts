import { createHash } from 'node:crypto';
import type { ErrorLogInput } from '../../contracts/analytics';
import { getDb } from '../db/client';
import { clientErrors } from '../db/schema';
import { consumeLimit } from '../security/rate-limit';

/** The trace is kept only as this: enough to tell the same failure from another, nothing of what it said. */
export function traceHash(trace: string): string {
  return createHash('sha256').update(trace).digest('hex').slice(0, 16);
}

/**
 * Stores the failures a browser reported (docs/product/insights.md#the-error-log), all or nothing; user and company
 * come from the session. Anyone may send a log, so each call is counted against the address and the session (the
 * signed-in user, else the log's analytics session, else the address) first. A visitor who opted out has nothing
 * stored. Answers how many entries were stored.
 */
export async function recordClientErrors(
  log: ErrorLogInput,
  actor: { userId: number | null; companyId: number | null; ip: string; optedOut: boolean },
): Promise<number> {
  if (actor.optedOut) return 0;
  await consumeLimit('errorLog.ip', actor.ip);
  await consumeLimit('errorLog.session', actor.userId !== null ? `user:${actor.userId}` : log.sessionId ? `session:${log.sessionId}` : `ip:${actor.ip}`);
  const rows = await getDb()
    .insert(clientErrors)
    .values(
      log.entries.map((e) => ({
        sessionId: log.sessionId ?? null,
        userId: actor.userId,
        companyId: actor.companyId,
        kind: e.kind,
        page: e.page,
        code: e.code,
        message: e.message,
        traceHash: traceHash(e.trace),
        occurredAt: new Date(e.time),
      })),
    )
    .returning({ id: clientErrors.id });
  return rows.length;
}
