import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { ImUser } from '../../contracts/companies';
import type { SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { companyMembers, sampleRequestEvents, sampleRequests, users } from '../db/schema';

/**
 * Display names and avatars of the users asked about whom the caller may see (docs/product/companies.md#people-the-caller-may-see):
 * members of the companies the caller works in, buyers who sent one of those companies a sample request, and the
 * supplier-side people who acted on the caller's own requests. Anyone else is left out, exactly as an unknown id is.
 * The answer keeps the order asked.
 */
export async function listVisibleUsers(session: SessionContext, ids: number[]): Promise<ImUser[]> {
  const mine = session.companies.map((c) => c.id);
  const db = getDb();
  const colleague = exists(db.select({ one: companyMembers.userId }).from(companyMembers).where(and(eq(companyMembers.userId, users.id), inArray(companyMembers.companyId, mine))));
  const buyerOfOurs = exists(db.select({ one: sampleRequests.id }).from(sampleRequests).where(and(eq(sampleRequests.buyerUserId, users.id), inArray(sampleRequests.supplierCompanyId, mine))));
  const supplierOfMine = exists(
    db
      .select({ one: sampleRequestEvents.id })
      .from(sampleRequestEvents)
      .innerJoin(sampleRequests, eq(sampleRequests.id, sampleRequestEvents.requestId))
      .where(and(eq(sampleRequestEvents.actorUserId, users.id), eq(sampleRequestEvents.actorSide, 'supplier'), eq(sampleRequests.buyerUserId, session.user.id))),
  );
  const seen = [eq(users.id, session.user.id), supplierOfMine, ...(mine.length > 0 ? [colleague, buyerOfOurs] : [])];
  const rows = await db
    .select({ id: users.id, name: users.name, nickName: users.nickName, headImg: users.headImg })
    .from(users)
    .where(and(inArray(users.id, ids), or(...seen)));
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.nickName || r.name, avatar: r.headImg }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
