import { useEffect, useState } from 'react';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './ColorLibrary.module.css';

export interface CopyValuesProps {
  /** Each value as shown and copied: `#a1b2c3`, `161, 178, 195`… */
  values: { label: string; text: string }[];
  /** `{ colorLibrary }` of the page language's messages. */
  messages: Dict;
}

const FEEDBACK_MS = 2_000;

/**
 * A color's values (code, hex, sRGB, Lab, LCh), each with a copy button. The values are text in the page, so
 * without script or clipboard they can still be selected by hand; the outcome is announced in a status region.
 */
export default function CopyValues({ values, messages }: CopyValuesProps) {
  const t = createClientT(messages);
  const [status, setStatus] = useState<{ index: number; ok: boolean } | null>(null);

  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  async function copy(index: number, text: string) {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setStatus({ index, ok: true });
    } catch {
      setStatus({ index, ok: false });
    }
  }

  return (
    <>
      <dl className={styles.values}>
        {values.map((v, index) => (
          <div key={v.label} className={styles.value}>
            <dt>{v.label}</dt>
            <dd>
              <span className={styles.mono}>{v.text}</span>
              <button type="button" className={styles.copy} aria-label={t('colorLibrary.copyLabel', { what: v.label })} onClick={() => void copy(index, v.text)}>
                {status?.index === index ? (status.ok ? t('colorLibrary.copied') : '!') : t('colorLibrary.copy')}
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className={status?.ok === false ? styles.error : 'sr-only'} role="status">
        {status ? (status.ok ? t('colorLibrary.copied') : t('colorLibrary.copyFailed')) : ''}
      </p>
    </>
  );
}
