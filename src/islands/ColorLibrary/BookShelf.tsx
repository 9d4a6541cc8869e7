import { useState } from 'react';
import { colorBooksApi } from '../../lib/api/color-books';
import { COLOR_CARD_BOOK_PATH } from '../../lib/contracts/color-library-rules';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { Modal } from '../shared/Modal';
import { BookNameForm } from './BookNameForm';

/** "New book" on the book list: the new-book dialog, then the new book opens. */
export default function BookShelf({ messages }: { messages: Dict }) {
  const t = createClientT(messages);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
        {t('colorLibrary.books.create')}
      </button>
      {creating && (
        <Modal title={t('colorLibrary.newBook')} onClose={() => setCreating(false)}>
          <BookNameForm
            t={t}
            submitLabel={t('colorLibrary.books.create')}
            save={(name) => colorBooksApi.add(name)}
            onSaved={(book) => location.assign(`${COLOR_CARD_BOOK_PATH}?bookId=${book.id}`)}
            onCancel={() => setCreating(false)}
          />
        </Modal>
      )}
    </>
  );
}
