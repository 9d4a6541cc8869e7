import { useEffect, useId, useRef, useState } from 'react';
import styles from './CopyLink.module.css';

interface Props {
  value: string;
  /** A link by default; `text` for a secret such as an API token. */
  type?: 'url' | 'text';
  /** Label of the read-only field showing the value. */
  fieldLabel: string;
  buttonLabel: string;
  copiedText: string;
  /** Shown when the Clipboard API is missing or refused; the field stays selectable for a manual copy. */
  failedText: string;
}

const FEEDBACK_MS = 3_000;

/** A link (or a secret) in a read-only field with a copy button; the outcome is announced through a status region. */
export default function CopyLink({ value, type = 'url', fieldLabel, buttonLabel, copiedText, failedText }: Props) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setStatus('copied');
    } catch {
      inputRef.current?.select();
      setStatus('failed');
    }
  };

  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor={id}>
        {fieldLabel}
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          type={type}
          value={value}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn-primary" onClick={copy}>
          {buttonLabel}
        </button>
      </div>
      <p className={styles.status} role="status">
        {status === 'copied' ? copiedText : status === 'failed' ? failedText : ''}
      </p>
    </div>
  );
}
