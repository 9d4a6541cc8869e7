import { useState } from 'react';
import { errorText } from '../../lib/api/client';
import { enterpriseLibraryApi } from '../../lib/api/enterprise-library';
import type { PassTokenKind } from '../../lib/contracts/enterprise-library-rules';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './LibraryActions.module.css';

interface Props {
  materialId: number;
  /** The viewer may push into (and take out of) their company's library. */
  canPush: boolean;
  /** The material is in the library now. */
  inLibrary: boolean;
  /** Every color card rendered: only such a material may be pushed (docs/product/enterprise-library.md#pushing). */
  fullyRendered: boolean;
  /** The viewer may browse the library and hand out links to its materials. */
  canView: boolean;
  /** The material is their company's own, and they manage its materials: they may hand out a link to it. */
  canSource: boolean;
  /** `{ library, errors }` of the page language. */
  messages: Dict;
}

/**
 * A material's enterprise-library actions on its page (docs/product/enterprise-library.md#the-pages): push it in or
 * take it out, and make a link that opens it for someone without an account. The page decides what the viewer may
 * do; the calls check it again.
 */
export default function LibraryActions({ materialId, canPush, inLibrary: initiallyIn, fullyRendered, canView, canSource, messages }: Props) {
  const t = createClientT(messages);
  const [inLibrary, setInLibrary] = useState(initiallyIn);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; alert: boolean } | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // A link from the library while the material is in it, else the company's own link to its material.
  const kind: PassTokenKind | null = canView && inLibrary ? 'lab' : canSource ? 'source' : null;

  async function run(work: () => Promise<string>) {
    setBusy(true);
    setSaid(null);
    try {
      setSaid({ text: await work(), alert: false });
    } catch (e) {
      setSaid({ text: t('library.actions.failed', { message: errorText(t, e) }), alert: true });
    } finally {
      setBusy(false);
    }
  }

  const push = () =>
    run(async () => {
      await enterpriseLibraryApi.push([materialId]);
      setInLibrary(true);
      return t('library.actions.pushed');
    });
  const remove = () =>
    run(async () => {
      await enterpriseLibraryApi.remove([materialId]);
      setInLibrary(false);
      setLink(null);
      return t('library.actions.removed');
    });
  const makeLink = () =>
    run(async () => {
      const made = kind === 'source' ? await enterpriseLibraryApi.sourcePassToken(materialId) : await enterpriseLibraryApi.libraryPassToken(materialId);
      if (!made) throw new Error('no token');
      const query = new URLSearchParams({ passToken: made.token, ...(kind === 'source' ? { kind } : {}) });
      setLink(new URL(`/material/pass?${query}`, location.href).href);
      setCopied(false);
      return t('library.actions.passHint', { minutes: Math.round(made.expiresIn / 60) });
    });

  async function copy() {
    if (!link || !navigator.clipboard?.writeText) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className={styles.box} role="group" aria-label={t('library.actions.label')}>
      <div className={styles.row}>
        {canPush &&
          (inLibrary ? (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void remove()}>
              {t('library.actions.remove')}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" disabled={busy || !fullyRendered} aria-describedby={fullyRendered ? undefined : `library-why-${materialId}`} onClick={() => void push()}>
              {t('library.actions.push')}
            </button>
          ))}
        {!canPush && inLibrary && <span className={styles.tag}>{t('library.actions.inLibrary')}</span>}
        {kind && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void makeLink()}>
            {t('library.actions.passLink')}
          </button>
        )}
        {(inLibrary || canPush) && (
          <a className={styles.open} href="/enterprise-library">
            {t('library.actions.open')}
          </a>
        )}
      </div>
      {canPush && !inLibrary && !fullyRendered && (
        <p id={`library-why-${materialId}`} className={styles.note}>
          {t('validation.cannotPush')}
        </p>
      )}
      {link && (
        <div className={styles.link}>
          <label htmlFor={`library-link-${materialId}`}>{t('library.actions.passLabel')}</label>
          <input id={`library-link-${materialId}`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
            {copied ? t('library.actions.copied') : t('library.actions.copy')}
          </button>
        </div>
      )}
      <p role={said?.alert ? 'alert' : 'status'} className={`${styles.note} ${said?.alert ? styles.alert : ''}`}>
        {said?.text}
      </p>
    </div>
  );
}
