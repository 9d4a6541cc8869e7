import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { colorBooksApi } from '../../lib/api/color-books';
import type { ColorBook, ColorBookColor } from '../../lib/contracts/color-library';
import { COLOR_BOOK_MAX_COLORS, COLOR_BOOK_NAME_MAX, COLOR_CARD_BOOK_PATH } from '../../lib/contracts/color-library-rules';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { PhotoColors } from '../ColorPicker/PhotoColors';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import { BookNameForm } from './BookNameForm';
import styles from './BookColors.module.css';

export interface BookColorsProps {
  book: ColorBook;
  /** The book's colors in the order the page chose. */
  colors: ColorBookColor[];
  /** `{ colorLibrary, colorSearch, validation, errors }` of the page language's messages. */
  messages: Dict;
}

/**
 * One color-card book's management: rename and delete, its colors with selection and removal, and adding a color
 * picked from a photo (read in the browser) under a name.
 */
export default function BookColors({ book, colors: initial, messages }: BookColorsProps) {
  const t = createClientT(messages);
  const photoT = createClientT((messages.colorSearch ?? {}) as Dict);
  const [colors, setColors] = useState(initial);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<null | 'rename' | 'delete' | 'remove' | 'photo'>(null);
  const [status, setStatus] = useState('');
  const chosen = colors.filter((c) => selected.has(c.id));

  function toggle(id: number) {
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="group" aria-label={book.name}>
        <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setDialog('rename')}>
          {t('colorLibrary.books.rename')}
        </button>
        <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setDialog('delete')}>
          {t('colorLibrary.books.delete')}
        </button>
        <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setDialog('photo')} disabled={colors.length >= COLOR_BOOK_MAX_COLORS}>
          {t('colorLibrary.books.addFromPhoto')}
        </button>
        {chosen.length > 0 && (
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setDialog('remove')}>
            {t('colorLibrary.books.removeSelected', { count: chosen.length })}
          </button>
        )}
      </div>
      <p className="sr-only" role="status">
        {status}
      </p>

      {colors.length === 0 ? (
        <p className={styles.empty}>{t('colorLibrary.books.noColors')}</p>
      ) : (
        <ul className={styles.colors}>
          {colors.map((c) => (
            <li key={c.id} className={selected.has(c.id) ? `${styles.color} ${styles.selected}` : styles.color}>
              <label className={styles.pick}>
                <input type="checkbox" checked={selected.has(c.id)} onChange={() => toggle(c.id)} aria-label={t('colorLibrary.books.select', { name: `${c.name} ${c.code}` })} />
                <svg viewBox="0 0 96 64" aria-hidden="true" focusable="false">
                  <rect x="0.5" y="0.5" width="95" height="63" rx="8" fill={c.hex} />
                </svg>
              </label>
              <span className={styles.name}>{c.name}</span>
              <span className={styles.code}>{c.code}</span>
              <span className={styles.code}>{c.hex.toUpperCase()}</span>
              {c.materialId !== null && (
                <a className={styles.source} href={`/material/detail?materialId=${c.materialId}`}>
                  {t('colorLibrary.books.fromMaterial')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}

      {dialog === 'rename' && (
        <Modal title={t('colorLibrary.books.rename')} onClose={() => setDialog(null)}>
          <BookNameForm t={t} initial={book.name} submitLabel={t('colorLibrary.books.rename')} save={(name) => colorBooksApi.rename(book.id, name)} onSaved={() => location.reload()} onCancel={() => setDialog(null)} />
        </Modal>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('colorLibrary.books.delete')}
          text={t('colorLibrary.books.deleteConfirm', { name: book.name, count: book.count })}
          confirmLabel={t('colorLibrary.books.delete')}
          cancelLabel={t('colorLibrary.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={async () => {
            await colorBooksApi.remove(book.id);
            location.assign(COLOR_CARD_BOOK_PATH);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'remove' && (
        <ConfirmDialog
          title={t('colorLibrary.books.removeSelected', { count: chosen.length })}
          text={chosen.map((c) => c.name).join('、')}
          confirmLabel={t('colorLibrary.books.remove')}
          cancelLabel={t('colorLibrary.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={async () => {
            const ids = chosen.map((c) => c.id);
            await colorBooksApi.removeColors(book.id, ids);
            setColors((list) => list.filter((c) => !ids.includes(c.id)));
            setSelected(new Set());
            setStatus(t('colorLibrary.removedFrom', { name: book.name }));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'photo' && <PhotoPick t={t} photoT={photoT} bookId={book.id} onClose={() => setDialog(null)} />}
    </div>
  );
}

/** A color from a photo: pick it, name it if you like, and it joins the book (the page then shows it). */
function PhotoPick({ t, photoT, bookId, onClose }: { t: ReturnType<typeof createClientT>; photoT: ReturnType<typeof createClientT>; bookId: number; onClose: () => void }) {
  const [hex, setHex] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function add() {
    if (!hex || busy) return;
    setBusy(true);
    setError('');
    try {
      await colorBooksApi.addColors(bookId, [{ source: 'picked', hex: `#${hex}`, ...(name.trim() ? { name: name.trim() } : {}) }]);
      location.reload();
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  }

  return (
    <Modal title={t('colorLibrary.books.addFromPhoto')} onClose={onClose} wide>
      <PhotoColors t={photoT} chosen={hex} onChoose={setHex} />
      {hex && (
        <div className={styles.picked}>
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="47" height="47" rx="8" fill={`#${hex}`} />
          </svg>
          <span className={styles.code}>#{hex.toUpperCase()}</span>
          <label className={styles.nameField}>
            <span>{t('colorLibrary.books.pickedName')}</span>
            <input className="input" value={name} maxLength={COLOR_BOOK_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
          </label>
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('colorLibrary.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!hex || busy} aria-busy={busy || undefined} onClick={() => void add()}>
          {t('colorLibrary.books.addPicked')}
        </button>
      </div>
    </Modal>
  );
}
