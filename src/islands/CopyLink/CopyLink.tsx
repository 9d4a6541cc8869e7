import { useEffect, useRef, useState } from 'react';
import styles from './CopyLink.module.css';

interface Props {
  url: string;
  /** Label of the read-only field showing the link. */
  fieldLabel: string;
  buttonLabel: string;
  copiedText: string;
  /** Shown when the Clipboard API is missing or refused; the field stays selectable for a manual copy. */
  failedText: string;
}

const FEEDBACK_MS = 3_000;

/** A link in a read-only field with a copy button; the outcome is announced through a status region. */
export default function CopyLink({ url, fieldLabel, buttonLabel, copiedText, failedText }: Props) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch {
      inputRef.current?.select();
      setStatus('failed');
    }
  };

  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor="copy-link-url">
        {fieldLabel}
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id="copy-link-url"
          className={styles.input}
          type="url"
          value={url}
          readOnly
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
