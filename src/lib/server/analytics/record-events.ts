import type { AnalyticsEventInput } from '../../contracts/analytics';
import { getDb } from '../db/client';
import { analyticsEvents } from '../db/schema';

/** Stores a batch of usage events atomically; the user and company come from the caller's session. */
export async function recordEvents(
  events: AnalyticsEventInput[],
  actor: { userId: number | null; companyId: number | null },
  now: Date = new Date(),
): Promise<number[]> {
  const rows = await getDb()
    .insert(analyticsEvents)
    .values(
      events.map((e) => ({
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
