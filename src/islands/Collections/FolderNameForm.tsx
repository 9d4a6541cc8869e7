import { errorText } from '../../lib/api/client';
import { collectionsApi } from '../../lib/api/collections';
import { FOLDER_NAME_MAX } from '../../lib/contracts/collections-rules';
import type { CollectFolder } from '../../lib/contracts/collections';
import type { ClientT } from '../../lib/i18n/client';
import { Modal } from '../shared/Modal';
import { NameForm, type NameFormText } from '../shared/forms/NameForm';

/**
 * The new-folder / rename form: the name with a live counter (n/20), checked when the field loses focus and again on
 * submit; the server's refusal (a duplicate name) lands under the field.
 */
export function FolderNameForm({ t, initial = '', save, onSaved, onCancel }: { t: ClientT; initial?: string; save: (name: string) => Promise<CollectFolder | undefined>; onSaved: (folder: CollectFolder) => void; onCancel: () => void }) {
  const text: NameFormText = {
    label: t('collections.folderForm.name'),
    placeholder: t('collections.folderForm.placeholder'),
    submit: t('collections.folderForm.save'),
    cancel: t('collections.folderForm.cancel'),
    counter: (count, max) => t('collections.folderForm.counter', { count, max }),
    required: t('collections.folderForm.required'),
    tooLong: t('collections.folderForm.tooLong', { max: FOLDER_NAME_MAX }),
    failure: (error) => errorText(t, error),
  };
  return <NameForm text={text} max={FOLDER_NAME_MAX} initial={initial} save={save} onSaved={onSaved} onCancel={onCancel} />;
}

/** The new-folder dialog over a folder picker (collect, move): the created folder goes to `onSaved`. */
export function NewFolderDialog({ t, onClose, onSaved }: { t: ClientT; onClose: () => void; onSaved: (folder: CollectFolder) => void }) {
  return (
    <Modal title={t('collections.folderForm.title')} onClose={onClose}>
      <FolderNameForm t={t} save={(name) => collectionsApi.addFolder(name)} onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}
