import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { failureMessage, isConflict, orgApi, type DepartmentNode } from './api';
import { DepartmentForm } from './DepartmentForm';
import { DepartmentTree } from './DepartmentTree';
import styles from './Companies.module.css';
import { findDepartment, parentIds } from './tree';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { confirmWords, LoadError, Panel, usePanelHeading } from './ui';

interface Props {
  t: ClientT;
  ready: boolean;
  /** This page's path, for the link to a department's members. */
  path: string;
}

type Dialog = { kind: 'create'; parentId: number | null } | { kind: 'edit' | 'delete'; department: DepartmentNode } | null;

interface Listing {
  data: DepartmentNode[] | null;
  loading: boolean;
  error: string;
}

/** After a reload: the department to focus, or the heading when the focused one is gone. */
type FocusAfter = { to: 'department'; id: number } | { to: 'heading' } | null;

/** The company's departments and their actions: the tree on one side, the selected department's details and actions on the other. */
export function DepartmentsPanel({ t, ready, path }: Props) {
  const d = (key: string, vars?: Record<string, string | number>) => t(`companies.departments.${key}`, vars);
  const heading = usePanelHeading();
  const detailId = useId();
  const itemRefs = useRef(new Map<number, HTMLLIElement>()).current;
  const focusAfter = useRef<FocusAfter>(null);
  const [tree, setTree] = useState<Listing>({ data: null, loading: true, error: '' });
  // Collapsed rather than expanded: a department that appears later (just created) starts open like the rest.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setTree((current) => ({ ...current, loading: true, error: '' }));
    try {
      const data = await orgApi.departments();
      setTree({ data, loading: false, error: '' });
      setSelectedId((id) => (id !== null && findDepartment(data, id) ? id : null));
    } catch (error) {
      setTree({ data: null, loading: false, error: failureMessage(error, t) });
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  // Focus moves only once the reloaded tree is on screen: the row it goes to may have just appeared.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || tree.loading) return;
    focusAfter.current = null;
    if (target.to === 'department' && itemRefs.has(target.id)) itemRefs.get(target.id)?.focus();
    else heading.ref.current?.focus();
  }, [tree, itemRefs]);

  const roots = tree.data ?? [];
  const expanded = new Set([...parentIds(roots)].filter((id) => !collapsed.has(id)));
  const selected = selectedId === null ? undefined : findDepartment(roots, selectedId);
  const parent = selected?.parentId ? findDepartment(roots, selected.parentId) : undefined;
  const close = () => setDialog(null);
  const returnFocus = () => heading.ref.current;

  function expand(id: number, open: boolean) {
    const next = new Set(collapsed);
    if (open) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  }

  function done(message: string, focus: FocusAfter, select?: number | null) {
    setDialog(null);
    toast(ERROR_LEVEL.info, message);
    focusAfter.current = focus;
    if (select !== undefined) setSelectedId(select);
    void load();
  }

  async function setStatus(department: DepartmentNode) {
    const status = department.status === 1 ? 0 : 1;
    setBusy(true);
    try {
      await orgApi.setDepartmentStatus(department.id, status);
      // The button stays where it was (its label flips), so the focus is left alone.
      done(d(status === 1 ? 'enabledDone' : 'disabledDone', { name: department.name }), null);
    } catch (error) {
      toast(ERROR_LEVEL.error, failureMessage(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel heading={heading} title={d('heading')} action={d('create')} disabled={!ready || !tree.data} onAction={() => setDialog({ kind: 'create', parentId: null })}>
      <p className={styles.intro}>{d('intro')}</p>

      {tree.error && <LoadError t={t} message={tree.error} onRetry={() => void load()} />}
      <p role="status" className={tree.loading && !tree.data ? styles.muted : 'sr-only'}>
        {tree.loading && !tree.data ? t('companies.common.loading') : ''}
      </p>

      {tree.data && tree.data.length === 0 && <p className={styles.emptyState}>{d('empty')}</p>}
      {tree.data && tree.data.length > 0 && (
        <div className={styles.split}>
          <div className={styles.treeBox} aria-busy={tree.loading || undefined}>
            <p id={`${heading.id}-keys`} className={styles.keyHint}>
              {d('keyboardHint')}
            </p>
            <DepartmentTree
              t={t}
              label={d('treeLabel')}
              roots={roots}
              expanded={expanded}
              onExpand={expand}
              selectedId={selectedId}
              onSelect={setSelectedId}
              itemRefs={itemRefs}
              describedBy={`${heading.id}-keys`}
            />
          </div>
          <section className={styles.detail} aria-labelledby={detailId}>
            {selected ? (
              <>
                <h3 id={detailId}>{selected.name}</h3>
                <dl className={styles.facts}>
                  <div>
                    <dt>{d('parent')}</dt>
                    <dd>{parent?.name ?? d('noParent')}</dd>
                  </div>
                  <div>
                    <dt>{d('status')}</dt>
                    <dd>
                      <span className={selected.status === 1 ? styles.status : `${styles.status} ${styles.off}`}>{selected.status === 1 ? d('enabledStatus') : d('disabledStatus')}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>{d('children')}</dt>
                    <dd>{selected.children.length}</dd>
                  </div>
                  <div>
                    <dt>{d('sort')}</dt>
                    <dd>{selected.sort}</dd>
                  </div>
                </dl>
                <div className={styles.detailActions}>
                  <button type="button" className="btn btn-secondary" disabled={!ready} onClick={() => setDialog({ kind: 'create', parentId: selected.id })}>
                    {d('createChild')}
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={!ready} onClick={() => setDialog({ kind: 'edit', department: selected })}>
                    {d('edit')}
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={!ready || busy} onClick={() => void setStatus(selected)}>
                    {selected.status === 1 ? d('disable') : d('enable')}
                  </button>
                  <button type="button" className={`btn btn-secondary ${styles.dangerText}`} disabled={!ready} onClick={() => setDialog({ kind: 'delete', department: selected })}>
                    {d('delete')}
                  </button>
                  <a className="btn btn-ghost" href={`${path}?tab=members&departmentId=${selected.id}`}>
                    {d('viewMembers')}
                  </a>
                </div>
              </>
            ) : (
              <>
                <h3 id={detailId} className="sr-only">
                  {d('details')}
                </h3>
                <p className={styles.muted}>{d('selectHint')}</p>
              </>
            )}
          </section>
        </div>
      )}

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <DepartmentForm
          t={t}
          tree={roots}
          department={dialog.kind === 'edit' ? dialog.department : undefined}
          parentId={dialog.kind === 'create' ? dialog.parentId : undefined}
          onDone={(message, id) => {
            // A new sub-department must be visible: its parent opens if it was closed.
            if (dialog.kind === 'create' && dialog.parentId !== null) expand(dialog.parentId, true);
            done(message, dialog.kind === 'create' && id !== null ? { to: 'department', id } : null, id ?? undefined);
          }}
          onClose={close}
          returnFocus={returnFocus}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          {...confirmWords(t, (error) => (isConflict(error) ? d('hasChildren') : undefined))}
          title={d('deleteTitle')}
          text={d('deleteText', { name: dialog.department.name })}
          confirmLabel={d('delete')}
          busyLabel={t('companies.common.deleting')}
          onConfirm={async () => {
            await orgApi.deleteDepartment(dialog.department.id);
            const up = dialog.department.parentId;
            done(d('deleted', { name: dialog.department.name }), up === null ? { to: 'heading' } : { to: 'department', id: up }, up);
          }}
          onClose={close}
          fallbackFocus={returnFocus}
        />
      )}
    </Panel>
  );
}
