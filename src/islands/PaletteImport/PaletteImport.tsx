import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { errorText } from '../../lib/api/client';
import { paletteImportApi } from '../../lib/api/palette-import';
import { gradientPath, PROPRIETARY_BOOK_TYPES } from '../../lib/contracts/color-library-rules';
import type { PaletteImportReport, PaletteSummary } from '../../lib/contracts/palette-import';
import { PALETTE_FILE_ACCEPT, PALETTE_NAME_MAX } from '../../lib/contracts/palette-import-rules';
import { formatTime } from '../../lib/format-time';
import { createClientT, type ClientT, type Dict } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { FieldError, FormError, formStyles, LiveStatus, SelectField, serverErrors, TextField, useFieldAria, type FormErrors } from '../shared/forms';
import { useHydrated } from '../shared/useHydrated';
import styles from './PaletteImport.module.css';

interface Props {
  /** The `paletteImport`, `colorSearch.swatch` (family names) and `errors` slices of the page language's messages. */
  messages: Dict;
  /** The imported books as the page found them; the island keeps the list current after each change. */
  books: PaletteSummary[];
  /** The page's language and time offset, so dates read as the server wrote them. */
  lang: string;
  offset: string;
}

type Choice = (typeof PROPRIETARY_BOOK_TYPES)[number] | 'other';
type Field = 'key' | 'nameCn' | 'nameEn' | 'file';
const FIELDS: readonly Field[] = ['key', 'nameCn', 'nameEn', 'file'];

/**
 * The administrator's import of a book of colors (/admin/color-books): choose the book, name it, pick an ASE or
 * CSV file, preview what would land and what would not, then import; below, the imported books with a way to
 * remove one. Every change clears the report, so what is shown always belongs to the form as it stands.
 */
export default function PaletteImport({ messages, books: initialBooks, lang, offset }: Props) {
  const t = createClientT(messages);
  const ready = useHydrated();
  const [choice, setChoice] = useState<Choice>('coloro');
  const [otherKey, setOtherKey] = useState('');
  const [nameCn, setNameCn] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [report, setReport] = useState<PaletteImportReport | null>(null);
  const [books, setBooks] = useState(initialBooks);
  const [listError, setListError] = useState('');
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<PaletteSummary | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  const listHeadingId = useId();

  const key = choice === 'other' ? otherKey.trim().toLowerCase() : choice;
  const edited = <V,>(set: (value: V) => void, field: Field) => (value: V) => {
    set(value);
    setReport(null);
    setStatus('');
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  async function reloadBooks() {
    setListError('');
    try {
      setBooks((await paletteImportApi.list()) ?? []);
    } catch (e) {
      setListError(`${t('paletteImport.list.loadFailed')} ${errorText(t, e)}`);
    }
  }

  async function send(commit: boolean) {
    if (busy) return;
    if (!file) return setErrors({ file: t('paletteImport.form.chooseFile') });
    setBusy(commit ? 'import' : 'preview');
    setErrors({});
    setStatus('');
    try {
      const answer = await paletteImportApi.import({ key, nameCn, nameEn, file, commit });
      setReport(answer ?? null);
      if (commit && answer?.committed) await reloadBooks();
      // The report replaces the form's focus target: reading on from it is what the administrator does next.
      requestAnimationFrame(() => reportRef.current?.focus());
    } catch (e) {
      setReport(null);
      setErrors(serverErrors(e, FIELDS, t));
    }
    setBusy(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(false);
  }

  async function remove(book: PaletteSummary) {
    const answer = await paletteImportApi.remove(book.key);
    setRemoving(null);
    setStatus(t('paletteImport.list.removed', { name: nameOf(book, lang), count: answer?.removed ?? book.count }));
    await reloadBooks();
  }

  return (
    <div className={styles.screen}>
      <section className={`card-surface ${styles.panel} ${styles.card}`} aria-labelledby="palette-import-form">
        <h2 id="palette-import-form">{t('paletteImport.form.heading')}</h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
          <div className={styles.row}>
            <SelectField label={t('paletteImport.form.book')} name="book" value={choice} onValueChange={edited((v: string) => setChoice(v as Choice), 'key')}>
              {PROPRIETARY_BOOK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`paletteImport.form.${type}`)}
                </option>
              ))}
              <option value="other">{t('paletteImport.form.other')}</option>
            </SelectField>
            {choice === 'other' ? (
              <TextField
                label={t('paletteImport.form.key')}
                name="key"
                hint={t('paletteImport.form.keyHint')}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={24}
                required
                value={otherKey}
                onValueChange={edited(setOtherKey, 'key')}
                error={errors.key}
              />
            ) : (
              errors.key && <FormError message={errors.key} />
            )}
          </div>
          <div className={styles.row}>
            <TextField label={t('paletteImport.form.nameCn')} name="nameCn" hint={t('paletteImport.form.nameHint')} maxLength={PALETTE_NAME_MAX} value={nameCn} onValueChange={edited(setNameCn, 'nameCn')} error={errors.nameCn} />
            <TextField label={t('paletteImport.form.nameEn')} name="nameEn" hint={t('paletteImport.form.nameHint')} maxLength={PALETTE_NAME_MAX} value={nameEn} onValueChange={edited(setNameEn, 'nameEn')} error={errors.nameEn} />
          </div>
          <FileField t={t} error={errors.file} onFile={edited(setFile, 'file')} />
          <FormError message={errors.form} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-secondary" disabled={!ready || busy !== null}>
              {busy === 'preview' ? t('paletteImport.form.previewing') : t('paletteImport.form.preview')}
            </button>
            <button type="button" className="btn btn-primary" disabled={!ready || busy !== null} onClick={() => void send(true)}>
              {busy === 'import' ? t('paletteImport.form.importing') : t('paletteImport.form.import')}
            </button>
          </div>
        </form>
        {report && <Report report={report} t={t} lang={lang} reportRef={reportRef} />}
      </section>

      <section className={styles.panel} aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId} tabIndex={-1}>
          {t('paletteImport.list.heading')}
        </h2>
        <LiveStatus message={status} className={formStyles.success} />
        <FormError message={listError} />
        {books.length === 0 ? (
          <p className={styles.muted}>{t('paletteImport.list.empty')}</p>
        ) : (
          <div className="data-table-frame">
            <table className="data-table">
              <caption className="sr-only">{t('paletteImport.list.caption', { count: books.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('paletteImport.list.key')}</th>
                  <th scope="col">{t('paletteImport.list.names')}</th>
                  <th scope="col" className="num">
                    {t('paletteImport.list.count')}
                  </th>
                  <th scope="col">{t('paletteImport.list.updatedAt')}</th>
                  <th scope="col">{t('paletteImport.list.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {books.map((book) => (
                  <tr key={book.key}>
                    <th scope="row">
                      <code>{book.key}</code>
                    </th>
                    <td>
                      <span lang="zh-CN">{book.nameCn}</span>
                      <span className={styles.muted} lang="en">
                        {' '}
                        / {book.nameEn}
                      </span>
                    </td>
                    <td className="num">{book.count}</td>
                    <td>
                      <time dateTime={book.updatedAt}>{formatTime(book.updatedAt, lang, offset)}</time>
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <a href={gradientPath(book.key)} aria-label={t('paletteImport.list.gradientLabel', { name: nameOf(book, lang) })}>
                          {t('paletteImport.list.gradient')}
                        </a>
                        <button type="button" className="btn btn-ghost" disabled={!ready} aria-label={t('paletteImport.list.removeLabel', { name: nameOf(book, lang) })} onClick={() => setRemoving(book)}>
                          {t('paletteImport.list.remove')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {removing && (
        <ConfirmDialog
          title={t('paletteImport.list.removeTitle', { name: nameOf(removing, lang) })}
          text={t('paletteImport.list.removeText', { count: removing.count })}
          confirmLabel={t('paletteImport.list.remove')}
          busyLabel={t('paletteImport.list.removing')}
          cancelLabel={t('paletteImport.list.cancel')}
          onConfirm={() => remove(removing)}
          describeError={(e) => errorText(t, e)}
          onClose={() => setRemoving(null)}
          fallbackFocus={() => document.getElementById(listHeadingId)}
        />
      )}
    </div>
  );
}

const nameOf = (book: { nameCn: string; nameEn: string }, lang: string) => (lang === 'cn' ? book.nameCn : book.nameEn);

/** A file input cannot be a controlled field: the browser owns its value, the island only hears of the choice. */
function FileField({ t, error, onFile }: { t: ClientT; error: string | undefined; onFile: (file: File | null) => void }) {
  const aria = useFieldAria(error, 'hint');
  return (
    <div className={formStyles.field}>
      <label htmlFor={aria.id}>{t('paletteImport.form.file')}</label>
      <input {...aria.control} className={styles.file} type="file" name="file" accept={PALETTE_FILE_ACCEPT} required onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      <p id={`${aria.id}-hint`} className={formStyles.hint}>
        {t('paletteImport.form.fileHint')}
      </p>
      <FieldError id={aria.errorId} error={error} />
    </div>
  );
}

function Report({ report, t, lang, reportRef }: { report: PaletteImportReport; t: ClientT; lang: string; reportRef: RefObject<HTMLElement | null> }) {
  const name = lang === 'cn' ? report.nameCn : report.nameEn;
  const vars = { name, total: report.total, accepted: report.accepted, rejected: report.rejected, created: report.created, updated: report.updated };
  const summary = report.accepted === 0 ? t('paletteImport.report.nothing') : report.committed ? t('paletteImport.report.done', vars) : t('paletteImport.report.summary', vars);
  const rowHead = report.format === 'csv' ? t('paletteImport.report.rowCsv') : t('paletteImport.report.rowAse');
  return (
    <section ref={reportRef} tabIndex={-1} className={styles.report} aria-labelledby="palette-import-report">
      <h3 id="palette-import-report">{report.committed ? t('paletteImport.report.resultHeading') : t('paletteImport.report.previewHeading')}</h3>
      <p role="status" className={report.committed ? formStyles.success : undefined}>
        {summary}
      </p>

      {report.preview.length > 0 && (
        <div className="data-table-frame">
          <table className="data-table">
            <caption className={styles.caption}>{t('paletteImport.report.colorsCaption', { count: report.preview.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('paletteImport.report.swatch')}</th>
                <th scope="col">{t('paletteImport.report.code')}</th>
                <th scope="col">{t('paletteImport.report.name')}</th>
                <th scope="col">{t('paletteImport.report.hex')}</th>
                <th scope="col">{t('paletteImport.report.family')}</th>
              </tr>
            </thead>
            <tbody>
              {report.preview.map((color) => (
                <tr key={color.code}>
                  <td>
                    <svg className={styles.swatch} viewBox="0 0 32 20" aria-hidden="true" focusable="false">
                      <rect x="0.5" y="0.5" width="31" height="19" rx="3" fill={color.hex} />
                    </svg>
                  </td>
                  <th scope="row">{color.code}</th>
                  <td>{color.name}</td>
                  <td>
                    <code>{color.hex}</code>
                  </td>
                  <td>{t(`colorSearch.swatch.${color.family}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {report.errors.length > 0 && (
        <div className="data-table-frame">
          <table className="data-table">
            <caption className={styles.caption}>
              {report.errors.length < report.rejected ? t('paletteImport.report.errorsShown', { shown: report.errors.length, total: report.rejected }) : t('paletteImport.report.errorsCaption')}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {rowHead}
                </th>
                <th scope="col">{t('paletteImport.report.field')}</th>
                <th scope="col">{t('paletteImport.report.problem')}</th>
                <th scope="col">{t('paletteImport.report.value')}</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error, i) => (
                <tr key={`${error.row}-${i}`}>
                  <th scope="row" className="num">
                    {error.row}
                  </th>
                  <td>{error.field ? t(`paletteImport.report.fields.${error.field}`) : '—'}</td>
                  <td>{t(error.message)}</td>
                  <td className={styles.value}>{error.value ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
