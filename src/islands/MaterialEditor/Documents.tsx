import { ATTACHMENT_NAME_MAX, ATTACHMENTS_MAX } from '../../lib/contracts/material-edit-rules';
import type { ClientT } from '../../lib/i18n/client';
import { controlId } from '../../lib/material-editor';
import { formatFileSize } from '../../lib/constants';
import { DOCUMENT_UPLOAD_ACCEPT, extensionOf } from '../../lib/upload/limits';
import { formStyles } from '../shared/forms';
import FileUploader, { type UploadMessages } from '../shared/upload/FileUploader';
import styles from './MaterialEditor.module.css';

/** A document the form holds: the uploaded file and the name buyers will see. */
export type Doc = { relativePath: string; name: string; size: number; mime: string };

/** The name a new document starts with: the file's own name without its extension, cut to the limit. */
export function documentName(fileName: string): string {
  const ext = extensionOf(fileName);
  const base = (ext ? fileName.slice(0, -(ext.length + 1)) : fileName).trim() || fileName.trim();
  return [...base].slice(0, ATTACHMENT_NAME_MAX).join('');
}

interface Props {
  docs: Doc[];
  t: ClientT;
  uploadMessages: UploadMessages;
  errors: (path: string) => string[];
  onChange: (update: (prev: Doc[]) => Doc[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The material's documents (docs/product/material-editor.md#documents): data sheets, test reports, certificates.
 * Each keeps a name buyers see, editable here; the files count toward the form's upload total.
 */
export function Documents({ docs, t, uploadMessages, errors, onChange, onBusyChange }: Props) {
  const id = controlId('attachments');
  const problems = errors('attachments');
  const held = docs.reduce((sum, d) => sum + d.size, 0);
  return (
    <fieldset className={styles.section} id={id} tabIndex={-1} aria-describedby={problems.length ? `${id}-error` : undefined}>
      <legend>{t('editor.documents.legend')}</legend>
      <p className={styles.muted}>{t('editor.documents.hint', { max: ATTACHMENTS_MAX })}</p>
      {docs.length === 0 ? (
        <p className={styles.muted}>{t('editor.documents.empty')}</p>
      ) : (
        <ol className={styles.documentList}>
          {docs.map((doc, i) => {
            const path = `attachments[${i}]`;
            const nameId = controlId(`${path}.name`);
            const nameErrors = [...errors(`${path}.name`), ...errors(`${path}.relativePath`)];
            const length = [...doc.name].length;
            return (
              <li key={`${doc.relativePath}-${i}`} className={styles.documentItem}>
                <div className={formStyles.field}>
                  <label htmlFor={nameId}>{t('editor.documents.name', { n: i + 1 })}</label>
                  <input
                    id={nameId}
                    value={doc.name}
                    maxLength={ATTACHMENT_NAME_MAX}
                    aria-required
                    aria-invalid={nameErrors.length ? true : undefined}
                    aria-describedby={`${nameId}-hint${nameErrors.length ? ` ${nameId}-error` : ''}`}
                    onChange={(e) => {
                      const name = e.target.value;
                      onChange((prev) => prev.map((d, j) => (j === i ? { ...d, name } : d)));
                    }}
                  />
                  <p id={`${nameId}-hint`} className={[formStyles.hint, length > ATTACHMENT_NAME_MAX ? styles.over : ''].join(' ')}>
                    {t('editor.counter', { count: length, max: ATTACHMENT_NAME_MAX })} · {formatFileSize(doc.size)}
                  </p>
                  {nameErrors.length > 0 && (
                    <p id={`${nameId}-error`} className={formStyles.error}>
                      {nameErrors.join(' ')}
                    </p>
                  )}
                </div>
                <button type="button" className={styles.iconButton} aria-label={t('editor.documents.remove', { name: doc.name || String(i + 1) })} onClick={() => onChange((prev) => prev.filter((_, j) => j !== i))}>
                  ×
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <FileUploader
        accept={DOCUMENT_UPLOAD_ACCEPT}
        multiple
        maxFiles={Math.max(0, ATTACHMENTS_MAX - docs.length)}
        disabled={docs.length >= ATTACHMENTS_MAX}
        existingBytes={held}
        label={t('editor.documents.upload')}
        messages={uploadMessages}
        onBusyChange={onBusyChange}
        onUploaded={(file, source) => onChange((prev) => [...prev, { relativePath: file.relativePath, name: documentName(source.name), size: file.size, mime: file.mime }].slice(0, ATTACHMENTS_MAX))}
      />
      {problems.length > 0 && (
        <p id={`${id}-error`} className={styles.error}>
          {problems.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
