import { useEffect, useRef, useState, type DragEvent } from 'react';
import { errorText } from '../../lib/api/client';
import { materialBooksApi } from '../../lib/api/material-books';
import { MATERIAL_BOOK_INTRO_MAX, MATERIAL_BOOK_MAX_MATERIALS, MATERIAL_BOOKS_PATH } from '../../lib/contracts/material-books-rules';
import type { MaterialBook } from '../../lib/contracts/material-books';
import { createClientT, type ClientT, type Dict } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import { BookNameDialog } from './BookNameDialog';
import styles from './MaterialBooks.module.css';

/** A material as the editor lists it. */
export type EditorMaterial = { id: number; name: string; serialNo: string; cover: string | null };

export interface BookEditorProps {
  book: MaterialBook;
  /** All of the book's materials, in order. */
  materials: EditorMaterial[];
  /** The material whose cover the book uses, when one was chosen. */
  coverMaterialId: number | null;
  messages: Dict;
}

/**
 * The company's own book: rename, put on or take off the market, delete, print, and edit its contents — search the
 * company's materials and add them, order them by dragging or with move up and down, take one out, choose the
 * cover, write the introduction — saved in one call. The page shows the result after a save.
 */
export default function BookEditor({ book, materials, coverMaterialId, messages }: BookEditorProps) {
  const t = createClientT(messages);
  const [dialog, setDialog] = useState<null | 'rename' | 'edit' | 'delete'>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function market() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      if (book.onMarket === 1) await materialBooksApi.takeOff([book.id]);
      else await materialBooksApi.putOn([book.id]);
      location.reload();
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  }

  return (
    <div className={styles.bar}>
      <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setDialog('edit')}>
        {t('materialBooks.edit')}
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void market()}>
        {book.onMarket === 1 ? t('materialBooks.takeOffOne') : t('materialBooks.putOnOne')}
      </button>
      <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setDialog('rename')}>
        {t('materialBooks.rename')}
      </button>
      <button type="button" className="btn btn-secondary" aria-haspopup="dialog" onClick={() => setDialog('delete')}>
        {t('materialBooks.delete')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
        {t('materialBooks.print')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {dialog === 'rename' && (
        <BookNameDialog t={t} title={t('materialBooks.rename')} submit={t('materialBooks.rename')} initial={book.name} save={(name) => materialBooksApi.rename(book.id, name)} onSaved={() => location.reload()} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('materialBooks.delete')}
          text={t('materialBooks.deleteConfirm', { name: book.name })}
          confirmLabel={t('materialBooks.delete')}
          cancelLabel={t('materialBooks.editor.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={async () => {
            await materialBooksApi.remove(book.id);
            location.assign(MATERIAL_BOOKS_PATH);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'edit' && <ContentsDialog t={t} book={book} initial={materials} initialCover={coverMaterialId} onClose={() => setDialog(null)} />}
    </div>
  );
}

function ContentsDialog({ t, book, initial, initialCover, onClose }: { t: ClientT; book: MaterialBook; initial: EditorMaterial[]; initialCover: number | null; onClose: () => void }) {
  const [list, setList] = useState(initial);
  const [cover, setCover] = useState(initialCover);
  const [introduction, setIntroduction] = useState(book.introduction);
  const [words, setWords] = useState('');
  const [results, setResults] = useState<EditorMaterial[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const searchSeq = useRef(0);

  async function search() {
    const seq = ++searchSeq.current;
    try {
      const page = await materialBooksApi.ownMaterials(words.trim());
      if (seq === searchSeq.current) setResults((page?.records ?? []).map((m) => ({ id: m.id, name: m.name, serialNo: m.serialNo, cover: m.cover?.src ?? null })));
    } catch (e) {
      setError(errorText(t, e));
    }
  }
  useEffect(() => {
    void search();
  }, []);

  const held = new Set(list.map((m) => m.id));
  const move = (from: number, to: number) =>
    setList((l) => {
      if (to < 0 || to >= l.length) return l;
      const next = [...l];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  async function save() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await materialBooksApi.edit({ id: book.id, introduction: introduction.trim(), coverMaterialId: cover !== null && held.has(cover) ? cover : null, materialIds: list.map((m) => m.id) });
      location.reload();
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  }

  return (
    <Modal title={t('materialBooks.editor.title')} onClose={onClose} wide>
      <div className={styles.editor}>
        <section className={styles.column} aria-labelledby="book-search-title">
          <h3 id="book-search-title">{t('materialBooks.editor.searchOwn')}</h3>
          <form
            className={styles.bar}
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              void search();
            }}
          >
            <input className="input" type="search" value={words} onChange={(e) => setWords(e.currentTarget.value)} placeholder={t('materialBooks.editor.searchPlaceholder')} aria-label={t('materialBooks.editor.searchOwn')} />
            <button type="submit" className="btn btn-secondary">
              {t('materialBooks.searchButton')}
            </button>
          </form>
          {results && results.length === 0 && <p className={styles.hint}>{t('materialBooks.editor.noResults')}</p>}
          <ul className={styles.rows} aria-label={t('materialBooks.editor.results')}>
            {(results ?? []).map((m) => (
              <li key={m.id} className={styles.row}>
                {m.cover ? <img className={styles.thumb} src={m.cover} alt="" /> : <span className={styles.thumb} />}
                <span className={styles.rowName}>
                  {m.name} <span className={styles.hint}>{m.serialNo}</span>
                </span>
                <button
                  type="button"
                  className={`btn btn-secondary ${styles.small}`}
                  disabled={held.has(m.id) || list.length >= MATERIAL_BOOK_MAX_MATERIALS}
                  aria-label={`${t('materialBooks.editor.add')} ${m.name}`}
                  onClick={() => setList((l) => [...l, m])}
                >
                  {held.has(m.id) ? t('materialBooks.editor.added') : t('materialBooks.editor.add')}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.column} aria-labelledby="book-list-title">
          <h3 id="book-list-title">{t('materialBooks.editor.materials', { count: list.length, max: MATERIAL_BOOK_MAX_MATERIALS })}</h3>
          <p className={styles.hint}>{list.length === 0 ? t('materialBooks.editor.empty') : t('materialBooks.editor.dragHint')}</p>
          <ol className={styles.rows}>
            {list.map((m, i) => (
              <li
                key={m.id}
                className={dragging === i ? `${styles.row} ${styles.dragging}` : styles.row}
                draggable
                onDragStart={() => setDragging(i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, i)}
                onDragEnd={() => setDragging(null)}
              >
                {m.cover ? <img className={styles.thumb} src={m.cover} alt="" /> : <span className={styles.thumb} />}
                <span className={styles.rowName}>{m.name}</span>
                <label className={styles.hint}>
                  <input type="radio" name="book-cover" checked={cover === m.id} onChange={() => setCover(m.id)} /> {t('materialBooks.editor.isCover')}
                </label>
                <button type="button" className={`btn btn-ghost ${styles.small}`} disabled={i === 0} aria-label={`${t('materialBooks.editor.up')}: ${m.name}`} onClick={() => move(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className={`btn btn-ghost ${styles.small}`} disabled={i === list.length - 1} aria-label={`${t('materialBooks.editor.down')}: ${m.name}`} onClick={() => move(i, i + 1)}>
                  ↓
                </button>
                <button type="button" className={`btn btn-ghost ${styles.small}`} aria-label={`${t('materialBooks.editor.remove')}: ${m.name}`} onClick={() => setList((l) => l.filter((x) => x.id !== m.id))}>
                  ×
                </button>
              </li>
            ))}
          </ol>
          <label className={styles.field}>
            <span>{t('materialBooks.introduction')}</span>
            <textarea className="input" maxLength={MATERIAL_BOOK_INTRO_MAX} value={introduction} onChange={(e) => setIntroduction(e.currentTarget.value)} />
          </label>
        </section>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('materialBooks.editor.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void save()}>
          {t('materialBooks.editor.save')}
        </button>
      </div>
    </Modal>
  );
}
