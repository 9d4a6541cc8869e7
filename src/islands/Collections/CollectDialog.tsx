import { useEffect, useState } from 'react';
import { track } from '../../lib/analytics';
import { errorText } from '../../lib/api/client';
import { USAGE_EVENTS } from '../../lib/contracts/analytics-rules';
import { collectionsApi } from '../../lib/api/collections';
import { toast } from '../../lib/api/dialogs';
import type { CollectFolder } from '../../lib/contracts/collections';
import { ERROR_LEVEL } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { FolderOption, FolderPickerActions } from './FolderOption';
import { Modal } from '../shared/Modal';
import { belong } from './belong';
import styles from './Collections.module.css';

const sameSet = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * The add-to-folder dialog: the folders (cover, name, count) as checkboxes preset from the folders the material is
 * in, "new folder" inside (the new one comes back checked), Confirm enabled only once the choice differs from what
 * it was. Confirming collects into the newly checked folders and takes the material out of the
 * unchecked ones; `onSaved` is told whether the material is now in any folder.
 */
export function CollectDialog({ t, materialId, version, onClose, onSaved }: { t: ClientT; materialId: number; version?: number | undefined; onClose: () => void; onSaved: (collected: boolean) => void }) {
  const [folders, setFolders] = useState<CollectFolder[] | null>(null);
  const [initial, setInitial] = useState<Set<number>>(new Set());
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    Promise.all([collectionsApi.folders(), belong(materialId)]).then(
      ([page, ids]) => {
        setFolders(page?.records ?? []);
        setInitial(ids);
        setChosen(new Set(ids));
      },
      (e: unknown) => setError(errorText(t, e)),
    );
  }, []);

  function toggle(id: number) {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  }

  async function confirm() {
    if (pending || sameSet(chosen, initial)) return;
    setPending(true);
    setError('');
    const added = [...chosen].filter((id) => !initial.has(id));
    const removed = [...initial].filter((id) => !chosen.has(id));
    try {
      if (added.length > 0) {
        await collectionsApi.collect(materialId, added, version);
        track({ event: USAGE_EVENTS.collect, properties: { materialId, folders: added.length } });
      }
      for (const id of removed) await collectionsApi.takeOut(id, [materialId]);
      toast(ERROR_LEVEL.info, t('collections.collect.done'));
      onSaved(chosen.size > 0);
    } catch (e) {
      setError(errorText(t, e));
      setPending(false);
    }
  }

  return (
    <Modal title={t('collections.collect.title')} onClose={onClose}>
      {folders === null && !error && (
        <p className={styles.muted} role="status" aria-busy="true">
          {t('collections.collect.loading')}
        </p>
      )}
      {folders?.length === 0 && <p className={styles.empty}>{t('collections.collect.noFolders')}</p>}
      {folders && folders.length > 0 && (
        <fieldset className={styles.folderList}>
          <legend className="sr-only">{t('collections.folders')}</legend>
          {folders.map((f) => (
            <FolderOption key={f.id} t={t} folder={f} type="checkbox" checked={chosen.has(f.id)} onChange={() => toggle(f.id)} />
          ))}
        </fieldset>
      )}
      <FolderPickerActions
        t={t}
        error={error}
        loading={folders === null}
        cancelLabel={t('collections.collect.cancel')}
        label={t('collections.collect.confirm')}
        disabled={sameSet(chosen, initial)}
        busy={pending}
        onConfirm={() => void confirm()}
        onCancel={onClose}
        onCreated={(folder) => {
          setFolders((list) => [folder, ...(list ?? [])]);
          setChosen((set) => new Set(set).add(folder.id));
        }}
      />
    </Modal>
  );
}
