import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { failureMessage, isConflict, LIMITS, orgApi, PAGE_SIZE, type DepartmentNode, type Member, type Page, type Role } from './api';
import { MemberForm } from './MemberForm';
import styles from './Companies.module.css';
import { findDepartment } from './tree';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Pager } from '../shared/Pager';
import { confirmWords, departmentOptions, LoadError, pagerText } from './ui';

interface Props {
  t: ClientT;
  ready: boolean;
  currentUserId: number;
  locale: string;
  /** A department to filter by from the start (the departments tab links here with one). */
  initialDepartmentId: number | null;
}

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; data: T };
/** A reload keeps the rows on screen (and the focus on their buttons) until the new page arrives. */
interface Listing {
  data: Page<Member> | null;
  loading: boolean;
  error: string;
}
type Dialog = { kind: 'add' } | { kind: 'edit' | 'disable' | 'remove'; member: Member } | null;

interface Query {
  page: number;
  keyword: string;
  departmentId: number | null;
}

/** §7 pageUserExts and the member actions: a searchable, filterable page of the current company's members. */
export function MembersPanel({ t, ready, currentUserId, locale, initialDepartmentId }: Props) {
  const m = (key: string, vars?: Record<string, string | number>) => t(`companies.members.${key}`, vars);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [query, setQuery] = useState<Query>({ page: 1, keyword: '', departmentId: initialDepartmentId });
  const [draft, setDraft] = useState('');
  const [members, setMembers] = useState<Listing>({ data: null, loading: true, error: '' });
  const [options, setOptions] = useState<Load<{ roles: Role[]; departments: DepartmentNode[] }>>({ state: 'loading' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  // Answers can arrive out of order when someone pages quickly; only the latest request may fill the table.
  const latest = useRef(0);
  // Set when the row holding the focus is about to disappear (its member was removed).
  const focusHeading = useRef(false);
  const joined = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  const loadMembers = useCallback(
    async (q: Query) => {
      const ticket = ++latest.current;
      setMembers((current) => ({ ...current, loading: true, error: '' }));
      try {
        const data = await orgApi.pageMembers(q.page, q.keyword, q.departmentId);
        if (ticket !== latest.current) return;
        // The last member of the last page was removed: show the page before instead of an empty one.
        if (data.records.length === 0 && q.page > 1 && data.total > 0) {
          setQuery({ ...q, page: Math.ceil(data.total / PAGE_SIZE) });
          return;
        }
        setMembers({ data, loading: false, error: '' });
        if (focusHeading.current) headingRef.current?.focus();
      } catch (error) {
        if (ticket === latest.current) setMembers({ data: null, loading: false, error: failureMessage(error, t) });
      }
      focusHeading.current = false;
    },
    [t],
  );

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
    void loadMembers(query);
  }, [query, loadMembers]);
  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  // A department named by the URL that is not (or no longer) the company's: the select could not show it.
  useEffect(() => {
    if (options.state === 'done' && query.departmentId !== null && !findDepartment(options.data.departments, query.departmentId)) {
      setQuery((q) => ({ ...q, page: 1, departmentId: null }));
    }
  }, [options, query.departmentId]);

  const reload = () => void loadMembers(query);
  const close = () => setDialog(null);
  const returnFocus = () => headingRef.current;
  const done = (message: string) => {
    setDialog(null);
    toast(ERROR_LEVEL.info, message);
    reload();
  };

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ ...query, page: 1, keyword: draft.trim() });
  }

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
  const filtered = query.keyword !== '' || query.departmentId !== null;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHead}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {m('heading')}
        </h2>
        <button type="button" className="btn btn-primary" disabled={!ready || options.state !== 'done'} onClick={() => setDialog({ kind: 'add' })}>
          {m('add')}
        </button>
      </div>

      <div className={styles.toolbar}>
        <form role="search" aria-label={m('searchLabel')} className={styles.search} onSubmit={search}>
          <label htmlFor={`${headingId}-keyword`} className="sr-only">
            {m('searchLabel')}
          </label>
          <input
            id={`${headingId}-keyword`}
            type="search"
            value={draft}
            maxLength={LIMITS.account}
            placeholder={m('searchPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-secondary" disabled={!ready}>
            {t('companies.common.search')}
          </button>
        </form>
        <div className={styles.filter}>
          <label htmlFor={`${headingId}-department`}>{m('departmentFilter')}</label>
          <select
            id={`${headingId}-department`}
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

      {members.error && <LoadError t={t} message={members.error} onRetry={reload} />}
      {/* Always in the page: a live region must exist before its text changes to be announced. */}
      <p role="status" className={members.loading || members.data ? styles.summary : 'sr-only'}>
        {members.loading ? t('companies.common.loading') : members.data ? (members.data.total === 0 ? (filtered ? m('noMatch') : m('empty')) : m('total', { count: members.data.total })) : ''}
      </p>
      {members.data && (
        <>
          {members.data.records.length > 0 && (
            <div className={styles.tableWrap} aria-busy={members.loading || undefined}>
              <table className={styles.table}>
                <caption className="sr-only">{m('caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{m('columns.account')}</th>
                    <th scope="col">{m('columns.name')}</th>
                    <th scope="col">{m('columns.roles')}</th>
                    <th scope="col">{m('columns.departments')}</th>
                    <th scope="col">{m('columns.status')}</th>
                    <th scope="col">{m('columns.joined')}</th>
                    <th scope="col">{t('companies.common.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {members.data.records.map((member) => {
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
                          <time dateTime={member.joinedAt}>{joined.format(new Date(member.joinedAt))}</time>
                        </td>
                        <td>
                          <div className={styles.rowActions}>
                            <button
                              type="button"
                              className="btn btn-ghost"
                              aria-label={m('editLabel', { name })}
                              disabled={!ready || options.state !== 'done'}
                              onClick={() => setDialog({ kind: 'edit', member })}
                            >
                              {m('edit')}
                            </button>
                            {member.forbidden ? (
                              <button type="button" className="btn btn-ghost" aria-label={m('enableLabel', { name })} disabled={!ready || busyId === member.userId} onClick={() => void enable(member)}>
                                {m('enable')}
                              </button>
                            ) : (
                              <button type="button" className="btn btn-ghost" aria-label={m('disableLabel', { name })} disabled={!ready} onClick={() => setDialog({ kind: 'disable', member })}>
                                {m('disable')}
                              </button>
                            )}
                            <button type="button" className={`btn btn-ghost ${styles.dangerText}`} aria-label={m('removeLabel', { name })} disabled={!ready} onClick={() => setDialog({ kind: 'remove', member })}>
                              {m('remove')}
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager text={pagerText(t)} label={m('pagination')} page={query.page} size={PAGE_SIZE} total={members.data.total} onPage={(page) => setQuery({ ...query, page })} />
        </>
      )}

      {options.state === 'done' && (dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <MemberForm
          t={t}
          member={dialog.kind === 'edit' ? dialog.member : undefined}
          roles={options.data.roles}
          departments={options.data.departments}
          onDone={done}
          onClose={close}
          returnFocus={returnFocus}
        />
      )}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          {...confirmWords(t, explainAccess(dialog.member))}
          title={m('disableTitle')}
          text={m('disableText', { name: nameOf(dialog.member) })}
          confirmLabel={m('disable')}
          busyLabel={m('disabling')}
          onConfirm={async () => {
            await orgApi.setMemberForbidden(dialog.member.userId, true);
            done(m('disabled', { name: nameOf(dialog.member) }));
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          {...confirmWords(t, explainAccess(dialog.member))}
          title={m('removeTitle')}
          text={m('removeText', { name: nameOf(dialog.member) })}
          confirmLabel={m('remove')}
          busyLabel={m('removing')}
          onConfirm={async () => {
            await orgApi.removeMember(dialog.member.userId);
            focusHeading.current = true;
            done(m('removed', { name: nameOf(dialog.member) }));
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </section>
  );
}

const nameOf = (member: Member) => member.name || member.account;
