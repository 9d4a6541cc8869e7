import { errorText } from '../../lib/api/client';
import { MATERIAL_BOOK_NAME_MAX } from '../../lib/contracts/material-books-rules';
import type { MaterialBook } from '../../lib/contracts/material-books';
import type { ClientT } from '../../lib/i18n/client';
import { NameForm } from '../shared/forms/NameForm';
import { Modal } from '../shared/Modal';

/** The material book's new-book or rename dialog: the material-book variant of the new-folder form (1–20 characters). */
export function BookNameDialog({ t, title, submit, initial, save, onSaved, onClose }: { t: ClientT; title: string; submit: string; initial?: string; save: (name: string) => Promise<MaterialBook | undefined>; onSaved: (book: MaterialBook) => void; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose}>
      <NameForm
        text={{
          label: t('materialBooks.name'),
          submit,
          cancel: t('materialBooks.editor.cancel'),
          counter: (count, max) => `${count}/${max}`,
          required: t('validation.required'),
          tooLong: t('validation.materialBookNameTooLong'),
          failure: (error) => errorText(t, error),
        }}
        max={MATERIAL_BOOK_NAME_MAX}
        initial={initial}
        save={save}
        onSaved={onSaved}
        onCancel={onClose}
      />
    </Modal>
  );
}
