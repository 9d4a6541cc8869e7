import { SAMPLE_REQUEST_STATES, type SampleRequestState } from '../../contracts/sampling-requests-rules';
import { pageFromUrl } from '../../paging';

export const REQUESTS_PAGE_SIZE = 10;

/**
 * The state tab and page of a request list's URL, and the one request a link from the news asks for (`id`); anything
 * unknown falls back to all states, page 1.
 */
export function requestListQuery(url: URL): { state: SampleRequestState | undefined; page: number; id: number | undefined } {
  const state = url.searchParams.get('state');
  const id = Number(url.searchParams.get('id'));
  return {
    id: Number.isSafeInteger(id) && id > 0 ? id : undefined,
    state: (SAMPLE_REQUEST_STATES as readonly string[]).includes(state ?? '') ? (state as SampleRequestState) : undefined,
    page: pageFromUrl(url, 10_000),
  };
}
