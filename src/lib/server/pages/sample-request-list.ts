import { SAMPLE_REQUEST_STATES, type SampleRequestState } from '../../contracts/sampling-requests-rules';
import { pageFromUrl } from '../../paging';

export const REQUESTS_PAGE_SIZE = 10;

/** The state tab and page of a request list's URL; anything unknown falls back to all states, page 1. */
export function requestListQuery(url: URL): { state: SampleRequestState | undefined; page: number } {
  const state = url.searchParams.get('state');
  return {
    state: (SAMPLE_REQUEST_STATES as readonly string[]).includes(state ?? '') ? (state as SampleRequestState) : undefined,
    page: pageFromUrl(url, 10_000),
  };
}
