import { useId, useState } from 'react';
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
  const w = (key: string) => t(`companies.apiTokens.${key}`);
  const ids = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyValue() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <Modal title={title} describedBy={`${ids}-text`} onClose={onDone} fallbackFocus={returnFocus}>
      <div className={formStyles.form}>
        <p id={`${ids}-text`}>{text}</p>
        <div className={styles.tokenBox}>
          <label htmlFor={`${ids}-value`}>{label}</label>
          <input id={`${ids}-value`} className={styles.tokenValue} readOnly value={value} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
          <button type="button" className="btn btn-secondary" onClick={copyValue}>
            {copy === 'copied' ? w('copied') : w('copy')}
          </button>
        </div>
        <p role="status" className={copy === 'failed' ? formStyles.error : styles.muted}>
          {copy === 'failed' ? w('copyFailed') : copy === 'copied' ? w('copied') : ''}
        </p>
        <div className={styles.tokenDone}>
          <button type="button" className="btn btn-primary" onClick={onDone}>
            {w('done')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
