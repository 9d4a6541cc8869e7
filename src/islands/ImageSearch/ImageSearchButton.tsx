import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api/client';
import { imageSearchApi } from '../../lib/api/image-search';
import { IMAGE_SEARCH_ACCEPT, IMAGE_SEARCH_MAX_BYTES, isSearchableImage, sameImageHref } from '../../lib/contracts/image-search-rules';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { StrokeIcon } from '../shared/StrokeIcon';
import styles from './ImageSearch.module.css';

export interface ImageSearchButtonProps {
  /** A guest's press asks them to sign in (image search stores the photo, so it needs an account). */
  signedIn: boolean;
  /** `MESSAGES[lang].imageSearch`. */
  messages: Dict;
  /** `icon`: the camera beside the header search box; `button`: a labelled button on a page. */
  variant?: 'icon' | 'button';
}

const CAMERA = 'M4 8h3l2-3h6l2 3h3v11H4zM12 10.5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';
type State = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'error'; message: string };

/**
 * §2 header image search: a popover to choose or drop a photo (png, jpg, jpeg or webp only, checked here and again
 * by the server), which is uploaded and searched; the results are `/search/same` for that photo. Escape or a click
 * outside closes it and focus returns to the button.
 */
export default function ImageSearchButton({ signedIn, messages, variant = 'icon' }: ImageSearchButtonProps) {
  const t = createClientT(messages);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!open) return;
    chooser.current?.focus();
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(returnFocus = true) {
    setOpen(false);
    setDragging(false);
    if (state.kind === 'error') setState({ kind: 'idle' });
    if (returnFocus) button.current?.focus();
  }

  function toggle() {
    if (!signedIn) {
      api.promptLogin();
      return;
    }
    if (open) close();
    else setOpen(true);
  }

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
    <div
      ref={root}
      className={styles.root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={variant === 'icon' ? styles.iconButton : 'btn btn-secondary'}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={variant === 'icon' ? t('open') : undefined}
        title={variant === 'icon' ? (signedIn ? t('open') : t('loginFirst')) : undefined}
        onClick={toggle}
      >
        <StrokeIcon d={CAMERA} size={variant === 'icon' ? 20 : 18} strokeWidth={1.8} />
        {variant === 'button' && <span>{t('newPicture')}</span>}
      </button>
      <div
        id={panelId}
        role="dialog"
        aria-label={t('dialogTitle')}
        aria-describedby={hintId}
        hidden={!open}
        className={variant === 'icon' ? `${styles.panel} ${styles.panelEnd}` : styles.panel}
      >
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
    </div>
  );
}
