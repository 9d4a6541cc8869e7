import type { SessionContext } from '../../contracts/identity';
import { isInLibrary } from './find-library-item';
import { libraryRights } from './list-related-libraries';

/** Where a signed-in person stands with their current company's library, and a material in it. */
export interface LibraryStanding {
  /** The company has a library (its app is open). */
  open: boolean;
  canView: boolean;
  canPush: boolean;
  /** The material asked about is in the library (and still published). */
  inLibrary: boolean;
}

/**
 * The current company's library as this session may use it (docs/product/enterprise-library.md#who-may-use-it),
 * with whether `materialId` is in it: what the library page and a material's page offer. A personal company has
 * no library.
 */
export async function getLibraryStanding(session: SessionContext, materialId?: number, now: Date = new Date()): Promise<LibraryStanding> {
  const company = session.company;
  const none = { open: false, canView: false, canPush: false, inLibrary: false };
  if (!company || company.isPersonal) return none;
  const rights = (await libraryRights(session, [company], now)).get(company.id);
  if (!rights) return none;
  const inLibrary = materialId !== undefined && (rights.canView || rights.canPush) ? await isInLibrary(company.id, materialId) : false;
  return { open: true, ...rights, inLibrary };
}
