import { useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import styles from './ColorPicker.module.css';
import { averageAt, dominantColors, type Dominant, type Pixels } from './dominant-colors';

const PHOTO_NAME = /\.(png|jpe?g|webp)$/i;
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** The photo is shown (and picked from) at most this size; dominant colors are computed on a smaller copy. */
const VIEW = { width: 320, height: 240 };
const SAMPLE = 96;

/**
 * Picking a color from a photo, read in the browser (nothing is uploaded): its dominant colors as buttons, or the
 * average around a clicked point. Used by the color search form and by the color-card book page. `t` reads the
 * `colorSearch` messages under `photo.*`.
 */
export function PhotoColors({ t, chosen, onChoose }: { t: ClientT; chosen: string | null; onChoose: (hex: string) => void }) {
  const [photoError, setPhotoError] = useState('');
  const [dominant, setDominant] = useState<Dominant[]>([]);
  const [hasPhoto, setHasPhoto] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const photoPixels = useRef<Pixels | null>(null);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setDominant([]);
    setPhotoError('');
    setHasPhoto(false);
    if (!file) return;
    // docs/product/catalogue.md#rules: png, jpg, jpeg and webp only, by extension, then by type when the name has none.
    const hasExtension = /\.[^./\\]+$/.test(file.name);
    if (hasExtension ? !PHOTO_NAME.test(file.name) : !PHOTO_TYPES.includes(file.type)) {
      setPhotoError(t('photo.wrongType', { name: file.name }));
      event.target.value = '';
      return;
    }
    try {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, VIEW.width / bitmap.width, VIEW.height / bitmap.height);
      const view = canvas.current!;
      view.width = Math.max(1, Math.round(bitmap.width * scale));
      view.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = view.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(bitmap, 0, 0, view.width, view.height);
      photoPixels.current = context.getImageData(0, 0, view.width, view.height);

      const small = document.createElement('canvas');
      const sampleScale = Math.min(1, SAMPLE / view.width, SAMPLE / view.height);
      small.width = Math.max(1, Math.round(view.width * sampleScale));
      small.height = Math.max(1, Math.round(view.height * sampleScale));
      const smallContext = small.getContext('2d')!;
      smallContext.drawImage(view, 0, 0, small.width, small.height);
      bitmap.close();
      setDominant(dominantColors(smallContext.getImageData(0, 0, small.width, small.height), 5));
      setHasPhoto(true);
    } catch {
      setPhotoError(t('photo.failed'));
    }
  };

  const onCanvasClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const view = canvas.current;
    const pixels = photoPixels.current;
    if (!view || !pixels) return;
    const box = view.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * view.width;
    const y = ((event.clientY - box.top) / box.height) * view.height;
    onChoose(averageAt(pixels, Math.floor(x), Math.floor(y)));
  };

  return (
    <section className={styles.photo} aria-labelledby="color-photo-title">
      <h2 id="color-photo-title" className={styles.legend}>
        {t('photo.title')}
      </h2>
      <label className={styles.field}>
        <span>{t('photo.choose')}</span>
        <input type="file" accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp" onChange={(e) => void onPhoto(e)} aria-describedby="color-photo-hint color-photo-problem" />
      </label>
      <p id="color-photo-hint" className={styles.hint}>
        {t('photo.hint')}
      </p>
      <p id="color-photo-problem" className={styles.problem} role="alert">
        {photoError}
      </p>
      <div className={styles.photoBody} hidden={!hasPhoto}>
        <canvas ref={canvas} className={styles.canvas} onClick={onCanvasClick} role="img" aria-label={t('photo.canvas')} />
        <div>
          <h3 className={styles.legend}>{t('photo.dominant')}</h3>
          <ul className={styles.dominant}>
            {dominant.map((d) => (
              <li key={d.hex}>
                <button type="button" className={styles.dominantButton} aria-pressed={chosen === d.hex} onClick={() => onChoose(d.hex)} aria-label={t('photo.dominantColor', { hex: d.hex, share: Math.round(d.share * 100) })}>
                  <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                    <rect x="0" y="0" width="10" height="10" rx="2" fill={`#${d.hex}`} />
                  </svg>
                  <span>#{d.hex}</span>
                  <small>{Math.round(d.share * 100)}%</small>
                </button>
              </li>
            ))}
          </ul>
          <p className={styles.hint}>{t('photo.pointHint')}</p>
        </div>
      </div>
    </section>
  );
}
