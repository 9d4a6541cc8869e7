import { count, desc, eq } from 'drizzle-orm';
import type { ApiToken, ApiTokenScope } from '../../contracts/integrations-api-tokens';
import { getDb } from '../db/client';
import { apiTokens, users } from '../db/schema';

type Row = typeof apiTokens.$inferSelect & { creatorName: string | null };

export const toApiToken = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as ApiTokenScope[],
  hint: row.hint,
  createdBy: row.creatorName ?? '',
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** One page of a company's API tokens, newest first, revoked ones included (they show when they stopped). */
export async function listApiTokens(companyId: number, page: number, size: number): Promise<{ records: ApiToken[]; total: number }> {
  const db = getDb();
  const where = eq(apiTokens.companyId, companyId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(apiTokens).where(where);
  const rows = await db
    .select({ token: apiTokens, creatorName: users.name, creatorAccount: users.account })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(where)
    .orderBy(desc(apiTokens.id))
    .limit(size)
    .offset((page - 1) * size);
  return { total, records: rows.map((r) => toApiToken({ ...r.token, creatorName: r.creatorName || r.creatorAccount })) };
}
