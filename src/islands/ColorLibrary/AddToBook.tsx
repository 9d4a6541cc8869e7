import { useEffect, useState } from 'react';
import { errorText } from '../../lib/api/client';
import { colorBooksApi } from '../../lib/api/color-books';
import type { ColorBook, ColorRefInput } from '../../lib/contracts/color-library';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { Modal } from '../shared/Modal';
import { BookNameForm } from './BookNameForm';
import styles from './ColorLibrary.module.css';

export interface AddToBookProps {
  /** The color to add: a book color by code, a material's color card, or a picked color. */
  color: ColorRefInput;
  /** What the dialog calls the color (its name and code). */
  colorLabel: string;
  /** Its hex, for the book cards' swatches once it is in. */
  colorHex: string;
  /** Where a guest signs in first; null once signed in. */
  loginHref: string | null;
  /** 1 buyer, 2 supplier at work: whose books these are. */
  userType: number;
  /** Several colors to choose from in the dialog (a material's color cards); `color` is the one chosen first. */
  choices?: { color: ColorRefInput; label: string; hex: string }[];
  /** `{ colorLibrary, validation, errors }` of the page language's messages. */
  messages: Dict;
}

/**
 * "Add to a color-card book": a dialog listing the caller's books, those already holding the color marked, each
 * with an add button, and the new-book form (the new book gets the color at once).
 */
export default function AddToBook({ color, colorLabel, colorHex, choices, loginHref, userType, messages }: AddToBookProps) {
  const t = createClientT(messages);
  const [open, setOpen] = useState(false);
  if (loginHref) {
    return (
      <a className="btn btn-secondary" href={loginHref}>
        {t('colorLibrary.signInToAdd')}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('colorLibrary.addToBook')}
      </button>
      {open && <BookPicker t={t} choices={choices ?? [{ color, label: colorLabel, hex: colorHex }]} first={Math.max(0, choices?.findIndex((c) => sameColor(c.color, color)) ?? 0)} userType={userType} onClose={() => setOpen(false)} />}
    </>
  );
}

const sameColor = (a: ColorRefInput, b: ColorRefInput) => JSON.stringify(a) === JSON.stringify(b);

type Loaded = { books: ColorBook[]; holding: Set<number> };

type Choice = NonNullable<AddToBookProps['choices']>[number];

function BookPicker({ t, choices, first, userType, onClose }: { t: ReturnType<typeof createClientT>; choices: Choice[]; first: number; userType: number; onClose: () => void }) {
  const [chosen, setChosen] = useState(first);
  const { color, label: colorLabel, hex } = choices[chosen]!;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  function load() {
    setError('');
    setLoaded(null);
    Promise.all([colorBooksApi.list(), colorBooksApi.belong([color], userType)]).then(
      ([page, belong]) => {
        setLoaded({ books: page?.records ?? [], holding: new Set(belong?.[0]?.bookIds ?? []) });
        if ((page?.records.length ?? 0) === 0) setCreating(true);
      },
      (e: unknown) => setError(errorText(t, e)),
    );
  }
  useEffect(load, [chosen]);

  async function add(book: ColorBook) {
    if (busy !== null) return;
    setBusy(book.id);
    setError('');
    try {
      const result = await colorBooksApi.addColors(book.id, [color]);
      const grown = (b: ColorBook) => ({ ...b, count: result?.count ?? b.count, swatches: result?.added ? [...b.swatches, hex].slice(0, 9) : b.swatches });
      setLoaded((l) => l && { books: l.books.map((b) => (b.id === book.id ? grown(b) : b)), holding: new Set(l.holding).add(book.id) });
      setStatus(t('colorLibrary.added', { name: book.name }));
    } catch (e) {
      setError(errorText(t, e));
    }
    setBusy(null);
  }

  return (
    <Modal title={choices.length > 1 ? t('colorLibrary.addToBook') : `${t('colorLibrary.addToBook')} · ${colorLabel}`} onClose={onClose}>
      {choices.length > 1 && (
        <fieldset className={styles.choices}>
          <legend>{t('colorLibrary.whichColor')}</legend>
          {choices.map((c, i) => (
            <label key={c.label + i} className={styles.choice}>
              <input type="radio" name="color-choice" checked={i === chosen} onChange={() => setChosen(i)} />
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <rect width="16" height="16" rx="3" fill={c.hex} />
              </svg>
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
      {loaded === null && !error && (
        <p className={styles.muted} role="status" aria-busy="true">
          {t('colorLibrary.booksLoading')}
        </p>
      )}
      {loaded === null && error && (
        <div role="alert" className={styles.error}>
          <p>{t('colorLibrary.booksFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={load}>
            {t('colorLibrary.retry')}
          </button>
        </div>
      )}
      {loaded && loaded.books.length === 0 && <p className={styles.muted}>{t('colorLibrary.noBooks')}</p>}
      {loaded && loaded.books.length > 0 && (
        <ul className={styles.bookList}>
          {loaded.books.map((book) => {
            const holds = loaded.holding.has(book.id);
            return (
              <li key={book.id} className={styles.bookRow}>
                <svg className={styles.bookSwatches} viewBox="0 0 45 15" width="45" height="15" aria-hidden="true" focusable="false">
                  {book.swatches.slice(0, 3).map((hex, i) => (
                    <rect key={i} x={i * 15} width="15" height="15" fill={hex} />
                  ))}
                  {book.swatches.length === 0 && <rect width="45" height="15" fill="none" stroke="currentColor" strokeOpacity="0.25" />}
                </svg>
                <span className={styles.bookName}>
                  {book.name}
                  <span className={styles.muted}> · {t('colorLibrary.books.count', { count: book.count })}</span>
                </span>
                {holds ? (
                  <span className={styles.held}>{t('colorLibrary.held')}</span>
                ) : (
                  <button type="button" className="btn btn-secondary" disabled={busy !== null} aria-busy={busy === book.id || undefined} onClick={() => void add(book)} aria-label={`${t('colorLibrary.addToBook')}: ${book.name}`}>
                    {t('colorLibrary.addToBook')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {loaded && error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.ok} role="status">
        {status}
      </p>
      {loaded &&
        (creating ? (
          <BookNameForm
            t={t}
            submitLabel={t('colorLibrary.create')}
            save={(name) => colorBooksApi.add(name)}
            onSaved={(book) => {
              setCreating(false);
              setLoaded((l) => l && { ...l, books: [book, ...l.books] });
              void add(book);
            }}
            onCancel={() => (loaded.books.length === 0 ? onClose() : setCreating(false))}
          />
        ) : (
          <div className={styles.actions}>
            <button type="button" className="btn btn-secondary" onClick={() => setCreating(true)}>
              {t('colorLibrary.newBook')}
            </button>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('colorLibrary.done')}
            </button>
          </div>
        ))}
    </Modal>
  );
}
