import { useState } from 'react';
import type { CollectFolder } from '../../lib/contracts/collections';
import type { ClientT } from '../../lib/i18n/client';
import { DialogActions, type DialogActionsProps } from '../shared/ConfirmDialog';
import styles from './Collections.module.css';
import { NewFolderDialog } from './FolderNameForm';

/** One folder to choose in a dialog (checkboxes to collect into, radios to move to): cover, name and count. */
export function FolderOption({ t, folder: f, type, group, checked, onChange }: { t: ClientT; folder: CollectFolder; type: 'checkbox' | 'radio'; group?: string; checked: boolean; onChange: () => void }) {
  return (
    <label className={styles.folderOption}>
      <input type={type} name={group} checked={checked} onChange={onChange} aria-label={t('collections.collect.folderOption', { name: f.name, count: f.count })} />
      <span className={styles.thumb}>{f.cover ? <img src={f.cover.src} srcSet={f.cover.srcset} width={f.cover.width} height={f.cover.height} alt="" loading="lazy" /> : null}</span>
      <span className={styles.folderName}>{f.name}</span>
      <span className={styles.muted}>{t(f.count === 1 ? 'collections.countOne' : 'collections.count', { count: f.count })}</span>
    </label>
  );
}

type PickerActionsProps = Omit<DialogActionsProps, 'start'> & {
  t: ClientT;
  /** Until the folders have loaded, a new one has nowhere to go. */
  loading?: boolean;
  /** A folder made from here: the picker lists it, chosen. */
  onCreated: (folder: CollectFolder) => void;
};

/** The end of a folder picker (collect, move): "new folder", which opens its own dialog over this one, then Cancel and the button that acts. */
export function FolderPickerActions({ t, loading = false, onCreated, ...actions }: PickerActionsProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DialogActions
        {...actions}
        start={
          <button type="button" className={`btn btn-secondary ${styles.newFolder}`} disabled={loading} onClick={() => setCreating(true)}>
            {t('collections.collect.newFolder')}
          </button>
        }
      />
      {creating && (
        <NewFolderDialog
          t={t}
          onClose={() => setCreating(false)}
          onSaved={(folder) => {
            onCreated(folder);
            setCreating(false);
          }}
        />
      )}
    </>
  );
}
