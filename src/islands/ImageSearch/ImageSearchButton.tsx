import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { promptLogin } from '../../lib/api/client';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { StrokeIcon } from '../shared/StrokeIcon';
import styles from './ImageSearch.module.css';

// The upload panel loads on the first press: the camera sits in every page's header and is rarely used.
const ImageSearchPanel = lazy(() => import('./ImageSearchPanel'));

export interface ImageSearchButtonProps {
  /** A guest's press asks them to sign in (image search stores the photo, so it needs an account). */
  signedIn: boolean;
  /** `MESSAGES[lang].imageSearch`. */
  messages: Dict;
  /** `icon`: the camera beside the header search box; `button`: a labelled button on a page. */
  variant?: 'icon' | 'button';
}

const CAMERA = 'M4 8h3l2-3h6l2 3h3v11H4zM12 10.5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';

/**
 * The header image search: a button opening a popover to search by a photo. Escape or a click outside closes
 * it and focus returns to the button.
 */
export default function ImageSearchButton({ signedIn, messages, variant = 'icon' }: ImageSearchButtonProps) {
  const t = createClientT(messages);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function toggle() {
    if (!signedIn) {
      promptLogin();
      return;
    }
    if (open) close();
    else {
      setLoaded(true);
      setOpen(true);
    }
  }

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
        aria-controls={loaded ? panelId : undefined}
        aria-label={variant === 'icon' ? t('open') : undefined}
        title={variant === 'icon' ? (signedIn ? t('open') : t('loginFirst')) : undefined}
        onClick={toggle}
      >
        <StrokeIcon d={CAMERA} size={variant === 'icon' ? 20 : 18} strokeWidth={1.8} />
        {variant === 'button' && <span>{t('newPicture')}</span>}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ImageSearchPanel id={panelId} open={open} t={t} variant={variant} />
        </Suspense>
      )}
    </div>
  );
}
