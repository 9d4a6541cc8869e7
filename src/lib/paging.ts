/** A server-paged list's page number from its URL: a whole number from 1 to `max`, else the first page. */
export function pageFromUrl(url: URL, max: number): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}

/**
 * The address of one page of a server-paged list (what `Pager` links to): the list's filters, then `page` unless
 * it is the first. Empty filters and page 1 stay out of the URL, so a list's first page has a single address.
 */
export function pagedHref(path: string, filters: Record<string, string | undefined>, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
