import { errorText } from '../../lib/api/client';
import { COLOR_BOOK_NAME_MAX } from '../../lib/contracts/color-library-rules';
import type { ColorBook } from '../../lib/contracts/color-library';
import type { ClientT } from '../../lib/i18n/client';
import { NameForm } from '../shared/forms/NameForm';

/** The new-book (or rename) form, the color-card variant of the new-folder form: a name of 1–32 characters. */
export function BookNameForm({ t, initial = '', submitLabel, save, onSaved, onCancel }: { t: ClientT; initial?: string; submitLabel: string; save: (name: string) => Promise<ColorBook | undefined>; onSaved: (book: ColorBook) => void; onCancel: () => void }) {
  return (
    <NameForm
      text={{
        label: t('colorLibrary.newBookName'),
        submit: submitLabel,
        cancel: t('colorLibrary.cancel'),
        counter: (count, max) => t('colorLibrary.nameCount', { count, max }),
        required: t('validation.required'),
        tooLong: t('validation.colorBookNameTooLong'),
        failure: (error) => errorText(t, error),
      }}
      max={COLOR_BOOK_NAME_MAX}
      initial={initial}
      save={save}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
