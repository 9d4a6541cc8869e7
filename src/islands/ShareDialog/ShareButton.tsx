import { lazy, Suspense, useState } from 'react';
import { promptLogin } from '../../lib/api/client';
import type { Dict } from '../../lib/i18n/client';
import { createClientT } from '../../lib/i18n/client';
import type { ShareTarget } from './ShareDialog';
import styles from './ShareDialog.module.css';

// The dialog is the larger part and most visitors never open it.
const ShareDialog = lazy(() => import('./ShareDialog'));

interface Props {
  target: ShareTarget;
  signedIn: boolean;
  /** `{ share, errors }` slices of the page language's messages. */
  messages: Dict;
  /** The page's language, for the expiry the dialog writes (in the browser's own time zone: it exists only there). */
  lang: string;
  label?: string;
}

/** "Share" (docs/product/routes.md#dialogs): opens the share dialog, or the login prompt for a guest. */
export default function ShareButton({ target, signedIn, messages, lang, label }: Props) {
  const t = createClientT(messages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.shareButton} aria-haspopup="dialog" onClick={() => (signedIn ? setOpen(true) : promptLogin())}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {label ?? t('share.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog target={target} t={t} lang={lang} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
