import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { failureMessage, PAGE_SIZE, type Page } from './api';
import type { PanelHeading } from './ui';

/** A reload keeps the rows on screen (and the focus on their buttons) until the new page arrives. */
export interface Listing<R> {
  data: Page<R> | null;
  loading: boolean;
  error: string;
}

/**
 * One page of a company list (members, roles) for a query the panel changes. `fetchPage` must keep its identity
 * across renders (a module function): a new one reloads the list.
 */
export function usePagedList<Q extends { page: number }, R>(t: ClientT, heading: PanelHeading, fetchPage: (query: Q) => Promise<Page<R>>, initial: Q) {
  const [query, setQuery] = useState<Q>(initial);
  const [listing, setListing] = useState<Listing<R>>({ data: null, loading: true, error: '' });
  // Answers can arrive out of order when someone pages quickly; only the latest request may fill the table.
  const latest = useRef(0);
  // Set when the row holding the focus is about to disappear (it was removed).
  const focusHeading = useRef(false);

  const load = useCallback(
    async (q: Q) => {
      const ticket = ++latest.current;
      setListing((current) => ({ ...current, loading: true, error: '' }));
      try {
        const data = await fetchPage(q);
        if (ticket !== latest.current) return;
        // The last row of the last page was removed: show the page before instead of an empty one.
        if (data.records.length === 0 && q.page > 1 && data.total > 0) {
          setQuery({ ...q, page: Math.ceil(data.total / PAGE_SIZE) });
          return;
        }
        setListing({ data, loading: false, error: '' });
        if (focusHeading.current) heading.ref.current?.focus();
      } catch (error) {
        if (ticket === latest.current) setListing({ data: null, loading: false, error: failureMessage(error, t) });
      }
      focusHeading.current = false;
    },
    [t, heading.ref, fetchPage],
  );

  useEffect(() => {
    void load(query);
  }, [query, load]);

  const reload = () => void load(query);
  return {
    query,
    setQuery,
    listing,
    reload,
    /** After a change: say what was done and show the list as it is now. */
    finish(message: string, removedRow = false) {
      focusHeading.current = removedRow;
      toast(ERROR_LEVEL.info, message);
      reload();
    },
  };
}
