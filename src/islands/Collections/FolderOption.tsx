import type { CollectFolder } from '../../lib/contracts/collections';
import type { ClientT } from '../../lib/i18n/client';
import styles from './Collections.module.css';

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
