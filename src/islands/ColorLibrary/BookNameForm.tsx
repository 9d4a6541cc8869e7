import { useId, useState } from 'react';
import { ApiError, errorText } from '../../lib/api/client';
import { COLOR_BOOK_NAME_MAX } from '../../lib/contracts/color-library-rules';
import type { ColorBook } from '../../lib/contracts/color-library';
import type { ClientT } from '../../lib/i18n/client';
import styles from './ColorLibrary.module.css';

/** Book names are required and at most 32 characters once trimmed; '' when fine. */
export function bookNameProblem(t: ClientT, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return t('validation.required');
  if ([...trimmed].length > COLOR_BOOK_NAME_MAX) return t('validation.colorBookNameTooLong');
  return '';
}

/**
 * The new-book (or rename) form, the color-card variant of the new-folder form: the name with a live counter
 * (n/32), checked on blur and on submit; the server's refusal (a name in use) lands under the field.
 */
export function BookNameForm({ t, initial = '', submitLabel, save, onSaved, onCancel }: { t: ClientT; initial?: string; submitLabel: string; save: (name: string) => Promise<ColorBook | undefined>; onSaved: (book: ColorBook) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const counterId = useId();
  const length = [...name.trim()].length;

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (pending) return;
    const problem = bookNameProblem(t, name);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const book = await save(name.trim());
      if (book) onSaved(book);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.find((f) => f.field === 'name')?.message ?? e.message) : errorText(t, e));
    }
    setPending(false);
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={inputId}>{t('colorLibrary.newBookName')}</label>
      <div className={styles.nameRow}>
        <input
          id={inputId}
          className="input"
          data-autofocus
          value={name}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (error) setError('');
          }}
          onBlur={() => name && setError(bookNameProblem(t, name))}
        />
        <span id={counterId} className={length > COLOR_BOOK_NAME_MAX ? `${styles.counter} ${styles.over}` : styles.counter}>
          {t('colorLibrary.nameCount', { count: length, max: COLOR_BOOK_NAME_MAX })}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('colorLibrary.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
