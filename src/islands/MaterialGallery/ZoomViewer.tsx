import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { GalleryImage } from '../../lib/contracts/materials';
import { Picture } from '../shared/Picture';
import { StrokeIcon } from '../shared/StrokeIcon';
import styles from './ZoomViewer.module.css';

export type ZoomMessages = { open: string; close: string; previous: string; next: string; actualSize: string; fitScreen: string; position: string };

interface Props {
  images: GalleryImage[];
  index: number;
  alt: string;
  messages: ZoomMessages;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The gallery's pictures at the larger preset, over the whole screen (docs/product/catalogue.md#material-detail): fitted
 * to the screen first, at their own size (scrolled around) on a press; arrows step through the gallery and Escape,
 * like the close button, hands focus back to the gallery.
 */
export function ZoomViewer({ images, index, alt, messages, onIndex, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [actualSize, setActualSize] = useState(false);
  // The dialog opens once; this lets its close listener call the latest onClose.
  const latest = useRef(onClose);
  useLayoutEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Escape closes a modal dialog by itself; the close button closes it the same way.
    const closed = () => latest.current();
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
    };
  }, []);

  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const step = (by: number) => {
    onIndex((index + by + images.length) % images.length);
    setActualSize(false);
  };
  const onKey = (event: KeyboardEvent) => {
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by || !many) return;
    event.preventDefault();
    step(by);
  };

  return (
    <dialog ref={ref} className={styles.viewer} aria-label={alt} onKeyDown={onKey}>
      <div className={styles.bar}>
        {many && <span className={styles.position}>{messages.position.replace('{{n}}', String(index + 1)).replace('{{total}}', String(images.length))}</span>}
        <button type="button" className={`btn btn-secondary ${styles.tool}`} aria-pressed={actualSize} onClick={() => setActualSize((on) => !on)}>
          {actualSize ? messages.fitScreen : messages.actualSize}
        </button>
        <button type="button" className={`btn btn-secondary ${styles.tool}`} aria-label={messages.close} onClick={() => ref.current?.close()} data-autofocus>
          <StrokeIcon size={20} strokeWidth={2} d="M6 6l12 12M18 6 6 18" />
        </button>
      </div>
      <div className={styles.canvas} data-actual-size={actualSize ? '' : undefined} onClick={(event) => (event.target as Element).closest('img') && setActualSize((on) => !on)}>
        {/* Sized at its own width (Picture's default), so "actual size" shows the preset's pixels, not a 2x fit. */}
        <Picture key={image.zoom.src} image={image.zoom} alt={alt} loading="eager" className={styles.picture} />
      </div>
      {many && (
        <>
          <button type="button" className={`btn btn-secondary ${styles.step} ${styles.previous}`} aria-label={messages.previous} onClick={() => step(-1)}>
            <StrokeIcon size={22} strokeWidth={2} d="M15 5l-7 7 7 7" />
          </button>
          <button type="button" className={`btn btn-secondary ${styles.step} ${styles.next}`} aria-label={messages.next} onClick={() => step(1)}>
            <StrokeIcon size={22} strokeWidth={2} d="M9 5l7 7-7 7" />
          </button>
        </>
      )}
    </dialog>
  );
}
