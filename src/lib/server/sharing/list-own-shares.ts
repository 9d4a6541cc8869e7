import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ShareKind } from '../../contracts/sharing';
import { getDb } from '../db/client';
import { shares } from '../db/schema';

export type OwnShare = {
  shareId: string;
  kind: ShareKind;
  type: 1 | 2;
  code: string | null;
  validityType: number;
  viewRange: number;
  isSync: 0 | 1;
  introduction: string;
  materialCount: number;
  /** Openings of its landing by others. */
  views: number;
  expiresAt: string | null;
  createdAt: string;
  /** Still opens (not yet expired at `now`). */
  live: boolean;
};

/** The caller's shares, newest first (docs/product/routes.md#routes /main/share): each with its settings, its code and whether it still opens. */
export async function listOwnShares(userId: number, page: { page: number; size: number }, now: Date = new Date()): Promise<{ records: OwnShare[]; total: number }> {
  const db = getDb();
  const mine = and(eq(shares.ownerUserId, userId), isNull(shares.deletedAt));
  const [rows, [total]] = await Promise.all([
    db.select().from(shares).where(mine).orderBy(desc(shares.createdAt)).limit(page.size).offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(shares).where(mine),
  ]);
  return {
    total: total?.n ?? 0,
    records: rows.map((r) => ({
      shareId: r.id,
      kind: r.kind as ShareKind,
      type: r.type === 2 ? 2 : 1,
      code: r.code,
      validityType: r.validityType,
      viewRange: r.viewRange,
      isSync: r.isSync === 1 ? 1 : 0,
      introduction: r.introduction,
      materialCount: r.kind === 'folder' && r.isSync === 1 ? 0 : (r.snapshot?.materials.length ?? r.materialIds.length),
      views: r.views,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      live: r.expiresAt === null || r.expiresAt.getTime() > now.getTime(),
    })),
  };
}
