import { and, count, eq, inArray } from 'drizzle-orm';
import { LIBRARY_MANAGE, LIBRARY_VIEW, type LibraryPermission, type RelatedLibrary } from '../../contracts/enterprise-library';
import type { SessionCompany, SessionContext } from '../../contracts/identity';
import { getDb } from '../db/client';
import { enterpriseLibraryItems, materials } from '../db/schema';
import { resolvePermissions } from '../identity/resolve-permissions';
import { visibleMaterial } from '../materials/published-material';
import { companiesWithLibrary } from './check-library-open';

/** What the caller may do with each of these companies' libraries: only where they work, and the library is open. */
export async function libraryRights(session: SessionContext, asked: readonly SessionCompany[], now: Date = new Date()): Promise<Map<number, Omit<LibraryPermission, 'companyId'>>> {
  const open = await companiesWithLibrary(asked.map((c) => c.id), now);
  const rights = new Map<number, Omit<LibraryPermission, 'companyId'>>();
  for (const company of asked) {
    if (!open.has(company.id)) continue;
    // The session already knows its current company's codes; other companies' are resolved as a session there would.
    const codes = company.id === session.company?.id ? session.permissions : await resolvePermissions(session.user, company);
    rights.set(company.id, { canView: codes.includes(LIBRARY_VIEW), canPush: codes.includes(LIBRARY_MANAGE) });
  }
  return rights;
}

/**
 * The libraries the caller can use (docs/product/enterprise-library.md#who-may-use-it): every company they work in
 * whose library is open and where they hold a library code, current company first, with how many published
 * materials each holds.
 */
export async function listRelatedLibraries(session: SessionContext, now: Date = new Date()): Promise<RelatedLibrary[]> {
  const rights = await libraryRights(session, session.companies, now);
  const usable = session.companies.filter((c) => {
    const r = rights.get(c.id);
    return r !== undefined && (r.canView || r.canPush);
  });
  if (usable.length === 0) return [];
  const counts = await getDb()
    .select({ companyId: enterpriseLibraryItems.companyId, n: count() })
    .from(enterpriseLibraryItems)
    .innerJoin(materials, eq(materials.id, enterpriseLibraryItems.materialId))
    .where(and(inArray(enterpriseLibraryItems.companyId, usable.map((c) => c.id)), visibleMaterial))
    .groupBy(enterpriseLibraryItems.companyId);
  const held = new Map(counts.map((c) => [c.companyId, c.n]));
  const current = session.company?.id;
  return usable
    .map((c) => ({ companyId: c.id, companyName: c.name, logo: c.logo, isCurrent: c.id === current, canView: rights.get(c.id)?.canView ?? false, canPush: rights.get(c.id)?.canPush ?? false, itemCount: held.get(c.id) ?? 0 }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}
