import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { collectionsApi } from '../../lib/api/collections';
import type { CollectFolder } from '../../lib/contracts/collections';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { FolderNameForm } from './FolderNameForm';
import { MoveToFolder } from './MoveToFolder';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './Collections.module.css';

const PATH = '/main/collection/folders';

export interface FolderActionsProps {
  folder: { id: number; name: string };
  /** This page's materials, for taking one out of the folder or moving it to another. */
  materials: { id: number; name: string }[];
  /** The user's other folders, to move a material to. */
  otherFolders: CollectFolder[];
  /** `{ collections, errors }` slices of the page language's messages. */
  messages: Dict;
}

type Confirming = { kind: 'folder' } | { kind: 'material'; id: number; name: string } | null;

/**
 * An open folder's actions on /main/collection/folders: rename (the new-folder form's rules), delete the
 * folder, and take a material out of it, both after a confirmation, or move a material to another folder. The page
 * stays server-rendered: after a change it is loaded again (or the folder grid, once the folder is gone).
 */
export default function FolderActions({ folder, materials, otherFolders, messages }: FolderActionsProps) {
  const t = createClientT(messages);
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [moving, setMoving] = useState<{ id: number; name: string } | null>(null);
  return (
    <div>
      <div className={styles.manage} role="group" aria-label={t('collections.manage.actions')}>
        <button type="button" className="btn btn-secondary" onClick={() => setRenaming(true)}>
          {t('collections.manage.rename')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming({ kind: 'folder' })}>
          {t('collections.manage.remove')}
        </button>
      </div>
      {materials.length > 0 && (
        <>
          <h2 className={styles.itemsTitle}>{t('collections.manage.items')}</h2>
          <ul className={styles.items}>
            {materials.map((m) => (
              <li key={m.id} className={styles.item}>
                <span>{m.name}</span>
                <span className={styles.itemActions}>
                  <button type="button" className="btn btn-ghost" aria-label={t('collections.move.label', { name: m.name })} aria-haspopup="dialog" onClick={() => setMoving(m)}>
                    {t('collections.move.action')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={t('collections.manage.uncollectLabel', { name: m.name })}
                    onClick={() => setConfirming({ kind: 'material', id: m.id, name: m.name })}
                  >
                    {t('collections.manage.uncollect')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {renaming && (
        <Modal title={t('collections.folderForm.renameTitle')} onClose={() => setRenaming(false)}>
          <FolderNameForm t={t} initial={folder.name} save={(name) => collectionsApi.renameFolder(folder.id, name)} onCancel={() => setRenaming(false)} onSaved={() => location.reload()} />
        </Modal>
      )}
      {moving && <MoveToFolder t={t} from={folder} material={moving} folders={otherFolders} onClose={() => setMoving(null)} />}
      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'folder' ? t('collections.manage.removeTitle') : t('collections.manage.uncollectTitle')}
          text={confirming.kind === 'folder' ? t('collections.manage.removeText', { name: folder.name }) : t('collections.manage.uncollectText', { name: confirming.name, folder: folder.name })}
          confirmLabel={confirming.kind === 'folder' ? t('collections.manage.removeConfirm') : t('collections.manage.uncollectConfirm')}
          cancelLabel={t('collections.manage.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={async () => {
            // The page is loaded again (or left, once the folder is gone); the button stays busy until then.
            if (confirming.kind === 'folder') {
              await collectionsApi.removeFolder(folder.id);
              location.assign(PATH);
            } else {
              await collectionsApi.takeOut(folder.id, [confirming.id]);
              location.reload();
            }
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
