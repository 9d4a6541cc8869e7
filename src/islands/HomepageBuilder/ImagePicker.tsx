import { useId, useState } from 'react';
import type { ImageRef } from '../../lib/contracts/images';
import type { ClientT } from '../../lib/i18n/client';
import { IMAGE_UPLOAD_ACCEPT } from '../../lib/upload/limits';
import { Picture } from '../shared/Picture';
import FileUploader, { type UploadMessages } from '../shared/upload/FileUploader';
import styles from './HomepageBuilder.module.css';

/** A picture the company may show, as the builder lists it. */
export type PickerImage = { id: number; image: ImageRef };

interface Props {
  t: ClientT;
  /** What the pictures are for (names the uploader). */
  label: string;
  images: readonly PickerImage[];
  selected: readonly number[];
  /** How many may be chosen; one replaces the choice instead of adding to it. */
  max: number;
  onToggle: (id: number) => void;
  /** A new upload: the builder adds it to the company's pictures, and it is chosen at once. */
  onUploaded: (image: PickerImage) => void;
  uploadMessages: UploadMessages;
}

/**
 * The company's pictures to choose from, folded away until asked for, and the uploader for a new one (the same
 * upload flow as every other file, docs/product/uploading.md).
 */
export function ImagePicker({ t, label, images, selected, max, onToggle, onUploaded, uploadMessages }: Props) {
  const [open, setOpen] = useState(false);
  const gridId = useId();
  const full = max > 1 && selected.length >= max;
  return (
    <div className={styles.picker}>
      <button type="button" className={`btn btn-secondary ${styles.small}`} aria-expanded={open} aria-controls={gridId} onClick={() => setOpen((o) => !o)}>
        {open ? t('homepage.pictures.hide') : t('homepage.pictures.choose')}
      </button>
      <div id={gridId} hidden={!open}>
        {max > 1 && <p className={styles.muted}>{t('homepage.pictures.chosen', { count: selected.length, max })}</p>}
        {images.length === 0 ? (
          <p className={styles.muted}>{t('homepage.pictures.none')}</p>
        ) : (
          <ul className={styles.imageGrid}>
            {images.map((img, i) => {
              const chosen = selected.includes(img.id);
              return (
                <li key={img.id}>
                  <button type="button" className={styles.imageChoice} aria-pressed={chosen} aria-label={t('homepage.pictures.pick', { n: i + 1 })} disabled={!chosen && full} onClick={() => onToggle(img.id)}>
                    <Picture image={img.image} alt="" sizes="96px" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <FileUploader
        accept={IMAGE_UPLOAD_ACCEPT}
        maxFiles={1}
        label={`${label}: ${t('homepage.pictures.upload')}`}
        messages={uploadMessages}
        disabled={full}
        onUploaded={(file) => file.image && onUploaded({ id: file.image.id, image: file.image.ref })}
      />
    </div>
  );
}
