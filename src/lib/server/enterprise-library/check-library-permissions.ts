import type { LibraryPermission } from '../../contracts/enterprise-library';
import type { SessionContext } from '../../contracts/identity';
import { libraryRights } from './list-related-libraries';

/**
 * Per company id asked, in the order asked, whether the caller may view and push in that company's library
 * (docs/product/enterprise-library.md#who-may-use-it). A company they do not work in, an unknown id, or one whose
 * library is not open answers false for both, so the answer tells nothing about companies the caller is not in.
 */
export async function checkLibraryPermissions(session: SessionContext, companyIds: number[], now: Date = new Date()): Promise<LibraryPermission[]> {
  const mine = session.companies.filter((c) => companyIds.includes(c.id));
  const rights = await libraryRights(session, mine, now);
  return companyIds.map((companyId) => ({ companyId, canView: rights.get(companyId)?.canView ?? false, canPush: rights.get(companyId)?.canPush ?? false }));
}
