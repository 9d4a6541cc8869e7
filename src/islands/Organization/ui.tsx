import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject, type SelectHTMLAttributes } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { FieldError, FormError, useFieldAria } from '../shared/forms';
import { failureMessage, type DepartmentNode } from './api';
import styles from './Organization.module.css';
import { flatten } from './tree';

interface ModalProps {
  title: string;
  /** Escape and the cancel buttons end here; the owner unmounts the dialog. */
  onClose: () => void;
  /** The element whose text explains the dialog (a confirmation's question). */
  describedBy?: string | undefined;
  wide?: boolean;
  /** Where the focus goes afterwards when the control that opened the dialog is gone (its row was removed). */
  returnFocus: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * A native modal dialog: the browser traps the focus and makes the page inert. It opens on mount with the focus
 * on the `data-autofocus` control (else the first control) and gives the focus back when it unmounts.
 */
export function Modal({ title, onClose, describedBy, wide = false, returnFocus, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The effect below runs once; these let it call the latest props without reopening the dialog.
  const latest = useRef({ onClose, returnFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, returnFocus };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // React's autoFocus would run before showModal, while the dialog is still hidden.
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input, select, textarea, button');
    first?.focus();
    const closed = () => latest.current.onClose();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : latest.current.returnFocus();
      target?.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={wide ? `${styles.dialog} ${styles.dialogWide}` : styles.dialog} aria-labelledby={titleId} aria-describedby={describedBy}>
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

interface ConfirmProps {
  t: ClientT;
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  /** Resolves when done (the owner then closes the dialog); a rejection shows its message in the dialog. */
  onConfirm: () => Promise<void>;
  /** A clearer wording for a failure the generic message would leave vague (a 409). */
  explain?: (error: unknown) => string | undefined;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

/** A destructive step asks first. The focus starts on Cancel, so Enter alone never deletes anything. */
export function ConfirmDialog({ t, title, text, confirmLabel, busyLabel, onConfirm, explain, onClose, returnFocus }: ConfirmProps) {
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await onConfirm();
    } catch (cause) {
      setError(explain?.(cause) ?? failureMessage(cause, t));
      setBusy(false);
    }
  }

  return (
    <Modal title={title} describedBy={textId} onClose={onClose} returnFocus={returnFocus}>
      <p id={textId} className={styles.dialogText}>
        {text}
      </p>
      <FormError message={error} />
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-secondary" data-autofocus onClick={onClose}>
          {t('organization.common.cancel')}
        </button>
        <button type="button" className={`btn ${styles.danger}`} disabled={busy} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** The end of a dialog's form: its form-level error, then Cancel and the submit button. */
export function DialogActions({ t, error, busy, label, busyLabel, onCancel }: { t: ClientT; error: string | undefined; busy: boolean; label: string; busyLabel: string; onCancel: () => void }) {
  return (
    <>
      <FormError message={error} />
      <div className={styles.dialogActions}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('organization.common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

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
        {node.status === 0 ? t('organization.departments.disabledSuffix') : ''}
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

interface PagerProps {
  t: ClientT;
  label: string;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ t, label, page, size, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (total <= size) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('organization.common.previous')}
      </button>
      <span>{t('organization.common.pageInfo', { page, pages })}</span>
      <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('organization.common.next')}
      </button>
    </nav>
  );
}

/** A load that failed: what happened and a way to try again, announced when it appears. */
export function LoadError({ t, message, onRetry }: { t: ClientT; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.loadError}>
      <p>{t('organization.common.loadFailed', { message })}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('organization.common.retry')}
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
