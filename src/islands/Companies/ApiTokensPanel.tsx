import { useState } from 'react';
import { API_DOCS_URL, apiTokensApi, type ApiToken } from '../../lib/api/integrations-api-tokens';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { PAGE_SIZE } from './api';
import { ApiTokenForm } from './ApiTokenForm';
import styles from './Companies.module.css';
import { PagedTable } from './PagedTable';
import { confirmWords, Panel, RowAction, usePanelHeading } from './ui';
import { usePagedList } from './usePagedList';

interface Props {
  t: ClientT;
  ready: boolean;
  lang: string;
  offset: string;
}

type Dialog = { kind: 'create' } | { kind: 'revoke'; token: ApiToken } | null;

const pageTokens = (q: { page: number }) => apiTokensApi.page(q.page, PAGE_SIZE);

/** The API tokens tab (docs/product/integrations.md#api-tokens): the company's tokens, newest first, revoked ones kept. */
export function ApiTokensPanel({ t, ready, lang, offset }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.apiTokens.${key}`, vars);
  const heading = usePanelHeading();
  const { query, setQuery, listing, reload, finish } = usePagedList(t, heading, pageTokens, { page: 1 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const time = (iso: string) => <time dateTime={iso}>{formatTime(iso, lang, offset)}</time>;

  const close = () => setDialog(null);
  const returnFocus = () => heading.ref.current;
  const done = (message: string) => {
    setDialog(null);
    finish(message);
  };

  return (
    <Panel heading={heading} title={w('heading')} action={w('create')} disabled={!ready} onAction={() => setDialog({ kind: 'create' })}>
      <p className={styles.intro}>
        {w('intro')} <a href={API_DOCS_URL}>{w('docs')}</a>
      </p>

      <PagedTable
        t={t}
        words={w}
        listing={listing}
        filtered={false}
        page={query.page}
        onPage={(page) => setQuery({ page })}
        onRetry={reload}
        columns={[{ key: 'name' }, { key: 'scopes' }, { key: 'createdBy' }, { key: 'lastUsed' }, { key: 'state' }]}
        row={(token) => (
          <tr key={token.id}>
            <th scope="row">
              {token.name}
              <span className={styles.permissionNames}>{w('ending', { hint: token.hint })}</span>
            </th>
            <td>
              <span className={styles.permissionNames}>{token.scopes.map((scope) => w(`scope.${scope}.label`)).join(t('companies.common.listSeparator'))}</span>
            </td>
            <td>
              {token.createdBy || '—'}
              <span className={styles.permissionNames}>{time(token.createdAt)}</span>
            </td>
            <td>{token.lastUsedAt ? time(token.lastUsedAt) : w('neverUsed')}</td>
            <td>
              {token.revokedAt ? (
                <span className={styles.muted}>{w('revokedAt', { time: formatTime(token.revokedAt, lang, offset) })}</span>
              ) : token.expiresAt && Date.parse(token.expiresAt) <= Date.now() ? (
                <span className={styles.muted}>{w('expiredAt', { time: formatTime(token.expiresAt, lang, offset) })}</span>
              ) : (
                w('live')
              )}
              {!token.revokedAt && token.expiresAt && Date.parse(token.expiresAt) > Date.now() && <span className={styles.permissionNames}>{w('expiresAt', { time: formatTime(token.expiresAt, lang, offset) })}</span>}
            </td>
            <td>
              <div className={styles.rowActions}>
                {!token.revokedAt && <RowAction label={w('revoke')} name={w('revokeLabel', { name: token.name })} danger disabled={!ready} onClick={() => setDialog({ kind: 'revoke', token })} />}
              </div>
            </td>
          </tr>
        )}
      />

      {dialog?.kind === 'create' && <ApiTokenForm t={t} onDone={done} onClose={close} returnFocus={returnFocus} />}
      {dialog?.kind === 'revoke' && (
        <ConfirmDialog
          {...confirmWords(t)}
          title={w('revokeTitle')}
          text={w('revokeText', { name: dialog.token.name })}
          confirmLabel={w('revoke')}
          busyLabel={w('revoking')}
          onConfirm={async () => {
            await apiTokensApi.revoke(dialog.token.id);
            done(w('revoked', { name: dialog.token.name }));
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </Panel>
  );
}
