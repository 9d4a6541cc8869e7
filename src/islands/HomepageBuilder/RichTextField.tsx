import { useId, useRef, useState } from 'react';
import { RICH_TEXT_MAX, richTextImageSrc } from '../../lib/contracts/merchant-homepage-rules';
import type { ClientT } from '../../lib/i18n/client';
import type { UploadMessages } from '../shared/upload/FileUploader';
import { ImagePicker, type PickerImage } from './ImagePicker';
import styles from './HomepageBuilder.module.css';

interface Props {
  t: ClientT;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  images: readonly PickerImage[];
  onUploaded: (image: PickerImage) => void;
  uploadMessages: UploadMessages;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

type Edit = (selected: string) => string;
const wrap = (tag: string): Edit => (s) => `<${tag}>${s}</${tag}>`;
const list = (tag: 'ul' | 'ol'): Edit => (s) => {
  const items = s.split(/\n+/).map((line) => line.trim()).filter(Boolean);
  return `<${tag}>${(items.length ? items : ['']).map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
};

/**
 * Rich text as HTML in a text area, with buttons that wrap the selection in the allowed elements; the preview beside
 * the builder shows the result. What is not allowed is removed by the server when the draft is saved
 * (docs/product/merchant-homepage.md#rich-text), so the area then shows what was kept.
 */
export function RichTextField({ t, label, value, onChange, error, images, onUploaded, uploadMessages }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');
  const [linkError, setLinkError] = useState('');
  const [picking, setPicking] = useState(false);

  function apply(edit: Edit) {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const inserted = edit(value.slice(start, end));
    onChange(value.slice(0, start) + inserted + value.slice(end));
    // Keep typing where the new markup ends, once React has written the new value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + inserted.length, start + inserted.length);
    });
  }

  function insertLink() {
    const address = url.trim();
    if (!LINK.test(address)) {
      setLinkError(t('homepage.richText.linkInvalid'));
      return;
    }
    apply((s) => `<a href="${escapeAttribute(address)}">${s || address}</a>`);
    setLinking(false);
    setLinkError('');
  }

  const buttons: [string, Edit][] = [
    ['bold', wrap('strong')],
    ['italic', wrap('em')],
    ['underline', wrap('u')],
    ['strike', wrap('s')],
    ['h2', wrap('h2')],
    ['h3', wrap('h3')],
    ['paragraph', wrap('p')],
    ['ul', list('ul')],
    ['ol', list('ol')],
    ['quote', wrap('blockquote')],
  ];

  return (
    <div className={styles.richText}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div role="toolbar" aria-label={t('homepage.richText.toolbar')} aria-controls={id} className={styles.toolbar}>
        {buttons.map(([key, edit]) => (
          <button key={key} type="button" className={`btn btn-ghost ${styles.small}`} onClick={() => apply(edit)}>
            {t(`homepage.richText.${key}`)}
          </button>
        ))}
        <button type="button" className={`btn btn-ghost ${styles.small}`} aria-expanded={linking} onClick={() => setLinking((o) => !o)}>
          {t('homepage.richText.link')}
        </button>
        <button type="button" className={`btn btn-ghost ${styles.small}`} aria-expanded={picking} onClick={() => setPicking((o) => !o)}>
          {t('homepage.richText.picture')}
        </button>
      </div>
      {linking && (
        <div className={styles.linkRow}>
          <label className={styles.label} htmlFor={`${id}-url`}>
            {t('homepage.richText.linkUrl')}
          </label>
          <input id={`${id}-url`} className={styles.input} type="url" value={url} aria-invalid={linkError ? true : undefined} onChange={(e) => setUrl(e.target.value)} />
          <button type="button" className={`btn btn-secondary ${styles.small}`} onClick={insertLink}>
            {t('homepage.richText.linkInsert')}
          </button>
          <button type="button" className={`btn btn-ghost ${styles.small}`} onClick={() => setLinking(false)}>
            {t('homepage.richText.linkCancel')}
          </button>
          {linkError && <p className={styles.error}>{linkError}</p>}
        </div>
      )}
      {picking && (
        <ImagePicker
          t={t}
          label={label}
          images={images}
          selected={[]}
          max={1}
          uploadMessages={uploadMessages}
          onToggle={(imageId) => {
            apply(() => `<img src="${richTextImageSrc(imageId)}" alt="">`);
            setPicking(false);
          }}
          onUploaded={(image) => {
            onUploaded(image);
            apply(() => `<img src="${richTextImageSrc(image.id)}" alt="">`);
            setPicking(false);
          }}
        />
      )}
      <textarea
        id={id}
        ref={area}
        className={styles.code}
        value={value}
        rows={10}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className={styles.muted}>
        {t('homepage.richText.hint')} {t('homepage.richText.length', { count: value.length, max: RICH_TEXT_MAX })}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
