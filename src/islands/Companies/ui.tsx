import { useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { failureMessage, type DepartmentNode } from './api';
import styles from './Companies.module.css';
import { flatten } from './tree';

/** Departments as indented options; the indent is visual, so screen readers hear the plain names. */
export function departmentOptions(roots: readonly DepartmentNode[], t: ClientT, exclude: ReadonlySet<number> = new Set()) {
  return flatten(roots)
    .filter(({ node }) => !exclude.has(node.id))
    .map(({ node, depth }) => (
      <option key={node.id} value={String(node.id)}>
        {'\u00a0\u00a0'.repeat(depth * 2)}
        {node.name}
        {node.status === 0 ? t('companies.departments.disabledSuffix') : ''}
      </option>
    ));
}

interface CheckListProps {
  legend: string;
  /** Said when there is nothing to pick, with where to create it. */
  empty: string;
  items: { id: number; label: string; depth?: number; hint?: string }[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
}

/** A group of checkboxes under one legend (a member's roles, their departments). */
export function CheckList({ legend, empty, items, selected, onToggle }: CheckListProps) {
  const id = useId();
  return (
    <fieldset className={styles.checkList}>
      <legend>{legend}</legend>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id} data-depth={item.depth ? Math.min(item.depth, 6) : undefined}>
              <input
                id={`${id}-${item.id}`}
                type="checkbox"
                checked={selected.has(item.id)}
                onChange={(e) => onToggle(item.id, e.target.checked)}
                aria-describedby={item.hint ? `${id}-${item.id}-hint` : undefined}
              />
              <label htmlFor={`${id}-${item.id}`}>{item.label}</label>
              {item.hint && (
                <span id={`${id}-${item.id}-hint`} className={styles.checkHint}>
                  {item.hint}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** A set that toggles one id: what every check list hands back. */
export function toggled(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** A load that failed: what happened and a way to try again, announced when it appears. */
export function LoadError({ t, message, onRetry }: { t: ClientT; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.loadError}>
      <p>{t('companies.common.loadFailed', { message })}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('companies.common.retry')}
      </button>
    </div>
  );
}

/** The words every confirmation here shares; `explain` gives a clearer one for a failure the generic would leave vague. */
export function confirmWords(t: ClientT, explain?: (error: unknown) => string | undefined) {
  return { cancelLabel: t('companies.common.cancel'), describeError: (error: unknown) => explain?.(error) ?? failureMessage(error, t) };
}

export function pagerText(t: ClientT) {
  return { previous: t('companies.common.previous'), next: t('companies.common.next'), pageInfo: (page: number, pages: number) => t('companies.common.pageInfo', { page, pages }) };
}

/** A panel's heading: it names the panel and takes the focus when the row that held it is gone. */
export interface PanelHeading {
  id: string;
  ref: RefObject<HTMLHeadingElement | null>;
}

export function usePanelHeading(): PanelHeading {
  return { id: useId(), ref: useRef<HTMLHeadingElement>(null) };
}

interface PanelProps {
  heading: PanelHeading;
  title: string;
  /** The panel's one primary action (add a member, create a role or a department). */
  action: string;
  disabled: boolean;
  onAction: () => void;
  children: ReactNode;
}

/** One tab's card: its heading with the primary action, then the tab's content. */
export function Panel({ heading, title, action, disabled, onAction, children }: PanelProps) {
  return (
    <section className={styles.panel} aria-labelledby={heading.id}>
      <div className={styles.panelHead}>
        <h2 id={heading.id} ref={heading.ref} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="btn btn-primary" disabled={disabled} onClick={onAction}>
          {action}
        </button>
      </div>
      {children}
    </section>
  );
}

interface SearchFormProps {
  t: ClientT;
  id: string;
  /** The tab's own messages: its `searchLabel` and `searchPlaceholder`. */
  words: (key: string) => string;
  maxLength: number;
  ready: boolean;
  /** The trimmed keyword, on submit only: typing does not reload the list. */
  onSearch: (keyword: string) => void;
}

export function SearchForm({ t, id, words, maxLength, ready, onSearch }: SearchFormProps) {
  const [draft, setDraft] = useState('');
  const label = words('searchLabel');
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft.trim());
  }
  return (
    <form role="search" aria-label={label} className={styles.search} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" value={draft} maxLength={maxLength} placeholder={words('searchPlaceholder')} onChange={(e) => setDraft(e.target.value)} />
      <button type="submit" className="btn btn-secondary" disabled={!ready}>
        {t('companies.common.search')}
      </button>
    </form>
  );
}

interface RowActionProps {
  label: string;
  /** The accessible name, with the row's name in it: every row has the same visible words. */
  name: string;
  danger?: boolean;
  disabled: boolean;
  onClick: () => void;
}

export function RowAction({ label, name, danger = false, disabled, onClick }: RowActionProps) {
  return (
    <button type="button" className={danger ? `btn btn-ghost ${styles.dangerText}` : 'btn btn-ghost'} aria-label={name} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}
