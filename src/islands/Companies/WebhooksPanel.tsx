import { useState } from 'react';
import { webhooksApi, type WebhookEndpoint } from '../../lib/api/integrations-webhooks';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { PAGE_SIZE } from './api';
import styles from './Companies.module.css';
import { PagedTable } from './PagedTable';
import { confirmWords, Panel, RowAction, usePanelHeading } from './ui';
import { usePagedList } from './usePagedList';
import { WebhookForm } from './WebhookForm';
import { WebhookLog } from './WebhookLog';

interface Props {
  t: ClientT;
  ready: boolean;
  lang: string;
  offset: string;
  /** Where receivers learn to check a delivery's signature. */
  guideUrl: string;
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'log' | 'delete'; endpoint: WebhookEndpoint } | null;

const pageEndpoints = (q: { page: number }) => webhooksApi.page(q.page, PAGE_SIZE);

/** The webhooks tab (docs/product/integrations.md#webhooks): the company's endpoints, their events and newest delivery. */
export function WebhooksPanel({ t, ready, lang, offset, guideUrl }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.webhooks.${key}`, vars);
  const heading = usePanelHeading();
  const { query, setQuery, listing, reload, finish } = usePagedList(t, heading, pageEndpoints, { page: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);

  const close = () => setDialog(null);
  const returnFocus = () => heading.ref.current;
  const done = (message: string, removed = false) => {
    setDialog(null);
    finish(message, removed);
  };
  const closeLog = () => {
    setDialog(null);
    reload();
  };

  return (
    <Panel heading={heading} title={w('heading')} action={w('create')} disabled={!ready} onAction={() => setDialog({ kind: 'create' })}>
      <p className={styles.intro}>
        {w('intro')} <a href={guideUrl}>{w('guide')}</a>
      </p>

      <PagedTable
        t={t}
        words={w}
        listing={listing}
        filtered={false}
        page={query.page}
        onPage={(page) => setQuery({ page })}
        onRetry={reload}
        columns={[{ key: 'url' }, { key: 'events' }, { key: 'lastDelivery' }, { key: 'state' }]}
        row={(endpoint) => {
          const last = endpoint.lastDelivery;
          const name = endpoint.description || endpoint.url;
          return (
            <tr key={endpoint.id}>
              <th scope="row">
                <span className={styles.endpointUrl}>{endpoint.url}</span>
                {endpoint.description && <span className={styles.permissionNames}>{endpoint.description}</span>}
              </th>
              <td className={styles.eventsCell}>
                <span className={styles.permissionNames}>{endpoint.events.map((e) => w(`event.${e}`)).join(t('companies.common.listSeparator'))}</span>
              </td>
              <td>
                {last ? (
                  <>
                    {w(`state.${last.state}`)}
                    {last.statusCode !== null && ` · HTTP ${last.statusCode}`}
                    <span className={styles.permissionNames}>
                      <time dateTime={last.at}>{formatTime(last.at, lang, offset)}</time>
                    </span>
                  </>
                ) : (
                  w('never')
                )}
              </td>
              <td>{endpoint.active ? w('active') : <span className={styles.muted}>{w('paused')}</span>}</td>
              <td>
                <div className={styles.rowActions}>
                  <RowAction label={w('log')} name={w('logLabel', { name })} disabled={!ready} onClick={() => setDialog({ kind: 'log', endpoint })} />
                  <RowAction label={w('edit')} name={w('editLabel', { name })} disabled={!ready} onClick={() => setDialog({ kind: 'edit', endpoint })} />
                  <RowAction label={w('delete')} name={w('deleteLabel', { name })} danger disabled={!ready} onClick={() => setDialog({ kind: 'delete', endpoint })} />
                </div>
              </td>
            </tr>
          );
        }}
      />

      {dialog?.kind === 'create' && <WebhookForm t={t} endpoint={null} onDone={done} onClose={close} returnFocus={returnFocus} />}
      {dialog?.kind === 'edit' && <WebhookForm t={t} endpoint={dialog.endpoint} onDone={done} onClose={close} returnFocus={returnFocus} />}
      {dialog?.kind === 'log' && <WebhookLog t={t} endpoint={dialog.endpoint} lang={lang} offset={offset} onClose={closeLog} returnFocus={returnFocus} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          {...confirmWords(t)}
          title={w('deleteTitle')}
          text={w('deleteText', { url: dialog.endpoint.url })}
          confirmLabel={w('delete')}
          busyLabel={w('deleting')}
          onConfirm={async () => {
            await webhooksApi.remove(dialog.endpoint.id);
            done(w('deleted', { url: dialog.endpoint.url }), true);
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </Panel>
  );
}
