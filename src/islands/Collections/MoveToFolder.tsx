import { useId, useState } from 'react';
import { errorText } from '../../lib/api/client';
import { collectionsApi } from '../../lib/api/collections';
import type { CollectFolder } from '../../lib/contracts/collections';
import type { ClientT } from '../../lib/i18n/client';
import { FolderOption, FolderPickerActions } from './FolderOption';
import { Modal } from '../shared/Modal';
import styles from './Collections.module.css';

/**
 * "Move to…" for a material in an open folder: the user's other folders as radios (a folder made here comes back
 * chosen), Move enabled once one is chosen. The page is loaded again after the move, so the material leaves this
 * folder's list and both counts are the server's.
 */
export function MoveToFolder({ t, from, material, folders: initial, onClose }: { t: ClientT; from: { id: number; name: string }; material: { id: number; name: string }; folders: CollectFolder[]; onClose: () => void }) {
  const [folders, setFolders] = useState(initial);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const textId = useId();
  const group = useId();

  async function move() {
    if (pending || chosen === null) return;
    setPending(true);
    setError('');
    try {
      await collectionsApi.move([material.id], from.id, chosen);
      location.reload();
    } catch (e) {
      setError(errorText(t, e));
      setPending(false);
    }
  }

  return (
    <Modal title={t('collections.move.title')} describedBy={textId} onClose={onClose}>
      <p id={textId}>{t('collections.move.text', { name: material.name, folder: from.name })}</p>
      {folders.length === 0 ? (
        <p className={styles.empty}>{t('collections.move.noFolders')}</p>
      ) : (
        <fieldset className={styles.folderList}>
          <legend className="sr-only">{t('collections.folders')}</legend>
          {folders.map((f) => (
            <FolderOption key={f.id} t={t} folder={f} type="radio" group={group} checked={chosen === f.id} onChange={() => setChosen(f.id)} />
          ))}
        </fieldset>
      )}
      <FolderPickerActions
        t={t}
        error={error}
        cancelLabel={t('collections.move.cancel')}
        label={t('collections.move.confirm')}
        disabled={chosen === null}
        busy={pending}
        onConfirm={() => void move()}
        onCancel={onClose}
        onCreated={(folder) => {
          setFolders((list) => [folder, ...list]);
          setChosen(folder.id);
        }}
      />
    </Modal>
  );
}
