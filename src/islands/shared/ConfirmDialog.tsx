import { useId, useState, type ReactNode } from 'react';
import { FormError } from './forms';
import { Modal } from './Modal';
import styles from './Modal.module.css';

interface ConfirmProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** What the button says while the step runs; without it the label stays. */
  busyLabel?: string | undefined;
  cancelLabel: string;
  /** Resolves when done (the owner then closes the dialog); a rejection shows its message in the dialog. */
  onConfirm: () => Promise<void>;
  /** The words for a failure. */
  describeError: (error: unknown) => string;
  onClose: () => void;
  /** Where the focus goes afterwards when the control that opened the dialog is gone. */
  fallbackFocus?: string | (() => HTMLElement | null);
}

/** A destructive step asks first. The focus starts on Cancel, so Enter alone never deletes anything. */
export function ConfirmDialog({ title, text, confirmLabel, busyLabel, cancelLabel, onConfirm, describeError, onClose, fallbackFocus }: ConfirmProps) {
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
      setError(describeError(cause));
      setBusy(false);
    }
  }

  return (
    <Modal title={title} describedBy={textId} onClose={onClose} fallbackFocus={fallbackFocus}>
      <p id={textId} className={styles.text}>
        {text}
      </p>
      <FormError message={error} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" data-autofocus onClick={onClose}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${styles.danger}`} disabled={busy} onClick={() => void confirm()}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export interface DialogActionsProps {
  error?: string | undefined;
  busy: boolean;
  label: string;
  /** What the button says while busy; without it the label stays. */
  busyLabel?: string | undefined;
  cancelLabel: string;
  onCancel: () => void;
  /** The button cannot act yet (nothing chosen, nothing changed); it cannot while busy either way. */
  disabled?: boolean;
  /** For a dialog without a form: the button acts on a press instead of submitting. */
  onConfirm?: () => void;
  /** A further control at the start of the row, apart from Cancel and the button that acts (a new folder). */
  start?: ReactNode;
}

/** The end of a dialog: its form-level error, then Cancel and the button that acts (it submits the form by default). */
export function DialogActions({ error, busy, label, busyLabel, cancelLabel, onCancel, disabled = false, onConfirm, start }: DialogActionsProps) {
  return (
    <>
      <FormError message={error} />
      <div className={styles.actions}>
        {start}
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type={onConfirm ? 'button' : 'submit'} className="btn btn-primary" disabled={busy || disabled} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
