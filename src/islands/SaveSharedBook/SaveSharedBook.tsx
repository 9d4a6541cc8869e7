import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { sharesApi } from '../../lib/api/sharing';
import { COLOR_CARD_BOOK_PATH, type ColorBook } from '../../lib/contracts/color-library';
import { createClientT, type Dict } from '../../lib/i18n/client';
import type { RoleUserType } from '../../lib/supplier-path';
import styles from './SaveSharedBook.module.css';

interface Props {
  shareId: string;
  /** Whose books the copy joins: 1 the viewer's own, 2 the supplier company they work in. */
  userType: RoleUserType;
  /** `{ share, errors }` slices of the page language's messages. */
  messages: Dict;
}

/**
 * "Save to my color-card books" on a color-card book share's landing: copies the shared book into the viewer's books
 * and then links to the copy. The outcome is said here rather than in a toast, since the phone landing has no
 * dialog region. Pressing again while it saves does nothing.
 */
export default function SaveSharedBook({ shareId, userType, messages }: Props) {
  const t = createClientT(messages);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<ColorBook | null>(null);
  const [error, setError] = useState('');

  async function save() {
    if (pending) return;
    setPending(true);
    setError('');
    try {
      const book = await sharesApi.saveColorBook(shareId, userType);
      if (book) setSaved(book);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.root}>
      {saved ? null : (
        // Not `disabled`: that would drop the focus of whoever just pressed it.
        <button type="button" className="btn btn-primary" aria-disabled={pending || undefined} onClick={() => void save()}>
          {pending ? t('share.savingBook') : t('share.saveBook')}
        </button>
      )}
      <p className={styles.status} role="status">
        {saved && (
          <>
            {t('share.savedBook', { name: saved.name })} <a href={`${COLOR_CARD_BOOK_PATH}?bookId=${saved.id}`}>{t('share.openSavedBook')}</a>
          </>
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
