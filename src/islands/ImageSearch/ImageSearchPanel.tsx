import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { imageSearchApi } from '../../lib/api/image-search';
import { IMAGE_SEARCH_ACCEPT, IMAGE_SEARCH_MAX_BYTES, isSearchableImage, sameImageHref } from '../../lib/contracts/image-search-rules';
import type { ClientT } from '../../lib/i18n/client';
import styles from './ImageSearch.module.css';

type State = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'error'; message: string };

interface Props {
  id: string;
  open: boolean;
  t: ClientT;
  variant: 'icon' | 'button';
}

/**
 * The image-search popover's body, loaded on the button's first press: choose or drop a photo (png, jpg, jpeg or
 * webp only, checked here and again by the server), which is uploaded and searched; the results are `/search/same`
 * for that photo. It stays mounted (hidden) once loaded, so reopening is instant.
 */
export default function ImageSearchPanel({ id, open, t, variant }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (open) {
      chooser.current?.focus();
      return;
    }
    // Closing forgets a drag in progress and an error shown: the next opening starts clean.
    setDragging(false);
    setState((s) => (s.kind === 'error' ? { kind: 'idle' } : s));
  }, [open]);

  async function search(file: File | undefined) {
    if (!file || state.kind === 'uploading') return;
    if (!isSearchableImage(file)) return setState({ kind: 'error', message: t('wrongType') });
    if (file.size > IMAGE_SEARCH_MAX_BYTES) return setState({ kind: 'error', message: t('tooLarge') });
    setState({ kind: 'uploading' });
    // The results page searches again (the photo's descriptor is kept a while): one result is enough here.
    try {
      const answer = await imageSearchApi.search({ file, size: 1 }, { silent: true });
      if (!answer) throw new Error('no answer');
      location.assign(sameImageHref(answer.image.sha256));
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError && err.message ? err.message : t('failed') });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const uploading = state.kind === 'uploading';
  return (
    <div id={id} role="dialog" aria-label={t('dialogTitle')} aria-describedby={hintId} hidden={!open} className={variant === 'icon' ? `${styles.panel} ${styles.panelEnd}` : styles.panel}>
      <p className={styles.title}>{t('dialogTitle')}</p>
      <p id={hintId} className={styles.hint}>
        {t('dialogHint')}
      </p>
      <div
        className={dragging ? `${styles.drop} ${styles.dropActive}` : styles.drop}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void search(e.dataTransfer?.files[0]);
        }}
      >
        <button ref={chooser} type="button" className="btn btn-primary" disabled={uploading} onClick={() => input.current?.click()}>
          {t('choose')}
        </button>
        <span className={styles.dropText}>{t('drop')}</span>
        <input ref={input} className="sr-only" type="file" accept={IMAGE_SEARCH_ACCEPT} tabIndex={-1} aria-hidden="true" onChange={(e) => void search(e.currentTarget.files?.[0])} data-testid="image-search-file" />
      </div>
      <p className={state.kind === 'error' ? styles.error : styles.status} role={state.kind === 'error' ? 'alert' : 'status'}>
        {state.kind === 'uploading' ? t('uploading') : state.kind === 'error' ? state.message : ''}
      </p>
    </div>
  );
}
