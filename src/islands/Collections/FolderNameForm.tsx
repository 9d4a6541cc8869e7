import { useId, useState } from 'react';
import { ApiError, errorText } from '../../lib/api/client';
import { collectionsApi } from '../../lib/api/collections';
import { FOLDER_NAME_MAX } from '../../lib/contracts/collections-rules';
import type { CollectFolder } from '../../lib/contracts/collections';
import type { ClientT } from '../../lib/i18n/client';
import { DialogActions } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './Collections.module.css';

/** Folder names are required and at most 20 characters once trimmed; '' when fine. */
export function folderNameProblem(t: ClientT, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return t('collections.folderForm.required');
  if ([...trimmed].length > FOLDER_NAME_MAX) return t('collections.folderForm.tooLong', { max: FOLDER_NAME_MAX });
  return '';
}

/** The server's word on a refused name (duplicate): the `name` field's message, else the error's own. */
export function nameFailure(t: ClientT, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  return error.fields?.find((f) => f.field === 'name')?.message ?? error.message;
}

/**
 * The new-folder / rename form: the name with a live counter (n/20), checked when the field loses focus
 * and again on submit; the server's refusal (a duplicate name) lands under the field. `save` calls the API with
 * `silent` and resolves to the saved folder.
 */
export function FolderNameForm({ t, initial = '', save, onSaved, onCancel }: { t: ClientT; initial?: string; save: (name: string) => Promise<CollectFolder | undefined>; onSaved: (folder: CollectFolder) => void; onCancel: () => void }) {
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
    const problem = folderNameProblem(t, name);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const folder = await save(name.trim());
      if (folder) onSaved(folder);
    } catch (e) {
      setError(nameFailure(t, e));
    }
    setPending(false);
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={inputId}>{t('collections.folderForm.name')}</label>
      <div className={styles.nameRow}>
        <input
          id={inputId}
          className="input"
          data-autofocus
          value={name}
          placeholder={t('collections.folderForm.placeholder')}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (error) setError('');
          }}
          onBlur={() => setError(folderNameProblem(t, name))}
        />
        <span id={counterId} className={length > FOLDER_NAME_MAX ? `${styles.counter} ${styles.over}` : styles.counter}>
          {t('collections.folderForm.counter', { count: length, max: FOLDER_NAME_MAX })}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DialogActions busy={pending} label={t('collections.folderForm.save')} cancelLabel={t('collections.folderForm.cancel')} onCancel={onCancel} />
    </form>
  );
}

/** The new-folder dialog over a folder picker (collect, move): the created folder goes to `onSaved`. */
export function NewFolderDialog({ t, onClose, onSaved }: { t: ClientT; onClose: () => void; onSaved: (folder: CollectFolder) => void }) {
  return (
    <Modal title={t('collections.folderForm.title')} onClose={onClose}>
      <FolderNameForm t={t} save={(name) => collectionsApi.addFolder(name)} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}
