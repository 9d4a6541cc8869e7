import { useRef, useState } from 'react';
import type { ImageRef } from '../../lib/contracts/images';
import type { ClientT } from '../../lib/i18n/client';
import { controlId } from '../../lib/material-editor';
import { IMAGE_UPLOAD_ACCEPT } from '../../lib/upload/limits';
import { Picture } from '../shared/Picture';
import FileUploader, { type UploadMessages } from '../shared/upload/FileUploader';
import styles from './MaterialEditor.module.css';

export type Pic = { id: number; ref: ImageRef };

interface Common {
  label: string;
  /** The request field the server names on a refusal (`coverImageId`, `galleryImageIds` …). */
  path: string;
  t: ClientT;
  uploadMessages: UploadMessages;
  errors: (path: string) => string[];
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function Errors({ messages, id }: { messages: string[]; id: string }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className={styles.error}>
      {messages.join(' ')}
    </p>
  );
}

/** One picture slot (cover, hang tag): upload to set or replace it, or remove it. */
export function PictureSlot({ label, path, t, uploadMessages, errors, pic, onChange }: Common & { pic: Pic | null; onChange: (pic: Pic | null) => void }) {
  const id = controlId(path);
  const problems = errors(path);
  return (
    <div className={styles.slot} id={id} tabIndex={-1} role="group" aria-label={label} aria-describedby={problems.length ? `${id}-error` : undefined}>
      <p className={styles.slotLabel}>{label}</p>
      {pic ? (
        <div className={styles.thumb}>
          <Picture image={pic.ref} alt={label} sizes="120px" />
          <button type="button" className="btn btn-ghost" onClick={() => onChange(null)}>
            {t('editor.images.removeOne')}
          </button>
        </div>
      ) : (
        <p className={styles.muted}>{t('editor.images.empty')}</p>
      )}
      <FileUploader accept={IMAGE_UPLOAD_ACCEPT} maxFiles={1} label={label} messages={uploadMessages} onUploaded={(file) => file.image && onChange({ id: file.image.id, ref: file.image.ref })} />
      <Errors messages={problems} id={`${id}-error`} />
    </div>
  );
}

/** An ordered list of pictures: upload several, reorder by dragging or with the move buttons, remove. */
export function PictureList({ label, path, t, uploadMessages, errors, pics, max, hint, onChange }: Common & { pics: Pic[]; max: number; hint?: string; onChange: (update: (prev: Pic[]) => Pic[]) => void }) {
  const id = controlId(path);
  const dragged = useRef<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const buttons = useRef<Map<string, HTMLButtonElement | null>>(new Map());
  const problems = [...errors(path), ...pics.flatMap((_, i) => errors(`${path}[${i}]`).map((m) => `${t('editor.images.picture', { n: i + 1 })}: ${m}`))];

  const reorder = (from: number, to: number, focus?: 'left' | 'right') => {
    if (to < 0 || to >= pics.length) return;
    onChange((prev) => move(prev, from, to));
    setAnnounce(t('editor.images.moved', { n: to + 1 }));
    // Keep the keyboard where it was: on the same button of the moved picture.
    if (focus) requestAnimationFrame(() => (buttons.current.get(`${to}:${focus}`) ?? buttons.current.get(`${to}:${focus === 'left' ? 'right' : 'left'}`))?.focus());
  };

  return (
    <div className={styles.slot} id={id} tabIndex={-1} role="group" aria-label={label} aria-describedby={problems.length ? `${id}-error` : undefined}>
      <p className={styles.slotLabel}>{label}</p>
      {hint && <p className={styles.muted}>{hint}</p>}
      {pics.length === 0 ? (
        <p className={styles.muted}>{t('editor.images.empty')}</p>
      ) : (
        <ol className={styles.pictureList}>
          {pics.map((pic, i) => (
            <li
              key={`${pic.id}-${i}`}
              className={styles.pictureItem}
              draggable
              onDragStart={(e) => {
                dragged.current = i;
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged.current !== null) reorder(dragged.current, i);
                dragged.current = null;
              }}
            >
              <Picture image={pic.ref} alt={t('editor.images.picture', { n: i + 1 })} sizes="96px" />
              <div className={styles.pictureActions}>
                <button type="button" ref={(el) => void buttons.current.set(`${i}:left`, el)} className={styles.iconButton} aria-label={t('editor.images.moveLeft', { n: i + 1 })} disabled={i === 0} onClick={() => reorder(i, i - 1, 'left')}>
                  ←
                </button>
                <button type="button" ref={(el) => void buttons.current.set(`${i}:right`, el)} className={styles.iconButton} aria-label={t('editor.images.moveRight', { n: i + 1 })} disabled={i === pics.length - 1} onClick={() => reorder(i, i + 1, 'right')}>
                  →
                </button>
                <button type="button" className={styles.iconButton} aria-label={t('editor.images.remove', { n: i + 1 })} onClick={() => onChange((prev) => prev.filter((_, j) => j !== i))}>
                  ×
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <FileUploader
        accept={IMAGE_UPLOAD_ACCEPT}
        multiple
        maxFiles={Math.max(0, max - pics.length)}
        disabled={pics.length >= max}
        label={t('editor.images.upload')}
        messages={uploadMessages}
        onUploaded={(file) => {
          const image = file.image;
          if (image) onChange((prev) => [...prev, { id: image.id, ref: image.ref }].slice(0, max));
        }}
      />
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <Errors messages={problems} id={`${id}-error`} />
    </div>
  );
}
