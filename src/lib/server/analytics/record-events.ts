import type { AnalyticsEventInput } from '../../contracts/analytics';
import { USAGE_EVENTS } from '../../contracts/analytics-rules';
import { getDb } from '../db/client';
import { analyticsEvents } from '../db/schema';
import { consumeLimit } from '../security/rate-limit';
import { isIssuedSessionId } from './new-session-id';

/**
 * Stores a batch of usage events atomically; the user and company come from the caller's session. Anyone may send
 * events, so every event is counted against the caller's address and every call against their session (the signed-in user,
 * else the analytics session the batch carries; a batch holds one, see the contract) before anything is stored.
 * A visitor who opted out (docs/product/insights.md#opting-out) has nothing stored and nothing counted. A
 * `material.view` in a session `snow/id` did not issue is left out (docs/product/insights.md#forged-views).
 */
export async function recordEvents(
  events: AnalyticsEventInput[],
  actor: { userId: number | null; companyId: number | null; ip: string; optedOut?: boolean },
  now: Date = new Date(),
): Promise<number[]> {
  if (actor.optedOut) return [];
  await consumeLimit('analytics.ip', actor.ip, events.length);
  await consumeLimit('analytics.session', actor.userId !== null ? `user:${actor.userId}` : `session:${events[0]?.sessionId ?? ''}`);
  // A supplier's views are read from these, so a view is kept only in a session the server issued.
  const kept = events.filter((e) => e.event !== USAGE_EVENTS.materialView || isIssuedSessionId(e.sessionId));
  if (kept.length === 0) return [];
  const rows = await getDb()
    .insert(analyticsEvents)
    .values(
      kept.map((e) => ({
        event: e.event,
        sessionId: e.sessionId,
        deviceId: e.deviceId ?? null,
        userId: actor.userId,
        companyId: actor.companyId,
        roleCode: e.roleCode,
        properties: e.properties,
        occurredAt: e.time ? new Date(e.time) : now,
      })),
    )
    .returning({ id: analyticsEvents.id });
  return rows.map((r) => r.id);
}
