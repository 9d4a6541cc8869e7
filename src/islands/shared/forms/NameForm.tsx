import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api/client';
import { DialogActions } from '../ConfirmDialog';
import styles from './NameForm.module.css';

export interface NameFormText {
  label: string;
  placeholder?: string;
  submit: string;
  cancel: string;
  /** `n/max` under the field. */
  counter: (count: number, max: number) => string;
  /** The name is empty once trimmed. */
  required: string;
  /** The name is longer than `max` characters once trimmed. */
  tooLong: string;
  /** A failure that is not the API's refusal of the name (the network, say). */
  failure: (error: unknown) => string;
}

/**
 * A dialog's one-field name form (a new or renamed folder or color-card book): the name with a live counter, checked
 * when the field loses focus and again on submit; the server's refusal (a name in use) lands under the field.
 * `save` calls the API with `silent` and resolves to what it saved.
 */
/** What is wrong with a name: '' when nothing; characters are counted as people see them, not UTF-16 units. */
function problemOf(text: NameFormText, max: number, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return text.required;
  return [...trimmed].length > max ? text.tooLong : '';
}

export function NameForm<T>({ text, max, initial = '', save, onSaved, onCancel }: { text: NameFormText; max: number; initial?: string; save: (name: string) => Promise<T | undefined>; onSaved: (saved: T) => void; onCancel: () => void }) {
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
    const problem = problemOf(text, max, name);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const saved = await save(name.trim());
      if (saved) onSaved(saved);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.find((f) => f.field === 'name')?.message ?? e.message) : text.failure(e));
    }
    setPending(false);
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={inputId}>{text.label}</label>
      <div className={styles.nameRow}>
        <input
          id={inputId}
          className="input"
          data-autofocus
          value={name}
          placeholder={text.placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (error) setError('');
          }}
          onBlur={() => setError(problemOf(text, max, name))}
        />
        <span id={counterId} className={length > max ? `${styles.counter} ${styles.over}` : styles.counter}>
          {text.counter(length, max)}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DialogActions busy={pending} label={text.submit} cancelLabel={text.cancel} onCancel={onCancel} />
    </form>
  );
}
