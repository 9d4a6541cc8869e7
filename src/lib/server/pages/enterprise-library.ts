/**
 * The enterprise library page's load (docs/product/enterprise-library.md#the-pages): where the visitor stands with
 * their current company's library, one page of it under the words and category asked, and the other companies'
 * libraries they could switch to.
 */
import { LIBRARY_KEYWORD_MAX, LIBRARY_PAGE_SIZE, type LibraryPage, type RelatedLibrary } from '../../contracts/enterprise-library';
import type { SessionContext } from '../../contracts/identity';
import type { Lang } from '../../i18n';
import { pageFromUrl } from '../../paging';
import { getLibraryStanding } from '../enterprise-library/get-library-standing';
import { listLibraryMaterials } from '../enterprise-library/list-library-materials';
import { listRelatedLibraries } from '../enterprise-library/list-related-libraries';

/** The filter as the address gives it; anything out of bounds reads as no filter. */
export interface LibraryFilter {
  keyword: string;
  categoryId: number | undefined;
  page: number;
}

export type LibraryLoad =
  | { state: 'noCompany' | 'closed' | 'noRight'; others: RelatedLibrary[] }
  | { state: 'open'; filter: LibraryFilter; page: LibraryPage; pages: number; canPush: boolean; others: RelatedLibrary[] };

/** Pages of a library one can page through (10 000 materials at most, so 500 pages of 20). */
const PAGE_MAX = 500;

export function libraryFilterOf(url: URL): LibraryFilter {
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, LIBRARY_KEYWORD_MAX);
  const category = Number(url.searchParams.get('categoryId'));
  return { keyword, categoryId: Number.isSafeInteger(category) && category > 0 ? category : undefined, page: pageFromUrl(url, PAGE_MAX) };
}

export async function loadEnterpriseLibrary(session: SessionContext, url: URL, lang: Lang): Promise<LibraryLoad> {
  const others = (await listRelatedLibraries(session)).filter((l) => !l.isCurrent);
  if (!session.company || session.company.isPersonal) return { state: 'noCompany', others };
  const standing = await getLibraryStanding(session);
  if (!standing.open) return { state: 'closed', others };
  if (!standing.canView) return { state: 'noRight', others };
  const filter = libraryFilterOf(url);
  const page = await listLibraryMaterials(session.company.id, { page: filter.page, size: LIBRARY_PAGE_SIZE, keyword: filter.keyword || undefined, categoryId: filter.categoryId }, lang);
  return { state: 'open', filter, page, pages: Math.max(1, Math.min(PAGE_MAX, Math.ceil(page.total / LIBRARY_PAGE_SIZE))), canPush: standing.canPush, others };
}

/** The library page's address for a filter (only what is set). */
export function libraryHref(filter: Partial<LibraryFilter>): string {
  const q = new URLSearchParams();
  if (filter.keyword) q.set('keyword', filter.keyword);
  if (filter.categoryId) q.set('categoryId', String(filter.categoryId));
  if (filter.page && filter.page > 1) q.set('page', String(filter.page));
  const query = q.toString();
  return query ? `/enterprise-library?${query}` : '/enterprise-library';
}
