import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { failureMessage, isConflict, LIMITS, orgApi, type DepartmentNode, type Member, type Role } from './api';
import { MemberForm } from './MemberForm';
import { PendingInvitations } from './PendingInvitations';
import styles from './Companies.module.css';
import { findDepartment } from './tree';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { confirmWords, departmentOptions, LoadError, Panel, RowAction, SearchForm, usePanelHeading } from './ui';
import { PagedTable } from './PagedTable';
import { usePagedList } from './usePagedList';

interface Props {
  t: ClientT;
  ready: boolean;
  currentUserId: number;
  lang: string;
  offset: string;
  /** A department to filter by from the start (the departments tab links here with one). */
  initialDepartmentId: number | null;
}

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; data: T };
type Dialog = { kind: 'add' } | { kind: 'edit' | 'disable' | 'remove'; member: Member } | null;

interface Query {
  page: number;
  keyword: string;
  departmentId: number | null;
}

const pageMembers = (q: Query) => orgApi.pageMembers(q.page, q.keyword, q.departmentId);

/** The members tab and the member actions: a searchable, filterable page of the current company's members. */
export function MembersPanel({ t, ready, currentUserId, lang, offset, initialDepartmentId }: Props) {
  const m = (key: string, vars?: Record<string, string | number>) => t(`companies.members.${key}`, vars);
  const heading = usePanelHeading();
  const { query, setQuery, listing: members, reload, finish } = usePagedList(t, heading, pageMembers, { page: 1, keyword: '', departmentId: initialDepartmentId });
  const [options, setOptions] = useState<Load<{ roles: Role[]; departments: DepartmentNode[] }>>({ state: 'loading' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [invitationsVersion, setInvitationsVersion] = useState(0);

  const loadOptions = useCallback(async () => {
    setOptions({ state: 'loading' });
    try {
      const [roles, departments] = await Promise.all([orgApi.allRoles(), orgApi.departments()]);
      setOptions({ state: 'done', data: { roles, departments } });
    } catch (error) {
      setOptions({ state: 'failed', message: failureMessage(error, t) });
    }
  }, [t]);

  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  // A department named by the URL that is not (or no longer) the company's: the select could not show it.
  useEffect(() => {
    if (options.state === 'done' && query.departmentId !== null && !findDepartment(options.data.departments, query.departmentId)) {
      setQuery((q) => ({ ...q, page: 1, departmentId: null }));
    }
  }, [options, query.departmentId, setQuery]);

  const close = () => setDialog(null);
  const returnFocus = () => heading.ref.current;
  const done = (message: string, removedRow = false) => {
    setDialog(null);
    finish(message, removedRow);
  };

  async function enable(member: Member) {
    setBusyId(member.userId);
    try {
      await orgApi.setMemberForbidden(member.userId, false);
      done(m('enabled', { name: nameOf(member) }));
    } catch (error) {
      toast(ERROR_LEVEL.error, failureMessage(error, t));
    } finally {
      setBusyId(null);
    }
  }

  /** The server refuses both for the same code; which of its two rules applied is plain from who was chosen. */
  const explainAccess = (member: Member) => (error: unknown) => (isConflict(error) ? (member.userId === currentUserId ? m('cannotSelf') : m('lastAdmin')) : undefined);

  const departments = options.state === 'done' ? options.data.departments : [];

  return (
    <Panel heading={heading} title={m('heading')} action={m('add')} disabled={!ready || options.state !== 'done'} onAction={() => setDialog({ kind: 'add' })}>
      <div className={styles.toolbar}>
        <SearchForm t={t} id={`${heading.id}-keyword`} words={m} maxLength={LIMITS.account} ready={ready} onSearch={(keyword) => setQuery({ ...query, page: 1, keyword })} />
        <div className={styles.filter}>
          <label htmlFor={`${heading.id}-department`}>{m('departmentFilter')}</label>
          <select
            id={`${heading.id}-department`}
            value={query.departmentId === null ? '' : String(query.departmentId)}
            disabled={!ready}
            onChange={(e) => setQuery({ ...query, page: 1, departmentId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{m('allDepartments')}</option>
            {/* Until the tree arrives, a department chosen by the URL still needs its option to stay selected. */}
            {options.state !== 'done' && query.departmentId !== null && <option value={String(query.departmentId)}>{t('companies.common.loading')}</option>}
            {departmentOptions(departments, t)}
          </select>
        </div>
      </div>

      {options.state === 'failed' && <LoadError t={t} message={options.message} onRetry={() => void loadOptions()} />}

      <PagedTable
        t={t}
        words={m}
        listing={members}
        filtered={query.keyword !== '' || query.departmentId !== null}
        page={query.page}
        onPage={(page) => setQuery({ ...query, page })}
        onRetry={reload}
        columns={[{ key: 'account' }, { key: 'name' }, { key: 'roles' }, { key: 'departments' }, { key: 'status' }, { key: 'joined' }]}
        row={(member) => {
          const name = nameOf(member);
          const self = member.userId === currentUserId;
          return (
            <tr key={member.userId}>
              <th scope="row" className={styles.account}>
                {member.account}
                {self && <span className={styles.you}>{m('you')}</span>}
              </th>
              <td>{member.name || '—'}</td>
              <td>
                {member.isAdmin && <span className={styles.tag}>{m('admin')}</span>}
                {member.roles.map((r) => r.name).join(t('companies.common.listSeparator')) || (member.isAdmin ? '' : '—')}
              </td>
              <td>{member.departments.map((d) => d.name).join(t('companies.common.listSeparator')) || '—'}</td>
              <td>
                <span className={member.forbidden ? `${styles.status} ${styles.off}` : styles.status}>{member.forbidden ? m('statusDisabled') : m('statusActive')}</span>
              </td>
              <td>
                <time dateTime={member.joinedAt}>{formatTime(member.joinedAt, lang, offset, 'date')}</time>
              </td>
              <td>
                <div className={styles.rowActions}>
                  <RowAction label={m('edit')} name={m('editLabel', { name })} disabled={!ready || options.state !== 'done'} onClick={() => setDialog({ kind: 'edit', member })} />
                  {member.forbidden ? (
                    <RowAction label={m('enable')} name={m('enableLabel', { name })} disabled={!ready || busyId === member.userId} onClick={() => void enable(member)} />
                  ) : (
                    <RowAction label={m('disable')} name={m('disableLabel', { name })} disabled={!ready} onClick={() => setDialog({ kind: 'disable', member })} />
                  )}
                  <RowAction label={m('remove')} name={m('removeLabel', { name })} danger disabled={!ready} onClick={() => setDialog({ kind: 'remove', member })} />
                </div>
              </td>
            </tr>
          );
        }}
      />

      <PendingInvitations t={t} ready={ready} lang={lang} offset={offset} version={invitationsVersion} onWithdrawn={(message) => finish(message, false)} />

      {options.state === 'done' && (dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <MemberForm
          t={t}
          member={dialog.kind === 'edit' ? dialog.member : undefined}
          roles={options.data.roles}
          departments={options.data.departments}
          onDone={(message) => {
            if (dialog.kind === 'add') setInvitationsVersion((v) => v + 1);
            done(message);
          }}
          onClose={close}
          returnFocus={returnFocus}
        />
      )}
      {(dialog?.kind === 'disable' || dialog?.kind === 'remove') && (
        <ConfirmDialog
          {...confirmWords(t, explainAccess(dialog.member))}
          title={m(`${dialog.kind}Title`)}
          text={m(`${dialog.kind}Text`, { name: nameOf(dialog.member) })}
          confirmLabel={m(dialog.kind)}
          busyLabel={m(dialog.kind === 'disable' ? 'disabling' : 'removing')}
          onConfirm={async () => {
            const name = nameOf(dialog.member);
            if (dialog.kind === 'disable') {
              await orgApi.setMemberForbidden(dialog.member.userId, true);
              done(m('disabled', { name }));
            } else {
              await orgApi.removeMember(dialog.member.userId);
              done(m('removed', { name }), true);
            }
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </Panel>
  );
}

const nameOf = (member: Member) => member.name || member.account;
