import { useRef, useState } from 'react';
import { membershipApi } from '../../lib/api/membership';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import { formatTime } from '../../lib/format-time';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './AppStatus.module.css';

interface Props {
  appId: number;
  appName: string;
  /** 1 not opened, 2 pending review, 3 opened, 4 expired (docs/product/companies.md#data). */
  status: number;
  /** Status → its label, in the page's language. */
  statusLabels: Record<string, string>;
  /** The line under the status, already worded by the page (dates at the page's offset). */
  note: string;
  /** Company administrators (FUN012) get the button, and only while the app is not opened or expired. */
  canOpen: boolean;
  /** The app was open once and has expired: the button reads "open again". */
  reopen: boolean;
  /** The page's language and time offset, for dates written after opening (docs/product/constants.md#time-zone). */
  lang: string;
  offset: string;
  messages: Dict;
}

/**
 * An app's open status and, for an administrator, the Open action (docs/product/companies.md#calls vip/open/app). Rendered without a client
 * directive it is plain server HTML; only the cards an administrator can open hydrate. Failures take the API
 * client's docs/product/errors.md course (conflict toast, permission dialog, login), and the button comes back.
 */
export default function AppStatus({ appId, appName, status: initialStatus, statusLabels, note: initialNote, canOpen, reopen, lang, offset, messages }: Props) {
  const t = createClientT(messages);
  const [status, setStatus] = useState(initialStatus);
  const [note, setNote] = useState(initialNote);
  const [openable, setOpenable] = useState(canOpen);
  const [busy, setBusy] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  async function open() {
    if (busy) return;
    setBusy(true);
    try {
      const app = await membershipApi.openApp(appId);
      if (!app) return;
      const date = (iso: string) => formatTime(iso, lang, offset, 'date');
      setStatus(app.status);
      setOpenable(false);
      // An open answer carries an expiry only when the app opened at once; otherwise it waits for review.
      setNote(app.expireTime ? t('openedUntil', { date: date(app.expireTime) }) : app.requestedAt ? t('pendingSince', { date: date(app.requestedAt) }) : '');
      toast(ERROR_LEVEL.info, t(app.expireTime ? 'openedNotice' : 'pendingNotice', { name: appName }));
      // The button is gone: keep keyboard users where they were, on the status that replaced it.
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch {
      // The client has already shown the error the way (docs/product/errors.md); the administrator can try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.root}>
      <div ref={statusRef} tabIndex={-1} className={styles.state}>
        <span className={styles.badge} data-status={status}>
          {statusLabels[String(status)] ?? String(status)}
        </span>
        {note && <span className={styles.note}>{note}</span>}
      </div>
      {openable && (
        <button
          type="button"
          className={`btn ${reopen ? 'btn-secondary' : 'btn-primary'} ${styles.action}`}
          aria-label={t(reopen ? 'reopenLabel' : 'openLabel', { name: appName })}
          // Not `disabled`: a disabled button drops the focus of the person who just pressed it.
          aria-disabled={busy}
          aria-busy={busy}
          onClick={open}
        >
          {busy ? t('opening') : t(reopen ? 'reopen' : 'open')}
        </button>
      )}
    </div>
  );
}
