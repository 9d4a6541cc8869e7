import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { materialBooksApi } from '../../lib/api/material-books';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './MaterialBooks.module.css';

/** A reader's actions on a book on the market: keep it (a guest signs in first) and print it. */
export default function BookReader({ bookId, collected: initial, loginHref, messages }: { bookId: number; collected: boolean; loginHref: string | null; messages: Dict }) {
  const t = createClientT(messages);
  const [collected, setCollected] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function toggle() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const result = await materialBooksApi.collect(bookId, !collected);
      setCollected(result?.collected ?? !collected);
    } catch (e) {
      setError(errorText(t, e));
    }
    setBusy(false);
  }

  return (
    <div className={styles.bar}>
      {loginHref ? (
        <a className="btn btn-primary" href={loginHref}>
          {t('materialBooks.collect')}
        </a>
      ) : (
        <button type="button" className={collected ? 'btn btn-secondary' : 'btn btn-primary'} aria-pressed={collected} disabled={busy} onClick={() => void toggle()}>
          {collected ? t('materialBooks.collected') : t('materialBooks.collect')}
        </button>
      )}
      <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
        {t('materialBooks.print')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
