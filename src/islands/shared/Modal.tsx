import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './Modal.module.css';

/**
 * A native modal `<dialog>` (docs/architecture.md#front-end): opened on mount, focus on `[data-autofocus]` or the first control,
 * Escape closes it, and focus returns to whatever opened it when it goes away.
 */
export function Modal({
  title,
  onClose,
  describedBy,
  wide = false,
  fallbackFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  describedBy?: string;
  /** 640 px instead of 480 px, for forms with several columns. */
  wide?: boolean;
  /**
   * Where focus goes when the control that opened the dialog is gone (it removed its own card or row): a selector,
   * or a function for an element found at that moment.
   */
  fallbackFocus?: string | (() => HTMLElement | null);
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The effect below runs once; this lets it call the latest props without reopening the dialog.
  const latest = useRef({ onClose, fallbackFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, fallbackFocus };
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // React's autoFocus would run before showModal, while the dialog is still hidden.
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input, select, textarea, button'))?.focus();
    const closed = () => latest.current.onClose();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) return opener.focus();
      const fallback = latest.current.fallbackFocus;
      (typeof fallback === 'function' ? fallback() : fallback ? document.querySelector<HTMLElement>(fallback) : null)?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog} aria-labelledby={titleId} aria-describedby={describedBy}>
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
