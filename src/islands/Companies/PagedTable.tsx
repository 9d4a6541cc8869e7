import type { ReactNode } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { LiveStatus } from '../shared/forms';
import { Pager } from '../shared/Pager';
import { PAGE_SIZE } from './api';
import styles from './Companies.module.css';
import { LoadError, pagerText } from './ui';
import type { Listing } from './usePagedList';

type Words = (key: string, vars?: Record<string, string | number>) => string;

interface PagedTableProps<R> {
  t: ClientT;
  /** The tab's own messages: `caption`, `pagination`, `empty`, `noMatch`, `total` and `columns.<key>`. */
  words: Words;
  listing: Listing<R>;
  /** A search or a filter is on: an empty list then means no match rather than nothing yet. */
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** The columns before the actions column; a numeric one lines up at the end. */
  columns: { key: string; numeric?: boolean }[];
  /** One `<tr>` per record, keyed. */
  row: (record: R) => ReactNode;
}

/**
 * A tab's list: a failed load with its retry, how many rows there are (a live region, always in the page), the
 * table (dimmed while the next page loads, so the rows and the focus stay until it arrives) and its pager.
 */
export function PagedTable<R>({ t, words, listing, filtered, page, onPage, onRetry, columns, row }: PagedTableProps<R>) {
  const { data } = listing;
  return (
    <>
      {listing.error && <LoadError t={t} message={listing.error} onRetry={onRetry} />}
      <LiveStatus message={statusText(t, words, listing, filtered)} className={styles.summary} />
      {data && data.records.length > 0 && (
        <div className={styles.tableWrap} aria-busy={listing.loading || undefined}>
          <table className={styles.table}>
            <caption className="sr-only">{words('caption')}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.numeric ? styles.number : undefined}>
                    {words(`columns.${column.key}`)}
                  </th>
                ))}
                <th scope="col">{t('companies.common.actions')}</th>
              </tr>
            </thead>
            <tbody>{data.records.map(row)}</tbody>
          </table>
        </div>
      )}
      {data && <Pager text={pagerText(t)} label={words('pagination')} page={page} size={PAGE_SIZE} total={data.total} onPage={onPage} />}
    </>
  );
}

function statusText(t: ClientT, words: Words, listing: Listing<unknown>, filtered: boolean): string {
  if (listing.loading) return t('companies.common.loading');
  if (!listing.data) return '';
  if (listing.data.total > 0) return words('total', { count: listing.data.total });
  return filtered ? words('noMatch') : words('empty');
}
