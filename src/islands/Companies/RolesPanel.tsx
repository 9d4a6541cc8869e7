import { useState } from 'react';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { PERMISSIONS } from '../../lib/permission-codes';
import { LIMITS, orgApi, type Role } from './api';
import styles from './Companies.module.css';
import { RoleForm } from './RoleForm';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { confirmWords, Panel, RowAction, SearchForm, usePanelHeading } from './ui';
import { PagedTable } from './PagedTable';
import { usePagedList } from './usePagedList';

interface Props {
  t: ClientT;
  ready: boolean;
  lang: string;
  offset: string;
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; role: Role } | null;

const pageRoles = (q: { page: number; keyword: string }) => orgApi.pageRoles(q.page, q.keyword);

/** The roles tab and the role editor: the company's roles, newest first, with how many members hold each. */
export function RolesPanel({ t, ready, lang, offset }: Props) {
  const r = (key: string, vars?: Record<string, string | number>) => t(`companies.roles.${key}`, vars);
  const heading = usePanelHeading();
  const { query, setQuery, listing: roles, reload, finish } = usePagedList(t, heading, pageRoles, { page: 1, keyword: '' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const labelOf = new Map<string, string>(PERMISSIONS.map((p) => [p.code, t(`companies.permissions.${p.key}.label`)]));

  const close = () => setDialog(null);
  const returnFocus = () => heading.ref.current;
  const done = (message: string, removedRow = false) => {
    setDialog(null);
    finish(message, removedRow);
  };

  return (
    <Panel heading={heading} title={r('heading')} action={r('create')} disabled={!ready} onAction={() => setDialog({ kind: 'create' })}>
      <p className={styles.intro}>{r('intro')}</p>

      <div className={styles.toolbar}>
        <SearchForm t={t} id={`${heading.id}-keyword`} words={r} maxLength={LIMITS.keyword} ready={ready} onSearch={(keyword) => setQuery({ page: 1, keyword })} />
      </div>

      <PagedTable
        t={t}
        words={r}
        listing={roles}
        filtered={query.keyword !== ''}
        page={query.page}
        onPage={(page) => setQuery({ ...query, page })}
        onRetry={reload}
        columns={[{ key: 'name' }, { key: 'description' }, { key: 'permissions' }, { key: 'members', numeric: true }, { key: 'modified' }]}
        row={(role) => (
          <tr key={role.id}>
            <th scope="row">{role.name}</th>
            <td className={styles.description}>{role.description || '—'}</td>
            <td>
              <span className={styles.count}>{r('permissionCount', { count: role.permissions.length })}</span>
              {role.permissions.length > 0 && (
                <span className={styles.permissionNames}>{role.permissions.map((code) => labelOf.get(code) ?? code).join(t('companies.common.listSeparator'))}</span>
              )}
            </td>
            <td className={styles.number}>{role.memberCount}</td>
            <td>
              <time dateTime={role.gmtModifyTime}>{formatTime(role.gmtModifyTime, lang, offset)}</time>
            </td>
            <td>
              <div className={styles.rowActions}>
                <RowAction label={r('edit')} name={r('editLabel', { name: role.name })} disabled={!ready} onClick={() => setDialog({ kind: 'edit', role })} />
                <RowAction label={r('delete')} name={r('deleteLabel', { name: role.name })} danger disabled={!ready} onClick={() => setDialog({ kind: 'delete', role })} />
              </div>
            </td>
          </tr>
        )}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <RoleForm t={t} role={dialog.kind === 'edit' ? dialog.role : undefined} onDone={done} onClose={close} returnFocus={returnFocus} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          {...confirmWords(t)}
          title={r('deleteTitle')}
          text={dialog.role.memberCount > 0 ? r('deleteTextHeld', { name: dialog.role.name, count: dialog.role.memberCount }) : r('deleteText', { name: dialog.role.name })}
          confirmLabel={r('delete')}
          busyLabel={t('companies.common.deleting')}
          onConfirm={async () => {
            await orgApi.deleteRole(dialog.role.id);
            done(r('deleted', { name: dialog.role.name }), true);
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </Panel>
  );
}
