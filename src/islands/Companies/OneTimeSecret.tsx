import { useId } from 'react';
import CopyLink from '../CopyLink/CopyLink';
import type { ClientT } from '../../lib/i18n/client';
import { formStyles } from '../shared/forms';
import { Modal } from '../shared/Modal';
import styles from './Companies.module.css';

interface Props {
  t: ClientT;
  title: string;
  /** Says this is the only time the value is shown, and what to do with it. */
  text: string;
  label: string;
  value: string;
  onDone: () => void;
  returnFocus: () => HTMLElement | null;
}

/**
 * A secret the server keeps no readable copy of for the company — an API token, a webhook's signing secret —
 * shown the one time it exists, with a copy button. Closing it in any way is done.
 */
export function OneTimeSecret({ t, title, text, label, value, onDone, returnFocus }: Props) {
  const w = (key: string) => t(`companies.common.${key}`);
  const textId = useId();
  return (
    <Modal title={title} describedBy={textId} onClose={onDone} fallbackFocus={returnFocus}>
      <div className={formStyles.form}>
        <p id={textId}>{text}</p>
        <CopyLink value={value} type="text" fieldLabel={label} buttonLabel={w('copy')} copiedText={w('copied')} failedText={w('copyFailed')} />
        <div className={styles.tokenDone}>
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            {w('done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
