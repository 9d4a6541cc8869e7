import { lazy, Suspense, useEffect, useState } from 'react';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { loginUrl } from '../../lib/routes';
import { belong } from './belong';
import styles from './Collections.module.css';

// The dialog (folders, new-folder form) loads on the first press: most visitors of a detail never open it.
const CollectDialog = lazy(() => import('./CollectDialog').then((m) => ({ default: m.CollectDialog })));

export interface CollectButtonProps {
  materialId: number;
  version?: number;
  /** A guest's press goes to `/login?redirect=<this page>`. */
  signedIn: boolean;
  /** `{ collections, errors }` slices of the page language's messages. */
  messages: Dict;
}

/**
 * Collect a material on its detail: a toggle-looking button whose aria-pressed says whether the material is in
 * any of the viewer's folders; pressing it opens the add-to-folder dialog.
 */
export default function CollectButton({ materialId, version, signedIn, messages }: CollectButtonProps) {
  const t = createClientT(messages);
  const [collected, setCollected] = useState(false);
  const [open, setOpen] = useState(false);
  // Rendered disabled by the server: a press before the script runs would otherwise be lost without a sign.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    if (!signedIn) return;
    belong(materialId).then(
      (ids) => setCollected(ids.size > 0),
      () => undefined,
    );
  }, []);

  function press() {
    if (!signedIn) {
      location.assign(loginUrl(location.pathname + location.search));
      return;
    }
    setOpen(true);
  }

  return (
    <>
      <button type="button" className={collected ? `${styles.collect} ${styles.on}` : styles.collect} aria-pressed={collected} aria-label={t('collections.collect.label')} title={signedIn ? undefined : t('collections.collect.signInHint')} disabled={!ready} onClick={press}>
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M8 13.5 2.8 8.6a3.2 3.2 0 0 1 4.5-4.6L8 4.7l.7-.7a3.2 3.2 0 0 1 4.5 4.6Z" />
        </svg>
        <span>{collected ? t('collections.collect.collected') : t('collections.collect.label')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CollectDialog
            t={t}
            materialId={materialId}
            version={version}
            onClose={() => setOpen(false)}
            onSaved={(now) => {
              setCollected(now);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
