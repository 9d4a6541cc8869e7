import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './Modal.module.css';

/**
 * A native modal `<dialog>` (DESIGN §7): opened on mount, focus on `[data-autofocus]` or the first control,
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
  /** Where focus goes when the control that opened the dialog is gone (it removed its own card). */
  fallbackFocus?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef(onClose);
  useLayoutEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input, select, button'))?.focus();
    const closed = () => latest.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else if (fallbackFocus) document.querySelector<HTMLElement>(fallbackFocus)?.focus();
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
