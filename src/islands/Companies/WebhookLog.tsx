import { useCallback, useEffect, useState } from 'react';
import { webhooksApi, type WebhookDelivery, type WebhookEndpoint } from '../../lib/api/integrations-webhooks';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { LiveStatus } from '../shared/forms';
import { Modal } from '../shared/Modal';
import { Pager } from '../shared/Pager';
import { failureMessage, type Page } from './api';
import styles from './Companies.module.css';
import { LoadError, pagerText } from './ui';

const LOG_PAGE = 10;
/** While a delivery on the page is still being tried, the log looks again this often. */
const REFRESH_MS = 3_000;

interface Props {
  t: ClientT;
  endpoint: WebhookEndpoint;
  lang: string;
  offset: string;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

/**
 * An endpoint's delivery log (docs/product/integrations.md#delivery-log): newest first, each delivery with every try,
 * its status code or why no answer came, and the body that was sent. "Send test" adds a delivery; a failed one can
 * be sent again. The page follows deliveries still being tried.
 */
export function WebhookLog({ t, endpoint, lang, offset, onClose, returnFocus }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.webhooks.${key}`, vars);
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<{ data: Page<WebhookDelivery> | null; loading: boolean; error: string }>({ data: null, loading: true, error: '' });
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const time = (iso: string) => <time dateTime={iso}>{formatTime(iso, lang, offset)}</time>;

  const load = useCallback(async () => {
    setLog((current) => ({ ...current, loading: true, error: '' }));
    try {
      setLog({ data: await webhooksApi.deliveries(endpoint.id, page, LOG_PAGE), loading: false, error: '' });
    } catch (error) {
      setLog({ data: null, loading: false, error: failureMessage(error, t) });
    }
  }, [endpoint.id, page, t]);

  useEffect(() => {
    void load();
  }, [load]);
  const pending = log.data?.records.some((d) => d.state === 'pending') ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void load(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, log.data, load]);

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      setStatus(done);
      if (page === 1) await load();
      else setPage(1);
    } catch (error) {
      setStatus(failureMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  const stateText = (d: WebhookDelivery) =>
    d.state === 'delivered' ? w('state.delivered') : d.state === 'failed' ? w('state.failed') : d.nextAttemptAt ? w('state.retrying', { time: formatTime(d.nextAttemptAt, lang, offset) }) : w('state.pending');

  return (
    <Modal title={w('logTitle', { url: endpoint.url })} wide onClose={onClose} fallbackFocus={returnFocus}>
      <div className={styles.logBody}>
        <div className={styles.logTools}>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act(() => webhooksApi.test(endpoint.id), w('testSent'))}>
            {w('sendTest')}
          </button>
          <span className={styles.logActions}>
            <button type="button" className="btn btn-ghost" disabled={log.loading} onClick={() => void load()}>
              {w('refresh')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {w('close')}
            </button>
          </span>
        </div>
        <LiveStatus message={status || (log.data ? w('deliveriesTotal', { count: log.data.total }) : log.loading ? w('loadingLog') : '')} className={styles.summary} />
        {log.error && <LoadError t={t} message={log.error} onRetry={() => void load()} />}
        {log.data && log.data.records.length === 0 && <p className={styles.muted}>{w('noDeliveries')}</p>}
        {log.data && log.data.records.length > 0 && (
          <ul className={styles.deliveryList} aria-busy={log.loading || undefined}>
            {log.data.records.map((d) => {
              const last = d.attempts.at(-1);
              return (
                <li key={d.id}>
                  <details className={styles.delivery}>
                    <summary>
                      <code>{d.event}</code>
                      <span>{time(d.createdAt)}</span>
                      <strong data-state={d.state}>{stateText(d)}</strong>
                      <span>{w('attemptsCount', { count: d.attempts.length })}</span>
                      {last && <span>{last.statusCode === null ? w('noAnswer') : `HTTP ${last.statusCode}`}</span>}
                    </summary>
                    <table className={styles.attempts}>
                      <caption className="sr-only">{w('attemptsCaption')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">{w('columns.at')}</th>
                          <th scope="col">{w('columns.status')}</th>
                          <th scope="col">{w('columns.duration')}</th>
                          <th scope="col">{w('columns.answer')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.attempts.map((a) => (
                          <tr key={a.attempt}>
                            <td className={styles.nowrap}>{a.attempt}</td>
                            <td>{time(a.at)}</td>
                            <td className={styles.nowrap}>{a.statusCode ?? '—'}</td>
                            <td className={styles.nowrap}>{w('ms', { ms: a.durationMs })}</td>
                            {/* A status says itself; without one, the system's own words say why (a refused address, a timeout). */}
                            <td>{a.statusCode === null ? `${w('noAnswer')}: ${a.error ?? ''}` : a.response || '—'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    <p className={styles.muted}>{w('eventId', { id: d.eventId })}</p>
                    <pre className={styles.deliveryBody}>{d.body}</pre>
                    {d.state === 'failed' && (
                      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act(() => webhooksApi.redeliver(d.id), w('redelivered'))}>
                        {w('redeliver')}
                      </button>
                    )}
                  </details>
                </li>
              );
            })}
          </ul>
        )}
        {log.data && <Pager label={w('logPagination')} page={page} size={LOG_PAGE} total={log.data.total} onPage={setPage} text={pagerText(t)} />}
      </div>
    </Modal>
  );
}
