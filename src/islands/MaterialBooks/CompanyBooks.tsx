import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { materialBooksApi } from '../../lib/api/material-books';
import { materialBookPath } from '../../lib/contracts/material-books-rules';
import type { MaterialBook } from '../../lib/contracts/material-books';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { Picture } from '../shared/Picture';
import { BookNameDialog } from './BookNameDialog';
import styles from './MaterialBooks.module.css';

/**
 * A supplier company's books: the cards (cover, name, count, on or off the market) with a checkbox each for
 * putting several on or off the market at once, and "new material book", which opens the new book.
 */
export default function CompanyBooks({ books: initial, messages }: { books: MaterialBook[]; messages: Dict }) {
  const t = createClientT(messages);
  const [books, setBooks] = useState(initial);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  async function batch(onMarket: 0 | 1) {
    if (busy || chosen.size === 0) return;
    setBusy(true);
    setError('');
    try {
      const ids = [...chosen];
      const result = onMarket ? await materialBooksApi.putOn(ids) : await materialBooksApi.takeOff(ids);
      setBooks((list) => list.map((b) => (chosen.has(b.id) ? { ...b, onMarket } : b)));
      setChosen(new Set());
      setStatus(t('materialBooks.changed', { count: result?.changed ?? ids.length }));
    } catch (e) {
      setError(errorText(t, e));
    }
    setBusy(false);
  }

  const toggle = (id: number) =>
    setChosen((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      <div className={styles.bar}>
        <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          {t('materialBooks.create')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || chosen.size === 0} onClick={() => void batch(1)}>
          {t('materialBooks.putOn', { count: chosen.size })}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || chosen.size === 0} onClick={() => void batch(0)}>
          {t('materialBooks.takeOff', { count: chosen.size })}
        </button>
        <p className={styles.status} role="status">
          {status}
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      {books.length === 0 ? (
        <p className={styles.hint}>{t('materialBooks.emptyCompany')}</p>
      ) : (
        <ul className={`tile-grid ${styles.shelf}`}>
          {books.map((b) => (
            <li key={b.id} className={styles.card}>
              <input type="checkbox" className={styles.pick} checked={chosen.has(b.id)} onChange={() => toggle(b.id)} aria-label={t('materialBooks.select', { name: b.name })} />
              <a href={materialBookPath(b.id)}>
                <span className={styles.cover}>{b.cover ? <Picture image={b.cover} alt="" sizes="240px" /> : t('materialBooks.noMaterials')}</span>
                <span className={styles.name}>{b.name}</span>
                <span className={styles.meta}>
                  <span>{t('materialBooks.count', { count: b.count })}</span>
                  <span className={b.onMarket === 1 ? styles.on : undefined}>{b.onMarket === 1 ? t('materialBooks.onMarket') : t('materialBooks.offMarket')}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <BookNameDialog
          t={t}
          title={t('materialBooks.create')}
          submit={t('materialBooks.create')}
          save={(name) => materialBooksApi.add(name)}
          onSaved={(book) => location.assign(materialBookPath(book.id))}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
