import { useEffect, useId, useState, type ReactNode, type RefObject, type SelectHTMLAttributes } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { FieldError, useFieldAria } from '../shared/forms';
import { failureMessage, type DepartmentNode } from './api';
import styles from './Companies.module.css';
import { flatten } from './tree';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  selectRef?: RefObject<HTMLSelectElement | null>;
  children: ReactNode;
}

/** A labelled select tied to its error, like the shared text fields. */
export function SelectField({ label, value, onValueChange, error, selectRef, children, ...select }: SelectFieldProps) {
  const aria = useFieldAria(error);
  return (
    <div className={styles.field}>
      <label htmlFor={aria.id}>{label}</label>
      <select ref={selectRef} {...aria.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...select}>
        {children}
      </select>
      <FieldError id={aria.errorId} error={error} />
    </div>
  );
}

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
            <li key={item.id} style={item.depth ? { paddingInlineStart: `${item.depth * 1.25}em` } : undefined}>
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

/** Whether the island has hydrated: controls stay disabled in the server HTML, where they would do nothing. */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

/** The words every confirmation here shares; `explain` gives a clearer one for a failure the generic would leave vague. */
export function confirmWords(t: ClientT, explain?: (error: unknown) => string | undefined) {
  return { cancelLabel: t('companies.common.cancel'), describeError: (error: unknown) => explain?.(error) ?? failureMessage(error, t) };
}

export function pagerText(t: ClientT) {
  return { previous: t('companies.common.previous'), next: t('companies.common.next'), pageInfo: (page: number, pages: number) => t('companies.common.pageInfo', { page, pages }) };
}
