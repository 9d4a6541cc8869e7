import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import {
  $dialogs,
  $toasts,
  closeDialog,
  dismissToast,
  setMessages,
  type DialogMessages,
  type PendingDialog,
  type Toast,
} from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import { rememberTimeZone } from '../../lib/format-time';
import styles from './AppDialogs.module.css';

/** Long enough to read a sentence, short enough not to pile up. */
const TOAST_MS = 4_000;

interface Props {
  messages: DialogMessages;
}

/**
 * The app-wide dialogs and toasts (docs/product/routes.md#dialogs, docs/product/errors.md): renders what the API client puts on the bus, one modal at a
 * time, and registers the page's messages so the client can word them.
 */
export default function AppDialogs({ messages }: Props) {
  const dialogs = useStore($dialogs);
  const toasts = useStore($toasts);

  useEffect(() => {
    setMessages(messages);
  }, [messages]);

  // The one island on every page with script: it leaves the browser's offset where the server reads it, so the
  // next page renders times in the viewer's zone (docs/product/constants.md#time-zone).
  useEffect(() => rememberTimeZone(), []);

  // One modal at a time: the next one opens when this one closes.
  const current = dialogs[0];

  return (
    <>
      {current && <AppDialog key={current.id} dialog={current} labels={messages.dialog} />}
      {/* Always rendered: a live region must exist before its content changes to be announced. */}
      <div role="status" aria-live="polite" className={styles.toasts}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </>
  );
}

function AppDialog({ dialog, labels }: { dialog: PendingDialog; labels: Record<string, string> }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { id } = dialog;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    // React's autoFocus would run before showModal, while the dialog is still hidden, so focus is moved here.
    element.querySelector<HTMLElement>('[data-primary]')?.focus();
    // Escape, OK and Cancel all end in `close`; the bus forgets the dialog and focus goes back where it was.
    const onClose = () => {
      closeDialog(id);
      opener?.focus();
    };
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('close', onClose);
      if (element.open) element.close();
    };
  }, [id]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={dialog.title ? titleId : textId}
      aria-describedby={dialog.title ? textId : undefined}
    >
      <form method="dialog" className={styles.body}>
        {dialog.title && (
          <h2 id={titleId} className={styles.title}>
            {dialog.title}
          </h2>
        )}
        <p id={textId} className={styles.text}>
          {dialog.text}
        </p>
        <div className={styles.actions}>
          {dialog.confirmHref ? (
            <>
              <button type="submit" className="btn btn-secondary">
                {labels.cancel}
              </button>
              <a data-primary href={dialog.confirmHref} className="btn btn-primary">
                {dialog.confirmLabel ?? labels.ok}
              </a>
            </>
          ) : (
            <button data-primary type="submit" className="btn btn-primary">
              {labels.ok}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { id } = toast;
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return <p className={toast.level >= ERROR_LEVEL.error ? `${styles.toast} ${styles.error}` : styles.toast}>{toast.text}</p>;
}
