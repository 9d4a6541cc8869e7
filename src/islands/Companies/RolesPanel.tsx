import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { PERMISSIONS } from '../../lib/permission-codes';
import { failureMessage, LIMITS, orgApi, PAGE_SIZE, type Page, type Role } from './api';
import styles from './Companies.module.css';
import { RoleForm } from './RoleForm';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Pager } from '../shared/Pager';
import { confirmWords, LoadError, pagerText } from './ui';

interface Props {
  t: ClientT;
  ready: boolean;
  locale: string;
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; role: Role } | null;

interface Listing {
  data: Page<Role> | null;
  loading: boolean;
  error: string;
}

/** §7 pageAuthAppRoles and the role editor: the company's roles, newest first, with how many members hold each. */
export function RolesPanel({ t, ready, locale }: Props) {
  const r = (key: string, vars?: Record<string, string | number>) => t(`companies.roles.${key}`, vars);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [query, setQuery] = useState({ page: 1, keyword: '' });
  const [draft, setDraft] = useState('');
  const [roles, setRoles] = useState<Listing>({ data: null, loading: true, error: '' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const latest = useRef(0);
  const focusHeading = useRef(false);
  const modified = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const labelOf = new Map<string, string>(PERMISSIONS.map((p) => [p.code, t(`companies.permissions.${p.key}.label`)]));

  const load = useCallback(
    async (q: { page: number; keyword: string }) => {
      const ticket = ++latest.current;
      setRoles((current) => ({ ...current, loading: true, error: '' }));
      try {
        const data = await orgApi.pageRoles(q.page, q.keyword);
        if (ticket !== latest.current) return;
        if (data.records.length === 0 && q.page > 1 && data.total > 0) {
          setQuery({ ...q, page: Math.ceil(data.total / PAGE_SIZE) });
          return;
        }
        setRoles({ data, loading: false, error: '' });
        if (focusHeading.current) headingRef.current?.focus();
      } catch (error) {
        if (ticket === latest.current) setRoles({ data: null, loading: false, error: failureMessage(error, t) });
      }
      focusHeading.current = false;
    },
    [t],
  );

  useEffect(() => {
    void load(query);
  }, [query, load]);

  const reload = () => void load(query);
  const close = () => setDialog(null);
  const returnFocus = () => headingRef.current;
  const done = (message: string) => {
    setDialog(null);
    toast(ERROR_LEVEL.info, message);
    reload();
  };

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ page: 1, keyword: draft.trim() });
  }

  const summary = roles.loading
    ? t('companies.common.loading')
    : roles.data
      ? roles.data.total === 0
        ? query.keyword
          ? r('noMatch')
          : r('empty')
        : r('total', { count: roles.data.total })
      : '';

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {r('heading')}
        </h2>
        <button type="button" className="btn btn-primary" disabled={!ready} onClick={() => setDialog({ kind: 'create' })}>
          {r('create')}
        </button>
      </div>
      <p className={styles.intro}>{r('intro')}</p>

      <div className={styles.toolbar}>
        <form role="search" aria-label={r('searchLabel')} className={styles.search} onSubmit={search}>
          <label htmlFor={`${headingId}-keyword`} className="sr-only">
            {r('searchLabel')}
          </label>
          <input id={`${headingId}-keyword`} type="search" value={draft} maxLength={LIMITS.keyword} placeholder={r('searchPlaceholder')} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="btn btn-secondary" disabled={!ready}>
            {t('companies.common.search')}
          </button>
        </form>
      </div>

      {roles.error && <LoadError t={t} message={roles.error} onRetry={reload} />}
      <p role="status" className={summary ? styles.summary : 'sr-only'}>
        {summary}
      </p>
      {roles.data && roles.data.records.length > 0 && (
        <div className={styles.tableWrap} aria-busy={roles.loading || undefined}>
          <table className={styles.table}>
            <caption className="sr-only">{r('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{r('columns.name')}</th>
                <th scope="col">{r('columns.description')}</th>
                <th scope="col">{r('columns.permissions')}</th>
                <th scope="col" className={styles.number}>
                  {r('columns.members')}
                </th>
                <th scope="col">{r('columns.modified')}</th>
                <th scope="col">{t('companies.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {roles.data.records.map((role) => (
                <tr key={role.id}>
                  <th scope="row">{role.name}</th>
                  <td className={styles.description}>{role.description || '—'}</td>
                  <td>
                    <span className={styles.count}>{r('permissionCount', { count: role.permissions.length })}</span>
                    {role.permissions.length > 0 && (
                      <span className={styles.permissionNames}>
                        {role.permissions.map((code) => labelOf.get(code) ?? code).join(t('companies.common.listSeparator'))}
                      </span>
                    )}
                  </td>
                  <td className={styles.number}>{role.memberCount}</td>
                  <td>
                    <time dateTime={role.gmtModifyTime}>{modified.format(new Date(role.gmtModifyTime))}</time>
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      <button type="button" className="btn btn-ghost" aria-label={r('editLabel', { name: role.name })} disabled={!ready} onClick={() => setDialog({ kind: 'edit', role })}>
                        {r('edit')}
                      </button>
                      <button
                        type="button"
                        className={`btn btn-ghost ${styles.dangerText}`}
                        aria-label={r('deleteLabel', { name: role.name })}
                        disabled={!ready}
                        onClick={() => setDialog({ kind: 'delete', role })}
                      >
                        {r('delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {roles.data && <Pager text={pagerText(t)} label={r('pagination')} page={query.page} size={PAGE_SIZE} total={roles.data.total} onPage={(page) => setQuery({ ...query, page })} />}

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
            focusHeading.current = true;
            done(r('deleted', { name: dialog.role.name }));
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </section>
  );
}
